// The record of every sync run: when it ran, what it wrote, how it ended. Element sets
// point at the run that wrote them, whose start time is their _collected_at.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gpq/time.h"

namespace gpq::storage {

class Database;

enum class RunOutcome : std::uint8_t { running, ok, failed, partial, interrupted };
std::string_view to_string(RunOutcome outcome) noexcept;  // "running", "ok", ...

struct RunCounts {
  std::uint64_t sets_added = 0;
  std::uint64_t sets_updated = 0;
  std::uint64_t sets_unchanged = 0;
  std::uint64_t sets_skipped = 0;  // malformed records
  std::uint64_t catalog_records = 0;
  std::uint64_t bytes = 0;  // read from files or upstreams
};

struct SyncRun {
  std::int64_t id = 0;
  std::string source;  // as given to start_run: "file", "celestrak", "spacetrack", ...
  TimePoint started;
  std::optional<TimePoint> ended;  // none while running (or when the process died)
  RunCounts counts;
  RunOutcome outcome = RunOutcome::running;
  std::string error;   // empty unless failed or partial
  std::string reason;  // the error's short reason, for GET /status (query.h's SourceSync)
  // When the sets it collected were published, where that is not its start
  // (`gpq sync --from --published-at`).
  std::optional<TimePoint> published;
};

// Each call is one short transaction of its own. Not thread-safe. Throws Error{internal}
// on database failure.
class SyncRuns {
 public:
  // `db` must outlive this object; read_only databases allow only the list/last queries.
  explicit SyncRuns(Database& db) : db_(db) {}

  // Records a run as `running`; returns its id (> 0), which write_batch() takes. The caller
  // holds the sync lock (storage/sync_lock.h): runs still `running` then belong to a process
  // that ended without finishing them, and become `interrupted` first. `published`: when the
  // sets it collects were published, if not at `started` (their publication time where they
  // carry no CREATION_DATE).
  std::int64_t start_run(std::string_view source, TimePoint started,
                         std::optional<TimePoint> published = std::nullopt);

  // Records how run `id` ended, with the error's full text and its short reason; `ended`
  // defaults to now.
  void finish_run(std::int64_t id, RunOutcome outcome, const RunCounts& counts,
                  std::string_view error = {}, std::optional<TimePoint> ended = std::nullopt,
                  std::string_view reason = {});

  // The newest `limit` runs, newest first.
  std::vector<SyncRun> list_runs(std::int64_t limit) const;

  // The newest run of `source` whose outcome is ok.
  std::optional<SyncRun> last_successful_run(std::string_view source) const;

 private:
  Database& db_;
};

}  // namespace gpq::storage
