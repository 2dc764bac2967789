// What the fuzz targets share for reading their input: the bytes as text, cut into the
// newline-separated fields of targets that take more than one value, and a stop that makes
// libFuzzer report a broken promise as a crash.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

namespace gpq::fuzz {

inline std::string_view as_text(const std::uint8_t* data, std::size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

// The first `count - 1` lines of `text` and, as the last field, all that follows them; fields
// that are missing are empty. Seeds stay readable: one value per line.
inline std::vector<std::string_view> fields(std::string_view text, std::size_t count) {
  std::vector<std::string_view> out;
  while (out.size() + 1 < count) {
    const std::size_t end = text.find('\n');
    out.push_back(text.substr(0, end));
    text = end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
  }
  out.push_back(text);
  return out;
}

// A property the code promises did not hold: libFuzzer keeps the input as a crash.
[[noreturn]] inline void broken(const std::string& what) {
  std::fprintf(stderr, "gpq fuzz: broken promise: %s\n", what.c_str());
  std::abort();
}

}  // namespace gpq::fuzz
