// Long runs of independent work split over the machine's cores: the whole catalog's states
// are prepared and propagated (src/orbit/catalog_state.cc) and written (src/format/
// catalog_state_format.cc) this way.
#pragma once

#include <algorithm>
#include <cstddef>
#include <future>
#include <thread>
#include <vector>

namespace gpq {

// How many parts `count` items are worth: one per `min_per_part` items (at least one), at most
// one per core, and four.
inline std::size_t part_count(std::size_t count, std::size_t min_per_part) {
  constexpr std::size_t kMaxParts = 4;
  const std::size_t cores = std::max(1U, std::thread::hardware_concurrency());
  return std::clamp<std::size_t>(count / min_per_part, 1, std::min(cores, kMaxParts));
}

// Runs body(part, begin, end) on `parts` equal consecutive parts of [0, count): part 0 on the
// calling thread, the others each on a thread of its own. Returns when all are done; an
// exception of a part is rethrown (the first one, in part order, after all have ended).
template <typename Body>
void for_each_part(std::size_t parts, std::size_t count, const Body& body) {
  const std::size_t share = (count + parts - 1) / std::max<std::size_t>(parts, 1);
  std::vector<std::future<void>> others;
  for (std::size_t part = 1; part < parts; ++part) {
    const std::size_t begin = std::min(count, part * share);
    const std::size_t end = std::min(count, begin + share);
    others.push_back(
        std::async(std::launch::async, [&body, part, begin, end] { body(part, begin, end); }));
  }
  body(std::size_t{0}, std::size_t{0}, std::min(count, share));
  for (std::future<void>& other : others) {
    other.get();
  }
}

}  // namespace gpq
