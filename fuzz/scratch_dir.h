// A directory of the fuzz process's own under $TMPDIR (or /tmp), for the targets whose code
// under test reads a file by name: made on first use, removed with its files at exit.
#pragma once

#include <filesystem>
#include <string_view>

namespace gpq::fuzz {

const std::filesystem::path& scratch_dir();

// Replaces the file at `path` (inside scratch_dir()) with `bytes`.
void write_file(const std::filesystem::path& path, std::string_view bytes);

}  // namespace gpq::fuzz
