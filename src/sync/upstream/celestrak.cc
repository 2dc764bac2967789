#include "sync/upstream/celestrak.h"

#include <fmt/core.h>

#include "gpq/error.h"
#include "gpq/request.h"
#include "gpq/time.h"

#include "storage/sync_resources.h"
#include "storage/upstream_requests.h"
#include "sync/upstream/http_session.h"
#include "sync/upstream/retry.h"

namespace gpq::sync {
namespace {

struct Resource {
  std::string name;    // as recorded and reported
  std::string target;  // path and query
  std::string group;   // empty for the SATCAT
};

std::vector<Resource> resources() {
  std::vector<Resource> list;
  for (const std::string_view group : kGroups) {
    const std::string name(group);
    list.push_back({"GROUP=" + name, "/NORAD/elements/gp.php?GROUP=" + name + "&FORMAT=csv", name});
  }
  list.push_back({"SATCAT", "/pub/satcat.csv", {}});
  return list;
}

// A plain 403 is CelesTrak refusing this client: it is left alone for a day.
constexpr std::chrono::hours kForbiddenPause{24};

// CelesTrak's way of saying "not modified" (docs/DECISIONS.md "Sync").
bool says_not_updated(const HttpAnswer& answer) {
  return answer.status == 403 && answer.body.find("has not updated") != std::string::npos;
}

std::int64_t micros(std::chrono::minutes span) {
  return std::chrono::duration_cast<std::chrono::microseconds>(span).count();
}

// The source's run when a refusal paused it: nothing is asked, and no run is recorded, so
// that `gpq status` keeps the run that was refused and its reason.
SourceReport paused(TimePoint until) {
  SourceReport report;
  report.source = "celestrak";
  report.outcome = storage::RunOutcome::failed;
  report.errors.push_back(fmt::format(
      "celestrak: not asked before {}: it refused a request (see gpq status; --force asks anyway)",
      format_iso8601_millis(until)));
  return report;
}

// Asks once, and again after transport failures only (CelesTrak must never be hammered).
HttpAnswer ask(HttpSession& session, const Resource& resource, const storage::ResourceState& state,
               int retries) {
  HeaderList headers;
  if (!state.etag.empty()) {
    headers.emplace_back("If-None-Match", state.etag);
  }
  if (!state.last_modified.empty()) {
    headers.emplace_back("If-Modified-Since", state.last_modified);
  }
  HttpAnswer answer = session.get(resource.target, headers);
  for (int attempt = 1; attempt <= retries && answer.transport_failed(); ++attempt) {
    sleep_for(backoff_delay(attempt));
    answer = session.get(resource.target, headers);
  }
  return answer;
}

// A 200's records, and a group's members. Throws Error{upstream} for an answer that cannot
// be read or holds nothing.
void write_answer(SourceRun& run, const Resource& resource, HttpAnswer& answer,
                  const std::string& what) {
  const std::size_t bytes = answer.body.size();
  const ParsedBody body =
      parse_body(std::move(answer.body), DataSource::celestrak, run.started(), what);
  if (body.sets.empty() && body.records.empty()) {
    fail(Errc::upstream, "{}: the answer holds no records", what);
  }
  run.write(resource.name, body, bytes);
  if (!resource.group.empty()) {
    std::vector<std::int32_t> members;
    members.reserve(body.sets.size());
    for (const ElementSet& set : body.sets) {
      members.push_back(set.norad_id);
    }
    run.write_group(resource.group, members);
  }
}

}  // namespace

SourceReport sync_celestrak(storage::Database& db, const CelestrakOptions& options,
                            const ResourceProgress& progress) {
  SessionOptions session_options;
  session_options.deadline = options.timeout;
  HttpSession session(options.base_url, session_options);
  storage::SyncResources states(db);
  storage::UpstreamRequests pauses(db, "celestrak", "");
  const std::optional<TimePoint> paused_until = pauses.read(system_now()).paused_until;
  if (!options.force && paused_until && system_now() < *paused_until) {
    return paused(*paused_until);
  }
  SourceRun run(db, "celestrak", progress);
  for (const Resource& resource : resources()) {
    storage::ResourceState state = states.get("celestrak " + resource.name);
    const TimePoint now = system_now();
    if (!options.force && state.checked &&
        now.unix_micros() - state.checked->unix_micros() < micros(options.min_interval)) {
      run.fresh(resource.name);
      continue;
    }
    HttpAnswer answer = ask(session, resource, state, options.retries);
    const std::string what = "celestrak " + resource.name;
    if (answer.transport_failed()) {
      run.failed(resource.name, {fmt::format("{}: {}", what, answer.error), answer.reason()});
      continue;
    }
    // Every answer starts the resource's clock, a refusal too: it is not asked again sooner.
    state.checked = now;
    states.put(state);
    if (answer.status == 304 || says_not_updated(answer)) {
      run.not_modified(resource.name);
      continue;
    }
    if (answer.status != 200) {
      // Any other answer stops CelesTrak: clients that go on get firewalled
      // (docs/FORMATS.md section 5.1).
      const auto pause =
          answer.status == 403 ? std::chrono::minutes(kForbiddenPause) : options.min_interval;
      const TimePoint until = TimePoint::from_unix_micros(now.unix_micros() + micros(pause));
      pauses.pause_until(until);
      run.failed(
          resource.name,
          {fmt::format("{}: {}; CelesTrak is not asked again before {} (--force asks anyway)", what,
                       answer.summary(), format_iso8601_millis(until)),
           answer.reason()});
      return run.finish();
    }
    try {
      write_answer(run, resource, answer, what);
      state.etag = answer.header("etag");
      state.last_modified = answer.header("last-modified");
      states.put(state);
    } catch (const Error& error) {
      if (error.code() != Errc::upstream) {
        throw;
      }
      run.failed(resource.name, {error.what(), std::string(kUnreadableAnswer)});
    }
  }
  if (paused_until) {
    pauses.clear_pause();  // asked with --force, and answered
  }
  return run.finish();
}

}  // namespace gpq::sync
