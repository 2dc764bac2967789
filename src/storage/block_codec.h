// A block: up to kMaxBlockSets consecutive sets of one object and source, stored column by
// column (docs/STORAGE.md "Blocks"). Successive sets of an object differ little, so each
// column is kept as its first value and the differences between neighbours, or as the values
// themselves where that is smaller, bit-packed at the width the block needs.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "gpq/element_set.h"

namespace gpq::storage {

// An element set as stored: the set (names and collected_at aside) and the sync run that
// wrote it (0: none).
struct StoredSet {
  ElementSet set;
  std::int64_t run_id = 0;
};

// A block holds at most this many sets, and a new one is cut before its encoding passes
// kBlockByteBudget: SQLite then keeps the whole row in its B-tree page, with no overflow page.
inline constexpr std::size_t kMaxBlockSets = 64;
inline constexpr std::size_t kBlockByteBudget = 940;

// Encodes `sets` (one object and source, ascending epochs, 1..kMaxBlockSets of them),
// replacing `out`. Values decode bit for bit, NaN and doubles of any digits included.
void encode_block(std::span<const StoredSet> sets, std::string& out);

// Appends the sets of `block` to `out`, with `norad_id` and `source` (the block's key).
// Returns false, appending nothing, when the bytes are not a block.
bool decode_block(std::string_view block, std::int32_t norad_id, DataSource source,
                  std::vector<StoredSet>& out);

// How many of `sets` (from the first) the next block takes: as many as fit the budget, at
// least one. `scratch` receives that block's encoding.
std::size_t cut_block(std::span<const StoredSet> sets, std::string& scratch);

}  // namespace gpq::storage
