// Instants in UTC with microsecond resolution, and the one parser of the date
// parameters (ISO 8601, jd:, unix:) used by the CLI and the HTTP API alike.
#pragma once

#include <compare>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace gpq {

// Microseconds since 1970-01-01T00:00:00Z; leap seconds are not counted
// (UTC treated as uniform, as SGP4 codes and both upstreams do).
class TimePoint {
 public:
  constexpr TimePoint() = default;
  static constexpr TimePoint from_unix_micros(std::int64_t micros) { return TimePoint(micros); }
  constexpr std::int64_t unix_micros() const { return micros_; }
  double unix_seconds() const { return static_cast<double>(micros_) / 1e6; }
  double julian_date() const;

  constexpr auto operator<=>(const TimePoint&) const = default;

 private:
  constexpr explicit TimePoint(std::int64_t micros) : micros_(micros) {}
  std::int64_t micros_ = 0;
};

inline constexpr std::int64_t kMicrosPerSecond = 1'000'000;
inline constexpr std::int64_t kMicrosPerDay = 86'400 * kMicrosPerSecond;

// Civil date and time of day, for formatters that need the parts.
struct CivilTime {
  int year = 1970;
  int month = 1;  // 1..12
  int day = 1;    // 1..31
  int hour = 0;
  int minute = 0;
  int second = 0;
  int micros = 0;  // 0..999999
};

CivilTime to_civil(TimePoint t);
// Throws nothing; fields are not range-checked (callers validate first).
TimePoint from_civil(const CivilTime& c);
// The wall clock now, to the microsecond: the one place gpq reads it.
TimePoint system_now();

// Day of year, 1-based (1 Jan = 1).
int day_of_year(TimePoint t);
// Midnight UTC that starts the day of `t` (rounded down, before 1970 too).
TimePoint start_of_day(TimePoint t);
// "2026-11" for any time in November 2026 (UTC): the month API key quotas count in.
std::string month_of(TimePoint t);
// 00:00 UTC on the first day of the month after `t`.
TimePoint next_month_start(TimePoint t);

// A date parameter: `2024-01-01T00:00:00Z` (fraction, `Z` or ±hh:mm offset optional; a bare
// date means midnight UTC; a missing zone means UTC), `jd:<julian date>`, `unix:<seconds>`.
// Throws Error{bad_request} naming `parameter` and the three accepted forms.
TimePoint parse_date(std::string_view parameter, std::string_view text);

// Upstream timestamps (OMM EPOCH, CREATION_DATE, SATCAT dates): ISO 8601 with optional
// fraction to the microsecond and optional `Z`; a bare date is midnight. std::nullopt when
// malformed or out of range (years 1900..2200).
std::optional<TimePoint> parse_iso8601(std::string_view text);

// `2024-06-15T11:45:22.123Z`: milliseconds rounded half up, carrying into the seconds.
std::string format_iso8601_millis(TimePoint t);
// The same appended to `out`, without a string of its own: writers of long lists call it for
// every row.
void append_iso8601_millis(TimePoint t, std::string& out);
// `2024-06-15T11:45:22.123456`: all six digits, no zone (OMM's EPOCH layout).
std::string format_iso8601_micros(TimePoint t);
// `2024-06-15`.
std::string format_date(TimePoint t);

}  // namespace gpq
