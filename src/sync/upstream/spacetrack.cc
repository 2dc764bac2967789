#include "sync/upstream/spacetrack.h"

#include <algorithm>

#include <fmt/core.h>

#include "gpq/error.h"
#include "gpq/query_service.h"
#include "storage/sync_resources.h"
#include "sync/upstream/http_session.h"
#include "sync/upstream/request_limiter.h"
#include "sync/upstream/retry.h"

namespace gpq::sync {
namespace {

constexpr std::string_view kQuery = "/basicspacedata/query/class/";
constexpr std::int64_t kHourUs = 3600 * kMicrosPerSecond;

// Space-Track's recommended current catalogue: on orbit, epoch within 30 days.
const std::string kCurrentGp =
    std::string(kQuery) +
    "gp/decay_date/null-val/epoch/%3Enow-30/orderby/norad_cat_id/format/json";
const std::string kSatcat = std::string(kQuery) + "satcat/orderby/norad_cat_id/format/json";

bool is_login_failure(const HttpAnswer& answer) {
  return answer.status != 200 || answer.body.find("\"Login\":\"Failed\"") != std::string::npos ||
         answer.body.find("Failed") != std::string::npos;
}

bool session_expired(const HttpAnswer& answer) {
  return answer.status == 401 ||
         (answer.status == 200 && answer.body.size() < 512 &&
          answer.body.find("must be logged in") != std::string::npos);
}

std::string first_line(const std::string& text) {
  const std::string line = text.substr(0, text.find('\n'));
  return line.size() > 160 ? line.substr(0, 160) + "..." : line;
}

class Spacetrack {
 public:
  Spacetrack(storage::Database& db, const SpacetrackOptions& options,
             const ResourceProgress& progress)
      : options_(options),
        session_(options.base_url, session_options(options)),
        states_(db),
        limiter_(options.per_minute, options.per_hour),
        run_(db, "spacetrack", progress) {}

  SourceReport sync() {
    if (!login()) {
      return run_.finish("spacetrack: login refused; check SPACETRACK_IDENTITY and "
                         "SPACETRACK_PASSWORD (or the config file)");
    }
    fetch_whole("gp", kCurrentGp, 1);
    fetch_whole("satcat", kSatcat, 24);
    walk_history();
    return run_.finish();
  }

 private:
  static SessionOptions session_options(const SpacetrackOptions& options) {
    SessionOptions session;
    session.deadline = options.timeout;
    return session;
  }

  bool login() {
    if (!limiter_.acquire()) {
      return false;
    }
    session_.forget_cookies();
    const HttpAnswer answer = session_.post_form(
        "/ajaxauth/login", {{"identity", options_.identity}, {"password", options_.password}});
    return !answer.transport_failed() && !is_login_failure(answer);
  }

  // GET with the limiter, one new login when the session expired, and retries on 429, 5xx
  // and transport failures. An answer that is still not 200 comes back as it is.
  HttpAnswer get(const std::string& target) {
    HttpAnswer answer;
    bool logged_in_again = false;
    for (int attempt = 0;; ++attempt) {
      if (!limiter_.acquire()) {
        answer = {};
        answer.error = "the hourly request budget is spent; the rest waits for the next run";
        return answer;
      }
      answer = session_.get(target);
      if (session_expired(answer) && !logged_in_again) {
        logged_in_again = true;
        if (!login()) {
          answer.error = "the session expired and logging in again was refused";
          answer.status = 0;
          return answer;
        }
        --attempt;
        continue;
      }
      const bool retry = answer.transport_failed() || answer.status == 429 || answer.status >= 500;
      if (!retry || attempt >= options_.retries) {
        return answer;
      }
      sleep_for(backoff_delay(attempt + 1, answer.header("retry-after")));
    }
  }

  // Parses and writes a 200 answer; false (and the resource failed) otherwise.
  bool take(const std::string& name, const HttpAnswer& answer) {
    const std::string what = "spacetrack " + name;
    if (answer.transport_failed()) {
      run_.failed(name, fmt::format("{}: {}", what, answer.error));
      return false;
    }
    if (answer.status != 200) {
      run_.failed(name, fmt::format("{}: HTTP {} {}", what, answer.status, first_line(answer.body)));
      return false;
    }
    const std::size_t first = answer.body.find_first_not_of(" \t\r\n");
    if (first == std::string::npos || answer.body.compare(first, 2, "[]") == 0) {
      run_.write(name, ParsedBody{}, answer.body.size());  // nothing new in this window
      return true;
    }
    try {
      const ParsedBody body = parse_body(answer.body, DataSource::spacetrack, run_.started(), what);
      run_.write(name, body, answer.body.size());
      return true;
    } catch (const Error& error) {
      if (error.code() != Errc::upstream) {
        throw;
      }
      run_.failed(name, error.what());
      return false;
    }
  }

  // A class fetched whole, at most once per `interval_hours` unless --force.
  void fetch_whole(const std::string& name, const std::string& target, int interval_hours) {
    storage::ResourceState state = states_.get("spacetrack " + name);
    const TimePoint now = system_now();
    if (!options_.force && state.checked &&
        now.unix_micros() - state.checked->unix_micros() < interval_hours * kHourUs) {
      run_.fresh(name);
      return;
    }
    if (take(name, get(target))) {
      state.checked = now;
      states_.put(state);
    }
  }

  // gp_history by CREATION_DATE, one window of whole UTC days per request, from the cursor
  // (the first day not yet complete) to today. The cursor moves after each written window.
  void walk_history() {
    storage::ResourceState state = states_.get("spacetrack gp_history");
    const TimePoint now = system_now();
    if (options_.history_since) {
      state.cursor = options_.history_since;
    } else if (!state.cursor) {
      state.cursor = TimePoint::from_unix_micros(now.unix_micros() - kMicrosPerDay);
    }
    const auto day_start = [](TimePoint t) {
      return TimePoint::from_unix_micros(t.unix_micros() - t.unix_micros() % kMicrosPerDay);
    };
    TimePoint from = day_start(*state.cursor);
    for (int requests = 0; from <= now && requests < options_.max_history_requests; ++requests) {
      const TimePoint to =
          TimePoint::from_unix_micros(from.unix_micros() + options_.history_days * kMicrosPerDay);
      const std::string window = format_date(from) + "--" + format_date(to);
      const std::string name = "gp_history " + window;
      if (!take(name, get(std::string(kQuery) + "gp_history/CREATION_DATE/" + window +
                          "/orderby/NORAD_CAT_ID,EPOCH/format/json"))) {
        return;  // the next run starts again from this window
      }
      // A window that reaches past now is asked again next time (it was not complete).
      state.cursor = to <= now ? to : from;
      state.checked = now;
      states_.put(state);
      from = to;
    }
  }

  const SpacetrackOptions& options_;
  HttpSession session_;
  storage::SyncResources states_;
  RequestLimiter limiter_;
  SourceRun run_;
};

}  // namespace

SourceReport sync_spacetrack(storage::Database& db, const SpacetrackOptions& options,
                             const ResourceProgress& progress) {
  return Spacetrack(db, options, progress).sync();
}

}  // namespace gpq::sync
