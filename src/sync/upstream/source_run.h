// One source's part of a `gpq sync`: its run record, what its resources did, and the writes
// of what they brought, each resource written whole in its own transactions.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "gpq/time.h"

#include "storage/sync_runs.h"
#include "sync/change_noticer.h"
#include "sync/upstream/failure.h"
#include "sync/upstream/parsed_body.h"

namespace gpq::storage {
class Database;
class Writer;
}  // namespace gpq::storage

namespace gpq::sync {

// What happened to one resource in a run.
enum class ResourceOutcome : std::uint8_t { downloaded, not_modified, fresh, failed };

struct SourceReport {
  std::string source;
  std::uint64_t downloaded = 0;    // 200 answers, parsed and written
  std::uint64_t not_modified = 0;  // 304, or CelesTrak's 403 "has not updated"
  std::uint64_t fresh = 0;         // not asked: asked too recently (see --force)
  std::uint64_t failed = 0;
  std::vector<std::string> errors;  // one line per failed resource
  storage::RunCounts counts;
  storage::RunOutcome outcome = storage::RunOutcome::ok;
};

// Reports a resource as it finishes: source, resource name, outcome, message.
using ResourceProgress =
    std::function<void(const SourceReport&, const std::string& resource, ResourceOutcome)>;

class SourceRun {
 public:
  // Records a run of `source` as running.
  SourceRun(storage::Database& db, std::string source, ResourceProgress progress);
  ~SourceRun();
  SourceRun(const SourceRun&) = delete;
  SourceRun& operator=(const SourceRun&) = delete;
  SourceRun(SourceRun&&) = delete;
  SourceRun& operator=(SourceRun&&) = delete;

  TimePoint started() const { return started_; }

  // Writes what a resource brought (in transactions of at most 200,000 sets), counts it, and
  // records the changes it made (change_noticer.h).
  void write(const std::string& resource, const ParsedBody& body, std::uint64_t bytes);
  // Makes `norad_ids` the members of `group`.
  void write_group(std::string_view group, std::span<const std::int32_t> norad_ids);
  void not_modified(const std::string& resource);
  void fresh(const std::string& resource);
  void failed(const std::string& resource, const Failure& failure);

  // Records the run's end: ok, partial (some resources failed) or failed (all of them, or
  // `fatal` is given: a failure that stopped the source, such as a refused login). The record
  // keeps every message and the distinct reasons, in order.
  SourceReport finish(const Failure& fatal = {});

 private:
  storage::Database& db_;
  ResourceProgress progress_;
  SourceReport report_;
  std::vector<std::string> reasons_;  // distinct, in the order they came
  TimePoint started_;
  std::int64_t run_id_ = 0;
  std::unique_ptr<storage::Writer> writer_;
  ChangeNoticer noticer_;  // tells what each resource's writes changed
  bool finished_ = false;
};

}  // namespace gpq::sync
