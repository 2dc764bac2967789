// `gpq sync --from PATH...`: imports local files of any supported kind, archives included,
// into the mirror in batches, each batch one transaction, and reports what it did.
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
  // --published-at: when the files' sets were published, for those without CREATION_DATE
  // (snapshots collected earlier than now); none means the run's start.
  std::optional<TimePoint> published_at;
};

struct SkippedRecord {
  std::string file;  // a path, or "archive:member" inside an archive
  std::uint64_t line = 0;
  std::string reason;
};

struct ImportSummary {
  std::uint64_t files_imported = 0;    // files on disk read to their end, archives included
  std::uint64_t members_imported = 0;  // archive members read through a parser
  std::uint64_t sets_read = 0;
  std::uint64_t sets_added = 0;
  std::uint64_t sets_updated = 0;
  std::uint64_t sets_unchanged = 0;
  std::uint64_t records_skipped = 0;
  std::uint64_t catalog_records = 0;
  std::uint64_t bytes = 0;
  std::vector<SkippedRecord> skips;        // the first max_reported_skips (or all)
  std::vector<std::string> unknown_files;  // files in directories and archive members whose
                                           // kind is unknown
  // "name: reason" for files and archive members that could not be read completely (damaged
  // compression, a damaged or cut archive)
  std::vector<std::string> failed_files;
  // "archive:member: refused: reason" for members not read by rule (archive_rules.h): links,
  // special files, names leaving the archive, nesting too deep, a decompression bomb
  std::vector<std::string> refused_members;
  std::string current;  // the file or archive member being read (for progress)
};

// For the run record: the first problem of `summary` and how many more there were; empty
// when there was none.
std::string run_error(const ImportSummary& summary);

// Called after every committed batch, for progress display.
using ImportProgress = std::function<void(const ImportSummary&)>;

class Importer {
 public:
  // `db` must be open read-write and outlive the importer.
  Importer(storage::Database& db, ImportOptions options);

  // Imports every path: files directly, directories recursively in byte order of the relative
  // path, archives member by member (archive_import.h). Throws Error{bad_request} before
  // writing anything when a path does not exist or a file named explicitly is of unknown kind.
  // A file or member that turns out unreadable part-way (corrupt compression, a damaged
  // archive) keeps the sets read before the damage and is listed in failed_files; a refused
  // member is listed in refused_members. Either makes the run `partial`.
  ImportSummary run(std::span<const std::filesystem::path> paths,
                    const ImportProgress& progress = {});

 private:
  storage::Database& db_;
  ImportOptions options_;
};

}  // namespace gpq::sync
