// Every stored set, object, newest-set pointer, year tally and catalog record of a mirror
// as CSV text, in key order: two mirrors hold the same data when their dumps are equal.
#pragma once

#include <filesystem>
#include <string>

namespace gpq::test {

// Which run wrote a set (run_id) and when a row was published are left out: two imports of
// the same data compare equal however many runs each took.
std::string dump_mirror(const std::filesystem::path& db_path);

// Empty when the dumps are equal, else their first differing line of each with its number and
// section: what a test prints instead of two dumps of megabytes (gtest's diff of such strings
// takes memory by the product of their sizes).
std::string first_difference(const std::string& dump, const std::string& expected);

}  // namespace gpq::test
