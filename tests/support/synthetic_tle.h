// Valid, varied 3LE text made up on the spot, for tests that need many sets.
#pragma once

#include <cstdint>
#include <string>

#include "gpq/element_set.h"

namespace gpq::test {

// The i-th made-up set: objects 1..objects cycle, epochs advance a few hours per round.
ElementSet synthetic_set(std::int64_t i, std::int32_t objects);

// `count` sets as 3LE text (name line + two lines, LF).
std::string synthetic_3le(std::int64_t count, std::int32_t objects);
// Sets first .. first + count - 1 as 3LE text: files with different sets.
std::string synthetic_3le_range(std::int64_t first, std::int64_t count, std::int32_t objects);

}  // namespace gpq::test
