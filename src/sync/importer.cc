// The import loop: walk the paths, sniff each file's kind, stream it through
// its parser, and commit the records in batches.
#include "sync/importer.h"

#include <algorithm>
#include <cstring>
#include <future>
#include <memory>

#include "gpq/error.h"
#include "storage/database.h"
#include "storage/sync_runs.h"
#include "storage/writer.h"
#include "sync/input.h"
#include "sync/parse/parsers.h"

namespace gpq::sync {
namespace {

constexpr std::size_t kPeekBytes = 64 * 1024;

// Replays the bytes read for sniffing, then continues with the underlying stream.
class PeekedStream final : public ByteStream {
 public:
  explicit PeekedStream(std::unique_ptr<ByteStream> inner) : inner_(std::move(inner)) {
    head_.resize(kPeekBytes);
    std::size_t filled = 0;
    while (filled < head_.size()) {
      const std::size_t got = inner_->read(head_.data() + filled, head_.size() - filled);
      if (got == 0) {
        break;
      }
      filled += got;
    }
    head_.resize(filled);
  }

  std::string_view head() const { return head_; }

  std::size_t read(char* buffer, std::size_t capacity) override {
    if (offset_ < head_.size()) {
      const std::size_t n = std::min(capacity, head_.size() - offset_);
      std::memcpy(buffer, head_.data() + offset_, n);
      offset_ += n;
      return n;
    }
    return inner_->read(buffer, capacity);
  }
  std::uint64_t bytes_consumed() const override { return inner_->bytes_consumed(); }

 private:
  std::unique_ptr<ByteStream> inner_;
  std::string head_;
  std::size_t offset_ = 0;
};

// Collects parsed records and commits them in batches of options.batch_size sets.
class BatchingSink final : public RecordSink {
 public:
  BatchingSink(storage::Writer& writer, std::int64_t run_id, const ImportOptions& options,
               ImportSummary& summary, const ImportProgress& progress)
      : writer_(writer),
        run_id_(run_id),
        options_(options),
        summary_(summary),
        progress_(progress) {
    sets_.reserve(options.batch_size);
  }

  void start_file(std::string name) { file_ = std::move(name); }

  void element_set(ElementSet&& set) override {
    ++summary_.sets_read;
    sets_.push_back(std::move(set));
    if (sets_.size() >= options_.batch_size) {
      flush();
    }
  }

  void catalog_record(CatalogRecord&& record) override {
    records_.push_back(std::move(record));
    if (records_.size() >= options_.batch_size) {
      flush();
    }
  }

  void skip(std::uint64_t line, std::string reason) override {
    ++summary_.records_skipped;
    if (options_.max_reported_skips == 0 || summary_.skips.size() < options_.max_reported_skips) {
      summary_.skips.push_back({file_, line, std::move(reason)});
    }
  }

  // Hands the batch to the writing thread and goes on parsing; at most one batch is in
  // flight, so parsing and writing overlap on the two cores.
  void flush() {
    wait();
    if (sets_.empty() && records_.empty()) {
      return;
    }
    writing_sets_.swap(sets_);
    writing_records_.swap(records_);
    sets_.clear();
    records_.clear();
    in_flight_ = std::async(std::launch::async, [this] {
      return writer_.write_batch(writing_sets_, writing_records_, run_id_);
    });
  }

  // Waits for the batch in flight; rethrows what its transaction threw.
  void wait() {
    if (!in_flight_.valid()) {
      return;
    }
    const storage::WriteCounts counts = in_flight_.get();
    summary_.sets_added += counts.added;
    summary_.sets_updated += counts.updated;
    summary_.sets_unchanged += counts.unchanged;
    summary_.catalog_records += writing_records_.size();
    if (progress_) {
      progress_(summary_);
    }
  }

  ~BatchingSink() override {
    if (in_flight_.valid()) {
      in_flight_.wait();  // never leave the writing thread running past the writer
    }
  }
  BatchingSink(const BatchingSink&) = delete;
  BatchingSink& operator=(const BatchingSink&) = delete;
  BatchingSink(BatchingSink&&) = delete;
  BatchingSink& operator=(BatchingSink&&) = delete;

