#include "orbit/cell_grid.h"

#include <bit>

namespace gpq::orbit {

void CellGrid::clear() {
  cells_.clear();
  items_.clear();
  least_.fill(std::numeric_limits<std::int64_t>::max());
  most_.fill(std::numeric_limits<std::int64_t>::min());
}

void CellGrid::add(std::uint32_t item, std::int64_t ix, std::int64_t iy, std::int64_t iz) {
  const std::array<std::int64_t, 3> cell{ix, iy, iz};
  for (int axis = 0; axis < 3; ++axis) {
    least_[axis] = std::min(least_[axis], cell[axis]);
    most_[axis] = std::max(most_[axis], cell[axis]);
  }
  cells_.push_back(cell);
  items_.push_back(item);
}

void CellGrid::sort() {
  entries_.clear();
  if (items_.empty()) {
    return;
  }
  // Each index less the least plus one lies in [1, span + 1]; a neighbour's in [0, span + 2],
  // which must fit its field so that no run's key carries into the next index.
  std::array<int, 3> bits{};
  for (int axis = 0; axis < 3; ++axis) {
    const auto span = static_cast<std::uint64_t>(most_[axis] - least_[axis]);
    bits[axis] = static_cast<int>(std::bit_width(span + 2));
  }
  y_shift_ = bits[2];
  x_shift_ = bits[1] + bits[2];
  const int key_bits = bits[0] + x_shift_;  // at most 3 * 21 for indices within +-2^19
  entries_.resize(items_.size());
  for (std::size_t n = 0; n < items_.size(); ++n) {
    entries_[n] = {key_of(cells_[n][0], cells_[n][1], cells_[n][2]), items_[n]};
  }
  // LSD radix sort, 11 bits a pass.
  constexpr int kDigitBits = 11;
  constexpr std::size_t kBuckets = std::size_t{1} << kDigitBits;
  scratch_.resize(entries_.size());
  std::array<std::uint32_t, kBuckets> counts{};
  for (int shift = 0; shift < key_bits; shift += kDigitBits) {
    counts.fill(0);
    for (const Entry& e : entries_) {
      ++counts[(e.key >> shift) & (kBuckets - 1)];
    }
    std::uint32_t total = 0;
    for (std::uint32_t& count : counts) {
      const std::uint32_t here = count;
      count = total;
      total += here;
    }
    for (const Entry& e : entries_) {
      scratch_[counts[(e.key >> shift) & (kBuckets - 1)]++] = e;
    }
    entries_.swap(scratch_);
  }
  const auto offset = [&](std::int64_t dx, std::int64_t dy, std::int64_t dz) {
    return static_cast<std::uint64_t>(dx) * (std::uint64_t{1} << x_shift_) +
           static_cast<std::uint64_t>(dy) * (std::uint64_t{1} << y_shift_) +
           static_cast<std::uint64_t>(dz);
  };
  runs_ = {Run{offset(0, 0, 1), 1}, Run{offset(0, 1, -1), 3}, Run{offset(1, -1, -1), 3},
           Run{offset(1, 0, -1), 3}, Run{offset(1, 1, -1), 3}};
}

}  // namespace gpq::orbit
