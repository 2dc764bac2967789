#include "scratch_dir.h"

#include <cstdio>

#include "fuzz_input.h"
#include "support/temp_dir.h"

namespace gpq::fuzz {

const std::filesystem::path& scratch_dir() {
  static const test::TempDir dir;  // under $TMPDIR, which fuzz/run points at a tmpfs
  return dir.path();
}

void write_file(const std::filesystem::path& path, std::string_view bytes) {
  std::FILE* file = std::fopen(path.c_str(), "wb");
  if (file == nullptr || std::fwrite(bytes.data(), 1, bytes.size(), file) != bytes.size() ||
      std::fclose(file) != 0) {
    broken("cannot write " + path.string());
  }
}

}  // namespace gpq::fuzz
