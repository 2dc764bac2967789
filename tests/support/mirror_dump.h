// Every stored set, object, newest-set pointer, year tally and catalog record of a mirror
// as CSV text, in key order: two mirrors hold the same data when their dumps are equal.
#pragma once

#include <filesystem>
#include <string>

namespace gpq::test {

// Which run wrote a set (run_id) is left out: two imports of the same data compare equal
// however many runs each took.
std::string dump_mirror(const std::filesystem::path& db_path);

}  // namespace gpq::test
