// The column fields of a TLE line, read as docs/FORMATS.md section 1 writes them: blank- or
// zero-padded integers, plain decimals, the assumed-decimal exponent form, the epoch and the
// international designator. Each says only whether the text is well formed; tle.cc names the
// field in its message.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "gpq/time.h"

namespace gpq::tle_fields {

inline bool is_digit(char c) noexcept {
  return c >= '0' && c <= '9';
}

// Columns first_col..last_col (1-based, inclusive) of a line checked to be long enough.
inline std::string_view field(std::string_view line, int first_col, int last_col) {
  return line.substr(static_cast<std::size_t>(first_col - 1),
                     static_cast<std::size_t>(last_col - first_col + 1));
}

// Whole number, blank- or zero-padded; a lone '+' sign allowed. Blank counts as `blank_value`.
bool parse_int(std::string_view text, std::int64_t& value, std::int64_t blank_value = -1);

// A plain decimal (`51.6325`, ` .00007235`, `-.00001273`, `+.06329737`, `039.0531`).
bool parse_decimal(std::string_view text, double& value);

// A decimal in its column layout (`NNN.NNNN`, `NN.NNNNNNNN`): right-justified, blank- or
// zero-padded, at least one digit before the point and exactly `decimals` after it.
bool parse_fixed_decimal(std::string_view text, std::size_t decimals, double& value);

// The first derivative of mean motion (columns 34-43): a sign (` `, `+` or `-`), the point and
// 8 digits (` .00007235`), or as old sets write it, `0` or a blank before the point and 7
// digits (`-0.0000723`, `0.00007235`). Its magnitude is therefore below 1.
bool parse_first_derivative(std::string_view text, double& value);

// Assumed-decimal exponent form ` 12345-3` = 0.12345e-3 (sign, 5 digits, exponent sign, digit).
// A 9-column text has a two-digit exponent (`-66000-10`, a line 1 gone to 70 columns:
// core/tle_wide_line.h).
bool parse_exponent_field(std::string_view text, double& value);

// `YYDDD.DDDDDDDD` -> microseconds, exactly: 1e-8 day = 864 us. `why` says what is wrong.
bool parse_epoch(std::string_view text, TimePoint& epoch, std::string& why);

// `98067A  ` -> `1998-067A`; all blank -> empty. The piece is up to three capital letters:
// anything else would become an OBJECT_ID no TLE can be written back with.
bool parse_intdes(std::string_view text, std::string& object_id);

}  // namespace gpq::tle_fields
