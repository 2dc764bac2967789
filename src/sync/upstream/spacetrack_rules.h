// Space-Track's rules as pure functions: what its answers mean (refused login, rate limit,
// expired session), when the SATCAT may be asked, and how a back-fill cuts gp_history into
// windows. spacetrack.cc applies them; tests check them without a clock or a server.
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "gpq/time.h"

#include "sync/upstream/http_session.h"

namespace gpq::sync {

// 429, or a body saying the query rate limit was violated (Space-Track sends that with 500).
bool is_rate_limit_answer(const HttpAnswer& answer);

// How long to stay silent after a rate-limit answer: Retry-After when given and longer,
// else 60 s (at most an hour).
std::chrono::seconds rate_limit_pause(const HttpAnswer& answer);

enum class LoginOutcome {
  accepted,
  refused,    // {"Login":"Failed"}, or 401/403: the credentials are wrong
  transient,  // 5xx, 429 or no answer: worth another try
  failed,     // anything else (a 404: not a Space-Track server)
};
LoginOutcome classify_login(const HttpAnswer& answer);

// A query answered as if the session cookie had expired.
bool session_expired(const HttpAnswer& answer);

// The SATCAT is updated once a day, and Space-Track asks for it after 17:00 UTC: it is due
// when it was never fetched and it is past 17:00 today, or when the last fetch came before
// the latest 17:00 UTC.
TimePoint latest_satcat_release(TimePoint now);
bool satcat_due(TimePoint now, std::optional<TimePoint> last_fetched);

// class/gp: the whole current catalogue, or the sets created after `newest_held`.
std::string gp_target(std::optional<TimePoint> newest_held);

struct HistoryWindow {
  TimePoint start;  // midnight UTC
  TimePoint end;    // start + days
};

// Windows of `days` whole UTC days of CREATION_DATE from the day of `since` to the one
// holding `now`.
std::vector<HistoryWindow> history_windows(TimePoint since, TimePoint now, int days);

// A window may still gain sets until well after its end; it counts as complete, never to be
// asked again, only when it ended a day before it was asked.
bool window_complete(const HistoryWindow& window, TimePoint asked_at);

std::string history_target(const HistoryWindow& window);

}  // namespace gpq::sync
