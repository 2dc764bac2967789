#include "sync/upstream/spacetrack_client.h"

#include <algorithm>
#include <optional>
#include <string>

#include <fmt/core.h>

#include "core/text.h"
#include "sync/upstream/retry.h"
#include "sync/upstream/spacetrack_rules.h"

namespace gpq::sync {
namespace {

constexpr int kMaxLogins = 3;

SessionOptions session_options(const SpacetrackOptions& options) {
  SessionOptions session;
  session.deadline = options.timeout;
  return session;
}

std::string account_of(const std::string& identity) {
  return to_lower(identity);
}

// The request budget's refusal (spent, or a pause after a rate-limit answer) as a stop.
Failure budget_stop(const std::string& why) {
  return {"spacetrack: " + why, "request budget"};
}

}  // namespace

SpacetrackClient::SpacetrackClient(storage::Database& db, const SpacetrackOptions& options,
                                   BudgetClock& clock)
    : options_(options),
      clock_(clock),
      session_(options.base_url, session_options(options)),
      budget_(db, "spacetrack", account_of(options.identity), options.limits, clock,
              options.notice) {
  // A redirect followed is one more request to Space-Track: it waits for the budget too.
  session_.set_redirect_gate([this] {
    const std::optional<std::string> stop = budget_.acquire();
    return stop ? "a redirect not followed: " + *stop : std::string();
  });
}

SpacetrackClient::~SpacetrackClient() = default;

Failure SpacetrackClient::rate_limited(const HttpAnswer& answer) {
  ++rate_limits_;
  budget_.pause(rate_limit_pause(answer));
  if (rate_limits_ < 2) {
    if (options_.notice) {
      options_.notice(
          fmt::format("Space-Track answered that the rate limit was violated; "
                      "no request for {} s",
                      rate_limit_pause(answer).count()));
    }
    return {};
  }
  return {fmt::format("spacetrack: Space-Track answered twice that the rate limit was violated "
                      "({}); stopped for this run, run again after {}",
                      answer.summary(), format_run_again(budget_.next_time(), clock_.now())),
          "rate limited"};
}

Failure SpacetrackClient::login() {
  for (int attempt = 0;; ++attempt) {
    if (logins_ >= kMaxLogins) {
      return {fmt::format("spacetrack: {} logins in this run; stopped for this run", kMaxLogins),
              "too many logins"};
    }
    if (auto stop = budget_.acquire()) {
      return budget_stop(*stop);
    }
    ++logins_;
    session_.forget_cookies();
    logged_in_ = false;
    const HttpAnswer answer = session_.post_form(
        "/ajaxauth/login", {{"identity", options_.identity}, {"password", options_.password}});
    if (is_rate_limit_answer(answer)) {
      if (Failure stop = rate_limited(answer); !stop.empty()) {
        return stop;
      }
    } else {
      switch (classify_login(answer)) {
        case LoginOutcome::accepted:
          logged_in_ = true;
          return {};
        case LoginOutcome::refused:
          return {
              "spacetrack: login refused; check SPACETRACK_IDENTITY and SPACETRACK_PASSWORD "
              "(or the config file)",
              "login refused"};
        case LoginOutcome::failed:
          return {"spacetrack: login failed: " + answer.summary(),
                  "login failed: " + answer.reason()};
        case LoginOutcome::transient:
          break;
      }
    }
    if (attempt >= options_.retries) {
      return {fmt::format("spacetrack: login failed after {} attempt(s): {}", attempt + 1,
                          answer.summary()),
              "login failed: " + answer.reason()};
    }
    if (!is_rate_limit_answer(answer)) {
      sleep_for(backoff_delay(attempt + 1));  // a rate limit's pause is the budget's to keep
    }
  }
}

Fetched SpacetrackClient::get(const std::string& target) {
  Fetched fetched;
  bool logged_in_again = false;
  for (int attempt = 0;; ++attempt) {
    if (auto stop = budget_.acquire()) {
      fetched.answer = {};
      fetched.stop = budget_stop(*stop);
      return fetched;
    }
    fetched.answer = session_.get(target);
    const HttpAnswer& answer = fetched.answer;
    if (is_rate_limit_answer(answer)) {
      fetched.stop = rate_limited(answer);
      if (!fetched.stop.empty()) {
        return fetched;
      }
      if (attempt >= options_.retries) {
        return fetched;
      }
      continue;  // the budget waits out the pause before the next request
    }
    if (session_expired(answer) && !logged_in_again) {
      logged_in_again = true;
      fetched.stop = login();
      if (!fetched.stop.empty()) {
        return fetched;
      }
      --attempt;
      continue;
    }
    const bool retry = answer.transport_failed() || answer.status >= 500;
    if (!retry || attempt >= options_.retries) {
      return fetched;
    }
    sleep_for(backoff_delay(attempt + 1, answer.header("retry-after")));
  }
}

void SpacetrackClient::logout() {
  if (!logged_in_ || rate_limits_ > 1) {
    return;  // after a second rate-limit answer the account hears nothing more this run
  }
  logged_in_ = false;
  if (!budget_.acquire()) {
    session_.get("/ajaxauth/logout");
  }
}

}  // namespace gpq::sync
