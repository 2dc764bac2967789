// The requests gpq sent to an upstream that limits requests per account (Space-Track), and
// the pause a rate-limit answer imposes, kept in the database so that every run and every
// process on this mirror shares one budget per account (upstream_request, upstream_pause).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "gpq/time.h"

namespace gpq::storage {

class Database;

// What the log holds for one account, as seen inside the transaction that may add to it.
struct RequestLog {
  std::vector<TimePoint> sent;            // requests after the `since` asked for, oldest first
  std::optional<TimePoint> paused_until;  // no request before this (a rate-limit answer)
};

// Not thread-safe (one connection). Throws Error{internal} on database failures.
class UpstreamRequests {
 public:
  UpstreamRequests(Database& db, std::string source, std::string account)
      : db_(db), source_(std::move(source)), account_(std::move(account)) {}

  // In one IMMEDIATE transaction, so that two processes never both take the last slot:
  // reads the log since `since`, and when `allow(log)` is true records a request at `at`.
  // Returns what `allow` returned.
  bool record_if(TimePoint since, TimePoint at,
                 const std::function<bool(const RequestLog&)>& allow);

  // No request before `until` (a later pause already recorded is kept).
  void pause_until(TimePoint until);
  // Ends a pause (an answer that came through after all).
  void clear_pause();

  // Forgets requests before `before`.
  void prune(TimePoint before);

  // The log since `since`, read without recording anything.
  RequestLog read(TimePoint since) const;

 private:
  RequestLog read_log(TimePoint since) const;

  Database& db_;
  std::string source_;
  std::string account_;
};

}  // namespace gpq::storage
