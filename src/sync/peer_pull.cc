#include "sync/peer_pull.h"

#include <chrono>
#include <exception>
#include <functional>

#include <fmt/core.h>

#include "gpq/error.h"

#include "core/stop_request.h"
#include "storage/change_applier.h"
#include "storage/change_events.h"
#include "storage/database.h"
#include "sync/change_noticer.h"
#include "sync/upstream/http_session.h"
#include "sync/upstream/redirect_rules.h"

namespace gpq::sync {
namespace {

constexpr std::string_view kChangesPath = "/api/v1/changes";
// A whole pull of a large mirror (a 20M-set one is a few hundred MB) within this, beyond the
// long poll's wait.
constexpr std::chrono::seconds kPullDeadline{3600};

// The peer's URL as given, without a trailing slash or /api/v1 (either is accepted).
Url peer_base(const std::string& text) {
  std::optional<Url> url = parse_url(text);
  if (!url || url->target.find('?') != std::string::npos) {
    fail(Errc::bad_request,
         "--from-peer '{}' is not a gpq server's address; write it as http://host:port", text);
  }
  std::string& path = url->target;
  while (!path.empty() && path.back() == '/') {
    path.pop_back();
  }
  if (path.ends_with("/api/v1")) {
    path.resize(path.size() - 7);
  }
  return *url;
}

}  // namespace

PeerPullReport pull_from_peer(storage::Database& db, const PeerPullOptions& options,
                              const StopRequest* stop, bool full) {
  const Url base = peer_base(options.url);
  const std::string peer = base.text();
  storage::ChangeRequest request = storage::next_pull(db, peer);
  if (full) {
    request = {};
  }
  SessionOptions session;
  session.connect_timeout = options.connect_timeout;
  session.read_timeout = options.read_timeout + std::chrono::seconds(options.wait_seconds);
  session.deadline = kPullDeadline + std::chrono::seconds(options.wait_seconds);
  HttpSession peer_session(peer, session);

  const auto started = std::chrono::steady_clock::now();
  storage::ChangeApplier applier(db, peer);
  PeerPullReport report;
  std::exception_ptr failure;
  const HttpAnswer answer = peer_session.stream(
      fmt::format("{}?after={}&runs_from={}&wait={}", kChangesPath, request.after,
                  request.runs_from, options.wait_seconds),
      options.gzip ? HeaderList{{"X-Api-Key", options.key}, {"Accept-Encoding", "gzip"}}
                   : HeaderList{{"X-Api-Key", options.key}},
      [&](std::string_view piece) {
        report.bytes += piece.size();
        try {
          applier.feed(piece);
          return true;
        } catch (...) {
          failure = std::current_exception();
          return false;
        }
      });
  if (failure) {
    std::rethrow_exception(failure);
  }
  if (stop != nullptr) {
    stop->throw_if_requested();
  }
  if (answer.transport_failed() && answer.body.empty() && report.bytes == 0) {
    fail(Errc::upstream, "the peer {} did not answer: {}", peer, answer.error);
  }
  if (!answer.transport_failed() && answer.status != 200) {
    fail(Errc::upstream, "the peer {} refused the pull: {}", peer, answer.summary());
  }
  report.totals = applier.finish(system_now());
  // The primary's prunings are not sent: a replica keeps its events as long as the primary.
  storage::ChangeEventLog(db).prune(events_kept_from(system_now()));
  report.start = *applier.start();
  report.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return report;
}

void follow_peer(storage::Database& db, PeerPullOptions options, const StopRequest& stop, bool full,
                 const std::function<void(const PeerPullReport&)>& pulled,
                 const std::function<void(const Error&)>& failed) {
  for (;;) {
    try {
      pulled(pull_from_peer(db, options, &stop, full));
      full = false;
    } catch (const Error& error) {
      if (error.code() == Errc::interrupted || error.code() == Errc::bad_request) {
        throw;
      }
      failed(error);
      stop.sleep_for(std::chrono::seconds(kFollowRetrySeconds));
    }
    options.wait_seconds = kFollowWaitSeconds;
  }
}

}  // namespace gpq::sync
