// The import loop: walk the paths, sniff each file's kind, stream it through its parser (or
// walk its members when it is an archive), and commit the records in batches.
#include "sync/importer.h"

#include <algorithm>
#include <memory>

#include <fmt/core.h>

#include "gpq/error.h"

#include "core/stop_request.h"
#include "storage/database.h"
#include "storage/sync_runs.h"
#include "storage/writer.h"
#include "sync/archive_import.h"
#include "sync/batching_sink.h"
#include "sync/change_noticer.h"
#include "sync/input.h"
#include "sync/parse/parsers.h"

namespace gpq::sync {
namespace {

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
  return {s.sets_added,      s.sets_updated,    s.sets_unchanged,
          s.records_skipped, s.catalog_records, s.bytes};
}

// run_error()'s short reason, for GET /status: how many, not which or why.
std::string problem_reason(const ImportSummary& summary) {
  return fmt::format("{} file(s) or archive member(s) not read",
                     summary.failed_files.size() + summary.refused_members.size());
}

// Explicitly named files of unknown kind are refused before anything is written.
void refuse_unreadable_named_files(const std::vector<PlannedFile>& files) {
  for (const PlannedFile& file : files) {
    if (!file.named_explicitly) {
      continue;
    }
    PeekedStream in(open_file(file.path));
    if (const std::string_view wide = wide_text_encoding(in.head()); !wide.empty()) {
      fail(Errc::bad_request,
           "{}: {} text; gpq reads UTF-8 (convert it first: iconv -f {} -t UTF-8)",
           file.path.string(), wide, wide);
    }
    // A download cut off before its first byte (curl -o after a failure) is named so.
    if (in.head().size() < PeekedStream::kDefaultPeekBytes && is_blank(in.head())) {
      fail(Errc::bad_request, "{}: the file is empty (or blank): nothing to import",
           file.path.string());
    }
    if (detect_kind(in.head()) == FileKind::unknown) {
      fail(Errc::bad_request,
           "{}: not a recognised format (expected TLE/3LE text, OMM JSON/CSV/XML/KVN, "
           "SATCAT CSV/JSON, or a zip or tar archive of them)",
           file.path.string());
    }
  }
}

// One file, or every member of one archive, written whole before the next.
void import_file(const std::filesystem::path& path, ImportContext& context, BatchingSink& sink) {
  ImportSummary& summary = context.summary;
  PeekedStream in(open_file(path));
  const FileKind kind = detect_kind(in.head());
  if (kind == FileKind::unknown) {
    summary.unknown_files.push_back(path.string());
    return;
  }
  if (is_archive(kind)) {
    const ArchiveOutcome outcome = import_archive(context, path, in, kind);
    sink.flush();
    sink.wait();
    summary.bytes += outcome.bytes;
    summary.files_imported += outcome.complete ? 1 : 0;
    return;
  }
  parse_detected(kind, in, context.parse, sink);
  sink.flush();
  sink.wait();
  summary.bytes += in.bytes_consumed();
  ++summary.files_imported;
}

}  // namespace

std::string run_error(const ImportSummary& summary) {
  const std::size_t problems = summary.failed_files.size() + summary.refused_members.size();
  if (problems == 0) {
    return {};
  }
  const std::string& first =
      summary.failed_files.empty() ? summary.refused_members.front() : summary.failed_files.front();
  return problems == 1 ? first : fmt::format("{} (and {} more)", first, problems - 1);
}

Importer::Importer(storage::Database& db, ImportOptions options)
    : db_(db), options_(std::move(options)) {}

ImportSummary Importer::run(std::span<const std::filesystem::path> paths,
                            const ImportProgress& progress) {
  const std::vector<PlannedFile> files = plan(paths);
  refuse_unreadable_named_files(files);

  storage::SyncRuns runs(db_);
  const TimePoint started = system_now();
  const std::int64_t run_id = runs.start_run("file", started, options_.published_at);
  storage::Writer writer(db_);
  ImportSummary summary;
  BatchingSink sink(writer, run_id, options_, summary, progress);
  const ParseOptions parse_options{options_.forced_source, started};
  ImportContext context{sink, summary, parse_options};
  try {
    for (const PlannedFile& file : files) {
      process_stop_request().throw_if_requested();
      sink.start_file(file.path.string());
      try {
        import_file(file.path, context, sink);
      } catch (const Error& e) {
        if (e.code() != Errc::bad_request) {
          throw;
        }
        sink.flush();  // the records read before the damage are whole and valid
        sink.wait();
        summary.failed_files.push_back(e.what());
      }
    }
    sink.flush();
    sink.wait();
    ChangeNoticer(db_).notice(system_now());
  } catch (const std::exception& e) {
    try {
      sink.wait();  // the connection must be idle before the run record is written
    } catch (const std::exception&) {
      // the first failure is the one to report
    }
    const auto* error = dynamic_cast<const Error*>(&e);
    const bool interrupted = error != nullptr && error->code() == Errc::interrupted;
    runs.finish_run(run_id,
                    interrupted ? storage::RunOutcome::interrupted : storage::RunOutcome::failed,
                    summary_counts(summary), e.what(), std::nullopt,
                    interrupted ? "interrupted" : "import failed");
    throw;
  }
  const std::string problems = run_error(summary);
  runs.finish_run(run_id, problems.empty() ? storage::RunOutcome::ok : storage::RunOutcome::partial,
                  summary_counts(summary), problems, std::nullopt,
                  problems.empty() ? std::string() : problem_reason(summary));
  return summary;
}

}  // namespace gpq::sync
