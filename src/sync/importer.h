// `gpq sync --from PATH...`: imports local files of any supported kind into the
// mirror in batches, each batch one transaction, and reports what it did.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "gpq/element_set.h"
#include "sync/detect.h"

namespace gpq::storage {
class Database;
}

namespace gpq::sync {

struct ImportOptions {
  std::optional<DataSource> forced_source;  // --source
  std::size_t batch_size = 200'000;         // sets per transaction
  std::size_t max_reported_skips = 20;      // 0 keeps every skipped record (--verbose)
};

struct SkippedRecord {
  std::string file;
  std::uint64_t line = 0;
  std::string reason;
};

struct ImportSummary {
  std::uint64_t files_imported = 0;
  std::uint64_t sets_read = 0;
  std::uint64_t sets_added = 0;
  std::uint64_t sets_updated = 0;
  std::uint64_t sets_unchanged = 0;
  std::uint64_t records_skipped = 0;
  std::uint64_t catalog_records = 0;
  std::uint64_t bytes = 0;
  std::vector<SkippedRecord> skips;        // the first max_reported_skips (or all)
  std::vector<std::string> unknown_files;  // files in directories whose kind is unknown
  std::vector<std::string> failed_files;   // "path: reason" for files that could not be read
};

// Called after every committed batch, for progress display.
using ImportProgress = std::function<void(const ImportSummary&)>;

class Importer {
 public:
  // `db` must be open read-write and outlive the importer.
  Importer(storage::Database& db, ImportOptions options);

  // Imports every path: files directly, directories recursively in byte order of the relative
  // path. Throws Error{bad_request} before writing anything when a path does not exist or a
  // file named explicitly is of unknown kind. A file that turns out unreadable part-way (corrupt
  // compression) keeps the batches already committed and is listed in failed_files.
  ImportSummary run(std::span<const std::filesystem::path> paths,
                    const ImportProgress& progress = {});

 private:
  storage::Database& db_;
  ImportOptions options_;
};

}  // namespace gpq::sync
