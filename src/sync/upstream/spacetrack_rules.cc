#include "sync/upstream/spacetrack_rules.h"

#include <algorithm>
#include <cctype>
#include <charconv>

#include "core/text.h"

namespace gpq::sync {
namespace {

constexpr std::int64_t kHourUs = 3600 * kMicrosPerSecond;
constexpr std::string_view kQuery = "/basicspacedata/query/class/";

std::string lower_without_spaces(std::string_view text) {
  std::string out;
  for (const char c : text) {
    if (std::isspace(static_cast<unsigned char>(c)) == 0) {
      out += ascii_lower(c);
    }
  }
  return out;
}

}  // namespace

bool is_rate_limit_answer(const HttpAnswer& answer) {
  if (answer.status == 429) {
    return true;
  }
  // Only a short error body: a data answer could mention anything.
  return answer.status != 0 && answer.body.size() < 2048 &&
         lower_without_spaces(answer.body).find("violatedyourqueryratelimit") != std::string::npos;
}

std::chrono::seconds rate_limit_pause(const HttpAnswer& answer) {
  const std::string text = answer.header("retry-after");
  int seconds = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), seconds);
  const bool given = !text.empty() && error == std::errc() && end == text.data() + text.size();
  return std::chrono::seconds(std::clamp(given ? seconds : 0, 60, 3600));
}

LoginOutcome classify_login(const HttpAnswer& answer) {
  if (answer.transport_failed() || answer.status == 429 || answer.status >= 500) {
    return LoginOutcome::transient;
  }
  if (answer.status == 401 || answer.status == 403) {
    return LoginOutcome::refused;
  }
  if (answer.status != 200) {
    return LoginOutcome::failed;
  }
  return lower_without_spaces(answer.body) == R"({"login":"failed"})" ? LoginOutcome::refused
                                                                      : LoginOutcome::accepted;
}

bool session_expired(const HttpAnswer& answer) {
  return answer.status == 401 || (answer.status == 200 && answer.body.size() < 512 &&
                                  answer.body.find("must be logged in") != std::string::npos);
}

TimePoint latest_satcat_release(TimePoint now) {
  const TimePoint today =
      TimePoint::from_unix_micros(start_of_day(now).unix_micros() + 17 * kHourUs);
  return today <= now ? today : TimePoint::from_unix_micros(today.unix_micros() - kMicrosPerDay);
}

bool satcat_due(TimePoint now, std::optional<TimePoint> last_fetched) {
  const TimePoint release = latest_satcat_release(now);
  if (!last_fetched) {
    return release >= start_of_day(now);  // today's 17:00 has passed
  }
  return *last_fetched < release;
}

std::string gp_target(std::optional<TimePoint> newest_held) {
  if (!newest_held) {
    // Space-Track's recommended current catalogue: on orbit, epoch within 30 days.
    return std::string(kQuery) +
           "gp/decay_date/null-val/epoch/%3Enow-30/orderby/norad_cat_id/format/json";
  }
  // Whole seconds, rounded down: a set of the same second comes again, none is missed.
  const TimePoint second = TimePoint::from_unix_micros(
      newest_held->unix_micros() -
      ((newest_held->unix_micros() % kMicrosPerSecond) + kMicrosPerSecond) % kMicrosPerSecond);
  std::string when = format_iso8601_micros(second);
  when = when.substr(0, when.find('.'));
  return std::string(kQuery) + "gp/CREATION_DATE/%3E" + when + "/orderby/NORAD_CAT_ID/format/json";
}

std::vector<HistoryWindow> history_windows(TimePoint since, TimePoint now, int days) {
  const std::int64_t step = std::max(1, days) * kMicrosPerDay;
  std::vector<HistoryWindow> windows;
  for (std::int64_t from = start_of_day(since).unix_micros(); from <= now.unix_micros();
       from += step) {
    windows.push_back(
        {TimePoint::from_unix_micros(from), TimePoint::from_unix_micros(from + step)});
  }
  return windows;
}

bool window_complete(const HistoryWindow& window, TimePoint asked_at) {
  return window.end.unix_micros() <= asked_at.unix_micros() - kMicrosPerDay;
}

std::string history_target(const HistoryWindow& window) {
  return std::string(kQuery) + "gp_history/CREATION_DATE/" + format_date(window.start) + "--" +
         format_date(window.end) + "/orderby/NORAD_CAT_ID,EPOCH/format/json";
}

}  // namespace gpq::sync
