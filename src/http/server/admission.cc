#include "http/server/admission.h"

#include <algorithm>

#include <fmt/core.h>

namespace gpq::http {
namespace {

Refused too_many_requests(std::int64_t wait, const std::string& message, std::int64_t key,
                          std::optional<std::int64_t> remaining) {
  Refused refused{error_reply(Errc::too_many_requests, message), key, remaining};
  refused.reply.headers.emplace_back("Retry-After", std::to_string(wait));
  return refused;
}

Refused method_not_allowed(std::string_view method, std::optional<std::int64_t> key) {
  Refused refused{error_reply(Errc::method_not_allowed,
                              fmt::format("method {} is not allowed; the API answers GET and HEAD",
                                          method.substr(0, 20))),
                  key, std::nullopt};
  refused.reply.headers.emplace_back("Allow", "GET, HEAD");
  return refused;
}

Refused without_valid_key(bool presented) {
  return Refused{error_reply(Errc::forbidden,
                             presented ? "the API key is not valid (unknown or revoked)"
                                       : "an API key is required: send it in the X-Api-Key header"),
                 std::nullopt, std::nullopt};
}

Refused wrong_scope(KeyScope needed, std::int64_t key) {
  return Refused{
      error_reply(Errc::forbidden,
                  needed == KeyScope::replication
                      ? "this key reads the public API, not the change stream: replicas pull "
                        "with a key made by `gpq keys create --scope replication`"
                      : "this key reads only the change stream (scope replication); the "
                        "public API needs a key of scope api"),
      key, std::nullopt};
}

// The refusal a limit decided, or nothing when the request may go on. `quota` is the monthly
// quota, for the message.
std::optional<Refused> refusal_by_limit(const LimitDecision& decision, std::int64_t key,
                                        std::int64_t quota, TimePoint now) {
  switch (decision.outcome) {
    case LimitDecision::Outcome::admitted:
      return std::nullopt;
    case LimitDecision::Outcome::rate_limited:
      return too_many_requests(
          decision.retry_after,
          fmt::format("Rate limit exceeded. Try again in {} seconds.", decision.retry_after), key,
          decision.remaining);
    case LimitDecision::Outcome::quota_used_up: {
      const TimePoint reset = next_month_start(now);
      const std::int64_t wait =
          std::max<std::int64_t>(1, (reset.unix_micros() - now.unix_micros()) / kMicrosPerSecond);
      return too_many_requests(
          wait,
          fmt::format("Monthly quota of {} requests is used up; it resets at {} (in {} seconds).",
                      quota, format_iso8601_millis(reset), wait),
          key, 0);
    }
    case LimitDecision::Outcome::unavailable: {
      // Never through uncounted: a quota nobody can count is not a quota.
      Refused refused{
          error_reply(Errc::unavailable,
                      fmt::format("Request limits cannot be checked right now. Try again in {} "
                                  "seconds.",
                                  decision.retry_after)),
          key, std::nullopt};
      refused.reply.headers.emplace_back("Retry-After", std::to_string(decision.retry_after));
      return refused;
    }
  }
  return std::nullopt;
}

}  // namespace

// The key is checked before anything but the paths that need none (docs/API.md
// "Authentication"): without a valid key an unknown path or another method is 403 too, so
// that nothing about the API is learnt without one. A keyed 404 or 405 carries the key's real
// quota left (not counted).
std::variant<Admitted, Refused> Admission::admit(std::string_view method, const std::string& path,
                                                 std::string_view presented_key, TimePoint now) {
  const bool readable = method == "GET" || method == "HEAD";
  const std::optional<Route> route = match_route(path);
  const std::optional<KeyMatch> match = keys_.find_or_refresh(presented_key);
  const KeyScope needed = route ? scope_of(route->endpoint) : KeyScope::api;
  std::optional<std::int64_t> key_id;
  if (match) {
    key_id = match->id;
  } else if (presented_key.empty() && no_auth_ && needed == KeyScope::api) {
    key_id = kAnonymousKey;  // --no-auth opens the public API, never the change stream
  }
  if (route && !needs_key(route->endpoint)) {
    if (!readable) {
      return method_not_allowed(method, key_id);
    }
    Admitted admitted;
    admitted.route = *route;
    admitted.key = key_id;
    return admitted;
  }
  if (!key_id) {
    return without_valid_key(!presented_key.empty());
  }
  if (!readable) {
    return method_not_allowed(method, key_id);
  }
  if (!route) {
    return Refused{error_reply(Errc::not_found,
                               "no such path; the endpoints are listed at /api/v1/openapi.json"),
                   key_id, std::nullopt};
  }
  Admitted admitted;
  admitted.route = *route;
  admitted.key = key_id;
  if (match && match->scope != needed) {
    return wrong_scope(needed, match->id);
  }
  if (needed == KeyScope::replication) {
    return admitted;  // a replica's pulls count against no rate limit or quota
  }
  const std::int64_t key = *admitted.key;
  admitted.lane = lane_of(route->endpoint);
  const LimitDecision decision = limits_.take(key, admitted.lane, now);
  if (std::optional<Refused> refused = refusal_by_limit(decision, key, limits_.limit(), now)) {
    refused->lane = admitted.lane;
    if (decision.outcome == LimitDecision::Outcome::rate_limited) {
      refused->limit = LimitReason::rate;
    } else if (decision.outcome == LimitDecision::Outcome::quota_used_up) {
      refused->limit = LimitReason::quota;
    }
    return std::move(*refused);
  }
  admitted.quota_reserved = true;
  admitted.remaining = decision.remaining;
  return admitted;
}

void Admission::settle(Admitted& admitted, int status, TimePoint now) {
  if (!admitted.quota_reserved || counts_against_quota(status)) {
    return;
  }
  admitted.remaining = limits_.release_quota(*admitted.key, now);
  admitted.quota_reserved = false;
}

}  // namespace gpq::http
