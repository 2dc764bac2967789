// Decompress-and-count-lines of .gz/.xz files two ways: gpq's own decoders (sync::open_file:
// zlib inflate, liblzma) and libarchive's raw format with its gzip/xz filters. Prints the best
// of N runs of each; docs/IMPORT.md ("Compression") holds the figures and the decision.
//   gpq_decompress_bench 7 starlink.3le.xz starlink.3le.gz
#include <algorithm>
#include <archive.h>
#include <archive_entry.h>
#include <array>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

#include <fmt/core.h>

#include "sync/input.h"

namespace {

std::array<char, 1 << 17> buffer;

std::size_t lines_with_gpq(const char* path) {
  const auto in = gpq::sync::open_file(path);
  std::size_t lines = 0;
  while (const std::size_t n = in->read(buffer.data(), buffer.size())) {
    lines += static_cast<std::size_t>(std::count(buffer.data(), buffer.data() + n, '\n'));
  }
  return lines;
}

std::size_t lines_with_libarchive(const char* path) {
  archive* reader = archive_read_new();
  archive_read_support_filter_gzip(reader);
  archive_read_support_filter_xz(reader);
  archive_read_support_format_raw(reader);
  std::size_t lines = 0;
  archive_entry* entry = nullptr;
  if (archive_read_open_filename(reader, path, buffer.size()) == ARCHIVE_OK &&
      archive_read_next_header(reader, &entry) == ARCHIVE_OK) {
    la_ssize_t n = 0;
    while ((n = archive_read_data(reader, buffer.data(), buffer.size())) > 0) {
      lines += static_cast<std::size_t>(std::count(buffer.data(), buffer.data() + n, '\n'));
    }
  }
  archive_read_free(reader);
  return lines;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    fmt::print(stderr, "usage: {} RUNS FILE...\n", argv[0]);
    return 2;
  }
  const int runs = std::atoi(argv[1]);
  for (int f = 2; f < argc; ++f) {
    double best[2] = {1e9, 1e9};
    std::size_t lines[2] = {0, 0};
    for (int run = 0; run < runs; ++run) {
      for (int way = 0; way < 2; ++way) {  // alternated, so that both see the same machine
        const auto start = std::chrono::steady_clock::now();
        lines[way] = way == 0 ? lines_with_gpq(argv[f]) : lines_with_libarchive(argv[f]);
        best[way] = std::min(
            best[way],
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
      }
    }
    fmt::print("{}: {} lines; best of {}: gpq {:.3f} s, libarchive {:.3f} s\n", argv[f], lines[0],
               runs, best[0], best[1]);
    if (lines[0] != lines[1]) {
      fmt::print(stderr, "the two ways read different line counts: {} and {}\n", lines[0],
                 lines[1]);
      return 1;
    }
  }
  return 0;
}
