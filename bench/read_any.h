// The whole text of a file, .gz and .xz read through (the importer's own reader).
#pragma once

#include <filesystem>
#include <string>

#include "sync/input.h"

namespace gpq::bench {

inline std::string read_any(const std::filesystem::path& path) {
  const auto in = sync::open_file(path);
  std::string text;
  char buffer[1 << 16];
  while (const std::size_t n = in->read(buffer, sizeof buffer)) {
    text.append(buffer, n);
  }
  return text;
}

}  // namespace gpq::bench
