// Civil-time conversion, ISO 8601 parsing and printing, and the date parameter
// parser shared by the CLI and the HTTP API.
#include "gpq/time.h"

#include <charconv>
#include <chrono>
#include <cmath>
#include <iterator>
#include <string>

#include <fmt/core.h>

#include "gpq/error.h"

#include "core/printable_text.h"

namespace gpq {
namespace {

constexpr double kJulianDateOfUnixEpoch = 2440587.5;
constexpr int kMinYear = 1900;
constexpr int kMaxYear = 2200;

std::int64_t floor_div(std::int64_t a, std::int64_t b) {
  const std::int64_t q = a / b;
  return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q;
}

// Reads exactly `width` digits at `pos`, advancing it.
bool read_digits(std::string_view text, std::size_t& pos, int width, int& value) {
  if (pos + static_cast<std::size_t>(width) > text.size()) {
    return false;
  }
  value = 0;
  for (int i = 0; i < width; ++i) {
    const char c = text[pos + static_cast<std::size_t>(i)];
    if (c < '0' || c > '9') {
      return false;
    }
    value = value * 10 + (c - '0');
  }
  pos += static_cast<std::size_t>(width);
  return true;
}

bool valid_date(int year, int month, int day) {
  using namespace std::chrono;
  const year_month_day ymd{std::chrono::year{year},
                           std::chrono::month{static_cast<unsigned>(month)},
                           std::chrono::day{static_cast<unsigned>(day)}};
  return ymd.ok();
}

// YYYY-MM-DD within kMinYear..kMaxYear, a day the month has.
bool read_date(std::string_view text, std::size_t& pos, CivilTime& c) {
  if (!read_digits(text, pos, 4, c.year) || pos >= text.size() || text[pos++] != '-' ||
      !read_digits(text, pos, 2, c.month) || pos >= text.size() || text[pos++] != '-' ||
      !read_digits(text, pos, 2, c.day)) {
    return false;
  }
  return c.year >= kMinYear && c.year <= kMaxYear && c.month >= 1 && c.month <= 12 &&
         valid_date(c.year, c.month, c.day);
}

// The digits after a seconds' point (at least one), kept to the microsecond; `round_up` is 1
// when the first dropped digit rounds half up.
bool read_fraction(std::string_view text, std::size_t& pos, CivilTime& c, std::int64_t& round_up) {
  const std::size_t start = pos;
  while (pos < text.size() && text[pos] >= '0' && text[pos] <= '9') {
    const std::size_t index = pos - start;
    const int digit = text[pos] - '0';
    if (index < 6) {
      c.micros = c.micros * 10 + digit;
    } else if (index == 6 && digit >= 5) {
      round_up = 1;
    }
    ++pos;
  }
  for (std::size_t i = pos - start; i < 6; ++i) {
    c.micros *= 10;
  }
  return pos != start;
}

// hh:mm, optionally :ss and a fraction.
bool read_time_of_day(std::string_view text, std::size_t& pos, CivilTime& c,
                      std::int64_t& round_up) {
  if (!read_digits(text, pos, 2, c.hour) || pos >= text.size() || text[pos++] != ':' ||
      !read_digits(text, pos, 2, c.minute)) {
    return false;
  }
  if (pos < text.size() && text[pos] == ':') {
    ++pos;
    if (!read_digits(text, pos, 2, c.second)) {
      return false;
    }
    if (pos < text.size() && text[pos] == '.') {
      ++pos;
      if (!read_fraction(text, pos, c, round_up)) {
        return false;
      }
    }
  }
  // No 23:59:60: instants are counted without leap seconds (time.h), and taking it as the
  // next minute would silently move the time.
  return c.hour <= 23 && c.minute <= 59 && c.second <= 59;
}

// `Z`, ±hh, ±hhmm or ±hh:mm, or nothing (UTC).
bool read_zone(std::string_view text, std::size_t& pos, std::int64_t& offset_seconds) {
  if (pos < text.size() && (text[pos] == 'Z' || text[pos] == 'z')) {
    ++pos;
    return true;
  }
  if (pos >= text.size() || (text[pos] != '+' && text[pos] != '-')) {
    return true;
  }
  const int sign = text[pos++] == '-' ? -1 : 1;
  int hours = 0;
  int minutes = 0;
  if (!read_digits(text, pos, 2, hours)) {
    return false;
  }
  // A colon must be followed by the minutes.
  const bool colon = pos < text.size() && text[pos] == ':';
  if (colon) {
    ++pos;
  }
  if ((colon || pos < text.size()) && !read_digits(text, pos, 2, minutes)) {
    return false;
  }
  if (hours > 23 || minutes > 59) {
    return false;
  }
  offset_seconds = sign * (hours * 3600 + minutes * 60);
  return true;
}

// The instants a date parameter may name, whatever its form: kMinYear-01-01T00:00:00Z to the
// last microsecond of kMaxYear.
bool within_years(std::int64_t micros) {
  return micros >= from_civil({kMinYear, 1, 1}).unix_micros() &&
         micros < from_civil({kMaxYear + 1, 1, 1}).unix_micros();
}

// ISO 8601 date, date-time, optional fraction (any number of digits, kept to the
// microsecond, rounded half up), optional `Z` or ±hh:mm / ±hhmm offset; any year the text can
// hold (parse_iso checks the range).
std::optional<TimePoint> parse_iso_any_year(std::string_view text) {
  std::size_t pos = 0;
  CivilTime c;
  if (!read_date(text, pos, c)) {
    return std::nullopt;
  }
  std::int64_t offset_seconds = 0;
  std::int64_t round_up = 0;
  if (pos < text.size() && (text[pos] == 'T' || text[pos] == 't' || text[pos] == ' ')) {
    ++pos;
    if (!read_time_of_day(text, pos, c, round_up) || !read_zone(text, pos, offset_seconds)) {
      return std::nullopt;
    }
  } else if (pos < text.size() && (text[pos] == 'Z' || text[pos] == 'z')) {
    ++pos;  // a date in UTC; no offset without a time
  }
  if (pos != text.size()) {
    return std::nullopt;
  }
  const TimePoint local = from_civil(c);
  return TimePoint::from_unix_micros(local.unix_micros() - offset_seconds * kMicrosPerSecond +
                                     round_up);
}

// As above, within the years: rounding or an offset can carry a date of kMaxYear into the next
// year (or one of kMinYear into the year before).
std::optional<TimePoint> parse_iso(std::string_view text) {
  const std::optional<TimePoint> t = parse_iso_any_year(text);
  if (!t || !within_years(t->unix_micros())) {
    return std::nullopt;
  }
  return t;
}

std::optional<double> parse_plain_number(std::string_view text) {
  if (text.empty() || text.size() > 40) {
    return std::nullopt;
  }
  double value = 0;
  const char* first = text.data();
  if (*first == '+') {
    ++first;
    if (first == text.data() + text.size() || *first == '-') {
      return std::nullopt;  // one sign at most
    }
  }
  const auto [end, error] =
      std::from_chars(first, text.data() + text.size(), value, std::chars_format::fixed);
  if (error != std::errc() || end != text.data() + text.size() || !std::isfinite(value)) {
    return std::nullopt;
  }
  return value;
}

std::optional<TimePoint> from_unix_seconds(double seconds) {
  const double micros = std::round(seconds * 1e6);
  // Within the years (in doubles first, so that no cast overflows).
  if (!(std::fabs(micros) < 1e17) || !within_years(static_cast<std::int64_t>(micros))) {
    return std::nullopt;
  }
  return TimePoint::from_unix_micros(static_cast<std::int64_t>(micros));
}

// Why a date written in an accepted form is still refused, appended to the message: without
// it "9999-12-31 is not a date" reads as a parser fault.
std::string refusal_reason(std::string_view text) {
  std::size_t pos = 0;
  int year = 0;
  const bool iso_year = read_digits(text, pos, 4, year) && pos < text.size() && text[pos] == '-';
  const std::optional<double> number =
      text.starts_with("unix:") ? parse_plain_number(text.substr(5))
      : text.starts_with("jd:") ? parse_plain_number(text.substr(3))
                                : std::nullopt;
  if ((iso_year && (year < kMinYear || year > kMaxYear || parse_iso_any_year(text))) || number) {
    return fmt::format(" (years {} to {} only)", kMinYear, kMaxYear);
  }
  // YYYY-MM-DDThh:mm:60
  if (iso_year && text.size() >= 19 && text[16] == ':' && text.substr(17, 2) == "60") {
    return " (23:59:60 is a leap second; instants are counted without them)";
  }
  // An offset's '+' sent unencoded in a URL query arrives as a space.
  const std::size_t space = text.rfind(' ');
  if (iso_year && space != std::string_view::npos && space >= 16 && space + 1 < text.size() &&
      text[space + 1] >= '0' && text[space + 1] <= '9') {
    return " (a '+' in a URL query reads as a space: send the offset's '+' as %2B)";
  }
  return {};
}

}  // namespace

double TimePoint::julian_date() const {
  return kJulianDateOfUnixEpoch + static_cast<double>(micros_) / static_cast<double>(kMicrosPerDay);
}

CivilTime to_civil(TimePoint t) {
  using namespace std::chrono;
  const std::int64_t micros = t.unix_micros();
  const std::int64_t days = floor_div(micros, kMicrosPerDay);
  std::int64_t of_day = micros - days * kMicrosPerDay;
  const year_month_day ymd{sys_days{std::chrono::days{days}}};
  CivilTime c;
  c.year = static_cast<int>(ymd.year());
  c.month = static_cast<int>(static_cast<unsigned>(ymd.month()));
  c.day = static_cast<int>(static_cast<unsigned>(ymd.day()));
  c.hour = static_cast<int>(of_day / (3600 * kMicrosPerSecond));
  of_day %= 3600 * kMicrosPerSecond;
  c.minute = static_cast<int>(of_day / (60 * kMicrosPerSecond));
  of_day %= 60 * kMicrosPerSecond;
  c.second = static_cast<int>(of_day / kMicrosPerSecond);
  c.micros = static_cast<int>(of_day % kMicrosPerSecond);
  return c;
}

TimePoint from_civil(const CivilTime& c) {
  using namespace std::chrono;
  const sys_days day{year_month_day{std::chrono::year{c.year},
                                    std::chrono::month{static_cast<unsigned>(c.month)},
                                    std::chrono::day{static_cast<unsigned>(c.day)}}};
  const std::int64_t days = day.time_since_epoch().count();
  return TimePoint::from_unix_micros(
      days * kMicrosPerDay + ((c.hour * 60LL + c.minute) * 60 + c.second) * kMicrosPerSecond +
      c.micros);
}

int day_of_year(TimePoint t) {
  const CivilTime c = to_civil(t);
  const TimePoint jan1 = from_civil({c.year, 1, 1});
  return static_cast<int>(floor_div(t.unix_micros() - jan1.unix_micros(), kMicrosPerDay)) + 1;
}

TimePoint system_now() {
  const auto since_epoch = std::chrono::system_clock::now().time_since_epoch();
  return TimePoint::from_unix_micros(
      std::chrono::duration_cast<std::chrono::microseconds>(since_epoch).count());
}

TimePoint start_of_day(TimePoint t) {
  return TimePoint::from_unix_micros(floor_div(t.unix_micros(), kMicrosPerDay) * kMicrosPerDay);
}

std::string month_of(TimePoint t) {
  const CivilTime c = to_civil(t);
  return fmt::format("{:04}-{:02}", c.year, c.month);
}

TimePoint next_month_start(TimePoint t) {
  const CivilTime c = to_civil(t);
  CivilTime next;
  next.year = c.month == 12 ? c.year + 1 : c.year;
  next.month = c.month == 12 ? 1 : c.month + 1;
  return from_civil(next);
}

std::optional<TimePoint> parse_iso8601(std::string_view text) {
  return parse_iso(text);
}

TimePoint parse_date(std::string_view parameter, std::string_view text) {
  std::optional<TimePoint> parsed;
  if (text.starts_with("jd:")) {
    if (const auto jd = parse_plain_number(text.substr(3))) {
      // Split to keep microsecond precision: the integer day and the fraction separately.
      const double whole = std::floor(*jd);
      const double days = whole - kJulianDateOfUnixEpoch;
      parsed = from_unix_seconds(days * 86400.0 + (*jd - whole) * 86400.0);
    }
  } else if (text.starts_with("unix:")) {
    if (const auto seconds = parse_plain_number(text.substr(5))) {
      parsed = from_unix_seconds(*seconds);
    }
  } else {
    parsed = parse_iso(text);
  }
  if (!parsed) {
    fail(Errc::bad_request,
         "parameter '{}': '{}' is not a date{}; expected ISO 8601 (2024-01-01T00:00:00Z), "
         "jd:<julian date> or unix:<seconds>",
         parameter, excerpt(text, 64), refusal_reason(text));
  }
  return *parsed;
}

std::string format_iso8601_millis(TimePoint t) {
  std::string out;
  append_iso8601_millis(t, out);
  return out;
}

void append_iso8601_millis(TimePoint t, std::string& out) {
  const std::int64_t millis = floor_div(t.unix_micros() + 500, 1000);
  const CivilTime c = to_civil(TimePoint::from_unix_micros(millis * 1000));
  if (c.year < 0 || c.year > 9999) {  // outside what dates may be: fmt's widths say it all
    fmt::format_to(std::back_inserter(out), "{:04}-{:02}-{:02}T{:02}:{:02}:{:02}.{:03}Z", c.year,
                   c.month, c.day, c.hour, c.minute, c.second, c.micros / 1000);
    return;
  }
  // Digits by hand: fmt's parsing of seven fields was most of a list row's time.
  char text[] = "0000-00-00T00:00:00.000Z";
  const auto put = [&text](std::size_t at, int value, int width) {
    for (std::size_t i = at + static_cast<std::size_t>(width); i-- > at; value /= 10) {
      text[i] = static_cast<char>('0' + value % 10);
    }
  };
  put(0, c.year, 4);
  put(5, c.month, 2);
  put(8, c.day, 2);
  put(11, c.hour, 2);
  put(14, c.minute, 2);
  put(17, c.second, 2);
  put(20, c.micros / 1000, 3);
  out.append(text, sizeof text - 1);
}

std::string format_iso8601_micros(TimePoint t) {
  const CivilTime c = to_civil(t);
  return fmt::format("{:04}-{:02}-{:02}T{:02}:{:02}:{:02}.{:06}", c.year, c.month, c.day, c.hour,
                     c.minute, c.second, c.micros);
}

std::string format_date(TimePoint t) {
  const CivilTime c = to_civil(t);
  return fmt::format("{:04}-{:02}-{:02}", c.year, c.month, c.day);
}

}  // namespace gpq
