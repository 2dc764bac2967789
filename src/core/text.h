// Small ASCII text helpers, the one home of each: case-blind comparison, case conversion and
// trimming for every layer, and the percent-encoding of URLs that the HTTP server and the
// upstream client both write.
#pragma once

#include <span>
#include <string>
#include <string_view>

namespace gpq {

inline constexpr char ascii_lower(char c) noexcept {
  return c >= 'A' && c <= 'Z' ? static_cast<char>(c + 32) : c;
}
inline constexpr char ascii_upper(char c) noexcept {
  return c >= 'a' && c <= 'z' ? static_cast<char>(c - 32) : c;
}

inline bool iequals(std::string_view a, std::string_view b) noexcept {
  if (a.size() != b.size()) {
    return false;
  }
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (ascii_lower(a[i]) != ascii_lower(b[i])) {
      return false;
    }
  }
  return true;
}

// ASCII letters lower-cased (or upper-cased); other bytes, UTF-8 included, unchanged.
inline std::string to_lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) {
    c = ascii_lower(c);
  }
  return out;
}
inline std::string to_upper(std::string_view text) {
  std::string out(text);
  for (char& c : out) {
    c = ascii_upper(c);
  }
  return out;
}

inline std::string_view trim(std::string_view text) noexcept {
  const auto blank = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
  while (!text.empty() && blank(text.front())) {
    text.remove_prefix(1);
  }
  while (!text.empty() && blank(text.back())) {
    text.remove_suffix(1);
  }
  return text;
}

// "A, B, C or D": the choices of a fixed list, for help and messages.
inline std::string either_of(std::span<const std::string_view> names) {
  std::string out;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (i > 0) {
      out += i + 1 == names.size() ? " or " : ", ";
    }
    out += names[i];
  }
  return out;
}

// RFC 3986 percent-encoding of everything but the unreserved characters, appended to `out`.
inline void append_percent_encoded(std::string_view text, std::string& out) {
  constexpr std::string_view kHex = "0123456789ABCDEF";
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    const bool unreserved = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
                            (c >= '0' && c <= '9') || c == '-' || c == '.' || c == '_' || c == '~';
    if (unreserved) {
      out += c;
    } else {
      out += '%';
      out += kHex[byte >> 4];
      out += kHex[byte & 0xf];
    }
  }
}

// RFC 3986 percent-decoding: each %XX becomes its byte, '+' stays '+'; a '%' not followed by
// two hex digits stays as it is.
inline std::string percent_decoded(std::string_view text) {
  const auto hex = [](char c) -> int {
    if (c >= '0' && c <= '9')
      return c - '0';
    if (c >= 'a' && c <= 'f')
      return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
      return c - 'A' + 10;
    return -1;
  };
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '%' && i + 2 < text.size() && hex(text[i + 1]) >= 0 && hex(text[i + 2]) >= 0) {
      out += static_cast<char>(hex(text[i + 1]) * 16 + hex(text[i + 2]));
      i += 2;
    } else {
      out += text[i];
    }
  }
  return out;
}

}  // namespace gpq
