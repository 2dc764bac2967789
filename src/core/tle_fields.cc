// The column fields of a TLE line (tle_fields.h).
#include "core/tle_fields.h"

#include <algorithm>
#include <charconv>

#include <fmt/core.h>

#include "core/printable_text.h"

namespace gpq::tle_fields {
namespace {

std::string_view strip(std::string_view text) {
  while (!text.empty() && text.front() == ' ') {
    text.remove_prefix(1);
  }
  while (!text.empty() && text.back() == ' ') {
    text.remove_suffix(1);
  }
  return text;
}

bool leap_year(int year) {
  return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
}

}  // namespace

bool parse_int(std::string_view text, std::int64_t& value, std::int64_t blank_value) {
  text = strip(text);
  if (text.empty()) {
    value = blank_value;
    return blank_value >= 0;
  }
  if (text.front() == '+') {
    text.remove_prefix(1);
  }
  if (text.empty()) {
    return false;
  }
  for (const char c : text) {
    if (!is_digit(c)) {
      return false;
    }
  }
  value = 0;
  std::from_chars(text.data(), text.data() + text.size(), value);
  return true;
}

bool parse_decimal(std::string_view text, double& value) {
  text = strip(text);
  std::string buffer;
  bool negative = false;
  if (!text.empty() && (text.front() == '-' || text.front() == '+')) {
    negative = text.front() == '-';
    text.remove_prefix(1);
  }
  bool digits = false;
  bool point = false;
  for (const char c : text) {
    if (c == '.' && !point) {
      point = true;
    } else if (is_digit(c)) {
      digits = true;
    } else {
      return false;
    }
  }
  if (!digits) {
    return false;
  }
  if (text.front() == '.') {
    buffer = "0";
  }
  buffer.append(text);
  const auto [end, error] = std::from_chars(buffer.data(), buffer.data() + buffer.size(), value);
  if (error != std::errc() || end != buffer.data() + buffer.size()) {
    return false;
  }
  if (negative && value != 0) {
    value = -value;  // Space-Track's `-.00000000` reads as 0, not as a negative zero
  }
  return true;
}

bool parse_fixed_decimal(std::string_view text, std::size_t decimals, double& value) {
  if (text.size() < decimals + 2 || text[text.size() - decimals - 1] != '.') {
    return false;
  }
  const std::string_view whole = text.substr(0, text.size() - decimals - 1);
  const std::size_t first = whole.find_first_not_of(' ');
  if (first == std::string_view::npos) {
    return false;
  }
  const std::string_view digits_before = whole.substr(first);
  const std::string_view digits_after = text.substr(text.size() - decimals);
  for (const std::string_view part : {digits_before, digits_after}) {
    if (!std::all_of(part.begin(), part.end(), is_digit)) {
      return false;
    }
  }
  return parse_decimal(text, value);
}

bool parse_first_derivative(std::string_view text, double& value) {
  if (text.size() != 10) {
    return false;
  }
  const char sign = text[0];
  // `S.NNNNNNNN`, or `0.NNNNNNNN` (no sign), or `S0.NNNNNNN` / `S .NNNNNNN`.
  std::size_t point = 1;
  if (text[1] != '.') {
    if (text[2] != '.' || (text[1] != '0' && text[1] != ' ')) {
      return false;
    }
    point = 2;
  } else if (sign != '0' && sign != ' ' && sign != '+' && sign != '-') {
    return false;
  }
  if (point == 2 && sign != ' ' && sign != '+' && sign != '-') {
    return false;
  }
  const std::string_view digits = text.substr(point + 1);
  if (!std::all_of(digits.begin(), digits.end(), is_digit)) {
    return false;
  }
  return parse_decimal(fmt::format("{}0.{}", sign == '-' ? "-" : "", digits), value);
}

bool parse_exponent_field(std::string_view text, double& value) {
  if (text.size() != 8 && text.size() != 9) {
    return false;
  }
  const char sign = text[0];
  if (sign != ' ' && sign != '-' && sign != '+') {
    return false;
  }
  std::string_view mantissa = text.substr(1, 5);
  // Leading blanks in the mantissa occur in very old sets; treat them as zeros.
  std::string digits(mantissa);
  for (char& c : digits) {
    if (c == ' ') {
      c = '0';
    } else if (!is_digit(c)) {
      return false;
    }
  }
  const char exp_sign = text[6];
  const std::string_view exp_digits = text.substr(7);
  if ((exp_sign != '-' && exp_sign != '+' && exp_sign != ' ') ||
      !std::all_of(exp_digits.begin(), exp_digits.end(), is_digit)) {
    return false;
  }
  const std::string decimal = fmt::format("{}0.{}e{}{}", sign == '-' ? "-" : "", digits,
                                          exp_sign == '-' ? "-" : "", exp_digits);
  std::from_chars(decimal.data(), decimal.data() + decimal.size(), value);
  if (value == 0) {
    value = 0;  // no negative zero
  }
  return true;
}

bool parse_epoch(std::string_view text, TimePoint& epoch, std::string& why) {
  std::int64_t yy = 0;
  std::int64_t day = 0;
  std::int64_t fraction = 0;
  // The day is right-aligned: blanks may pad it on the left (`  1.5`), never before the point.
  const std::string_view day_text = text.substr(2, 3);
  if (!parse_int(text.substr(0, 2), yy) || !is_digit(text[0]) || !is_digit(text[1]) ||
      text[5] != '.' || !is_digit(text[4]) || !parse_int(day_text, day)) {
    why = fmt::format("epoch '{}' is not YYDDD.DDDDDDDD", excerpt(text));
    return false;
  }
  const std::string_view fraction_text = text.substr(6, 8);
  for (const char c : fraction_text) {
    if (!is_digit(c)) {
      why = fmt::format("epoch '{}' is not YYDDD.DDDDDDDD", excerpt(text));
      return false;
    }
  }
  std::from_chars(fraction_text.data(), fraction_text.data() + 8, fraction);
  const int year = static_cast<int>(yy < 57 ? 2000 + yy : 1900 + yy);
  if (day < 1 || day > (leap_year(year) ? 366 : 365)) {
    why = fmt::format("epoch day {} does not exist in {}", day, year);
    return false;
  }
  const TimePoint jan1 = from_civil({year, 1, 1});
  epoch =
      TimePoint::from_unix_micros(jan1.unix_micros() + (day - 1) * kMicrosPerDay + fraction * 864);
  return true;
}

bool parse_intdes(std::string_view text, std::string& object_id) {
  const std::string_view trimmed = strip(text);
  if (trimmed.empty()) {
    object_id.clear();
    return true;
  }
  if (trimmed.size() < 5 || !is_digit(trimmed[0]) || !is_digit(trimmed[1])) {
    return false;
  }
  for (std::size_t i = 2; i < 5; ++i) {
    if (!is_digit(trimmed[i]) && trimmed[i] != ' ') {
      return false;
    }
  }
  // The piece: up to three capital letters (blank-padded).
  const std::string_view piece = strip(trimmed.substr(5));
  for (const char c : piece) {
    if (c < 'A' || c > 'Z') {
      return false;
    }
  }
  const int yy = (trimmed[0] - '0') * 10 + (trimmed[1] - '0');
  std::string launch(trimmed.substr(2, 3));
  for (char& c : launch) {
    c = c == ' ' ? '0' : c;
  }
  object_id = fmt::format("{}-{}{}", yy < 57 ? 2000 + yy : 1900 + yy, launch, piece);
  return true;
}

}  // namespace gpq::tle_fields
