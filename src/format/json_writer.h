// JSON building blocks: string escaping and number forms, appended to a string.
#pragma once

#include <cmath>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>

#include <fmt/compile.h>
#include <fmt/core.h>

#include "gpq/time.h"

namespace gpq::json {

// A JSON string literal, quotes included: RFC 8259 escapes, every control character as
// \uXXXX, bytes that are not UTF-8 as \ufffd; valid UTF-8 passes through.
void append_string(std::string_view text, std::string& out);

// The shortest form that reads back as the same double; never inf or nan (null instead).
inline void append_number(double value, std::string& out) {
  if (!std::isfinite(value)) {
    out += "null";
    return;
  }
  // Compiled: a list of states writes six numbers a row, and parsing "{}" each time showed.
  fmt::format_to(std::back_inserter(out), FMT_COMPILE("{}"), value == 0 ? 0.0 : value);
}

inline void append_fixed3(double value, std::string& out) {
  fmt::format_to(std::back_inserter(out), "{:.3f}", value);
}

inline void append_time(TimePoint t, std::string& out) {
  out += '"';
  append_iso8601_millis(t, out);
  out += '"';
}

inline void append_optional_time(const std::optional<TimePoint>& t, std::string& out) {
  if (t) {
    append_time(*t, out);
  } else {
    out += "null";
  }
}

// `"key":` — keys are fixed ASCII names that need no escaping.
inline void append_key(std::string_view key, std::string& out) {
  out += '"';
  out += key;
  out += "\":";
}

}  // namespace gpq::json