 private:
  storage::Writer& writer_;
  std::int64_t run_id_;
  const ImportOptions& options_;
  ImportSummary& summary_;
  const ImportProgress& progress_;
  std::string file_;
  std::vector<ElementSet> sets_;
  std::vector<CatalogRecord> records_;
  std::vector<ElementSet> writing_sets_;
  std::vector<CatalogRecord> writing_records_;
  std::future<storage::WriteCounts> in_flight_;
};

struct PlannedFile {
  std::filesystem::path path;
  bool named_explicitly = false;
};

std::vector<PlannedFile> plan(std::span<const std::filesystem::path> paths) {
  std::vector<PlannedFile> files;
  for (const std::filesystem::path& path : paths) {
    std::error_code error;
    const auto status = std::filesystem::status(path, error);
    if (error || !std::filesystem::exists(status)) {
      fail(Errc::bad_request, "{}: no such file or directory", path.string());
    }
    if (!std::filesystem::is_directory(status)) {
      files.push_back({path, true});
      continue;
    }
    std::vector<std::filesystem::path> found;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(
             path, std::filesystem::directory_options::skip_permission_denied)) {
      if (entry.is_regular_file()) {
        found.push_back(entry.path());
      }
    }
    std::sort(found.begin(), found.end(), [&](const auto& a, const auto& b) {
      return a.lexically_relative(path).string() < b.lexically_relative(path).string();
    });
    for (auto& file : found) {
      files.push_back({std::move(file), false});
    }
  }
  return files;
}

storage::RunCounts summary_counts(const ImportSummary& s) {
  return {s.sets_added, s.sets_updated, s.sets_unchanged, s.records_skipped, s.catalog_records,
          s.bytes};
}

}  // namespace

Importer::Importer(storage::Database& db, ImportOptions options)
    : db_(db), options_(std::move(options)) {}

ImportSummary Importer::run(std::span<const std::filesystem::path> paths,
                            const ImportProgress& progress) {
  const std::vector<PlannedFile> files = plan(paths);
  // Refuse explicitly named files of unknown kind before anything is written.
  for (const PlannedFile& file : files) {
    if (file.named_explicitly) {
      PeekedStream in(open_file(file.path));
      if (detect_kind(in.head()) == FileKind::unknown) {
        fail(Errc::bad_request,
             "{}: not a recognised format (expected TLE/3LE text, OMM JSON/CSV/XML/KVN or "
             "SATCAT CSV/JSON)",
             file.path.string());
      }
    }
  }

  storage::SyncRuns runs(db_);
  const TimePoint started = system_now();
  const std::int64_t run_id = runs.start_run("file", started);
  storage::Writer writer(db_);
  ImportSummary summary;
  BatchingSink sink(writer, run_id, options_, summary, progress);
  const ParseOptions parse_options{options_.forced_source, started};
  try {
    for (const PlannedFile& file : files) {
      sink.start_file(file.path.string());
      try {
        PeekedStream in(open_file(file.path));
        const FileKind kind = detect_kind(in.head());
        if (kind == FileKind::unknown) {
          summary.unknown_files.push_back(file.path.string());
          continue;
        }
        parse_detected(kind, in, parse_options, sink);
        sink.flush();
        sink.wait();
        summary.bytes += in.bytes_consumed();
        ++summary.files_imported;
      } catch (const Error& e) {
        if (e.code() != Errc::bad_request) {
          throw;
        }
        sink.flush();  // the records read before the damage are whole and valid
        sink.wait();
        summary.failed_files.push_back(e.what());
      }
    }
  } catch (const std::exception& e) {
    try {
      sink.wait();  // the connection must be idle before the run record is written
    } catch (const std::exception&) {
      // the first failure is the one to report
    }
    runs.finish_run(run_id, storage::RunOutcome::failed, summary_counts(summary), e.what());
    throw;
  }
  const bool partial = !summary.failed_files.empty();
  runs.finish_run(run_id, partial ? storage::RunOutcome::partial : storage::RunOutcome::ok,
                  summary_counts(summary),
                  partial ? summary.failed_files.front() : std::string());
  return summary;
}

}  // namespace gpq::sync
