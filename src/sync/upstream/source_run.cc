#include "sync/upstream/source_run.h"

#include <algorithm>

#include <fmt/core.h>
#include <fmt/ranges.h>

#include "gpq/time.h"

#include "core/stop_request.h"
#include "storage/writer.h"

namespace gpq::sync {
namespace {

constexpr std::size_t kBatchSets = 200'000;

// Adds `reason` to `reasons` unless it is there already.
void add_reason(std::vector<std::string>& reasons, const std::string& reason, bool first) {
  if (std::find(reasons.begin(), reasons.end(), reason) == reasons.end()) {
    reasons.insert(first ? reasons.begin() : reasons.end(), reason);
  }
}

}  // namespace

SourceRun::SourceRun(storage::Database& db, std::string source, ResourceProgress progress)
    : db_(db), progress_(std::move(progress)), started_(system_now()), noticer_(db) {
  report_.source = std::move(source);
  run_id_ = storage::SyncRuns(db_).start_run(report_.source, started_);
  writer_ = std::make_unique<storage::Writer>(db_);
}

SourceRun::~SourceRun() {
  if (!finished_) {
    try {
      finish(
          process_stop_request().requested()
              ? Failure{"interrupted: the sync stopped before this source was done", "interrupted"}
              : Failure{"the sync stopped before this source was done", "stopped"});
    } catch (const std::exception&) {
      // the run stays "running" until the next sync records it as interrupted
    }
  }
}

void SourceRun::write(const std::string& resource, const ParsedBody& body, std::uint64_t bytes) {
  const std::span<const ElementSet> sets(body.sets);
  std::size_t offset = 0;
  bool catalog_written = false;
  while (offset < sets.size() || !catalog_written) {
    const std::size_t count = std::min(kBatchSets, sets.size() - offset);
    const std::span<const CatalogRecord> records =
        catalog_written ? std::span<const CatalogRecord>()
                        : std::span<const CatalogRecord>(body.records);
    const storage::WriteCounts counts =
        writer_->write_batch(sets.subspan(offset, count), records, run_id_);
    catalog_written = true;
    offset += count;
    report_.counts.sets_added += counts.added;
    report_.counts.sets_updated += counts.updated;
    report_.counts.sets_unchanged += counts.unchanged;
    report_.counts.catalog_records += counts.catalog_changed;
  }
  noticer_.notice(system_now());
  report_.counts.sets_skipped += body.skipped;
  report_.counts.bytes += bytes;
  ++report_.downloaded;
  if (progress_) {
    progress_(report_, resource, ResourceOutcome::downloaded);
  }
}

void SourceRun::write_group(std::string_view group, std::span<const std::int32_t> norad_ids) {
  writer_->replace_group_members(group, norad_ids, started_);
}

void SourceRun::not_modified(const std::string& resource) {
  ++report_.not_modified;
  if (progress_) {
    progress_(report_, resource, ResourceOutcome::not_modified);
  }
}

void SourceRun::fresh(const std::string& resource) {
  ++report_.fresh;
  if (progress_) {
    progress_(report_, resource, ResourceOutcome::fresh);
  }
}

void SourceRun::failed(const std::string& resource, const Failure& failure) {
  ++report_.failed;
  report_.errors.push_back(failure.message);
  add_reason(reasons_, failure.reason, false);
  if (progress_) {
    progress_(report_, resource, ResourceOutcome::failed);
  }
}

SourceReport SourceRun::finish(const Failure& fatal) {
  finished_ = true;
  writer_.reset();  // its log copy finishes before the run is recorded
  if (!fatal.empty()) {
    report_.errors.insert(report_.errors.begin(), fatal.message);
    add_reason(reasons_, fatal.reason, true);
  }
  const bool any_good = report_.downloaded + report_.not_modified + report_.fresh > 0;
  report_.outcome = process_stop_request().requested() ? storage::RunOutcome::interrupted
                    : !fatal.empty() || (report_.failed > 0 && !any_good)
                        ? storage::RunOutcome::failed
                    : report_.failed > 0 ? storage::RunOutcome::partial
                                         : storage::RunOutcome::ok;
  storage::SyncRuns(db_).finish_run(run_id_, report_.outcome, report_.counts,
                                    fmt::format("{}", fmt::join(report_.errors, "; ")),
                                    std::nullopt, fmt::format("{}", fmt::join(reasons_, "; ")));
  return report_;
}

}  // namespace gpq::sync
