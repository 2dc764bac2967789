// Items binned into cubic cells and sorted by cell, for the grid sweep: every pair of items in
// one cell or in two neighbouring cells (the 26 around a cell), each pair once, in one pass.
// A cell's key packs its three indices, z lowest, each less the smallest in use plus one, in
// as many bits as they need; the keys are sorted by an LSD radix sort. Items too fast for the
// cells' size ask for the items within a wider block of cells (for_each_near).
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <limits>
#include <span>
#include <vector>

namespace gpq::orbit {

class CellGrid {
 public:
  struct Entry {
    std::uint64_t key;
    std::uint32_t item;
  };

  void clear();
  // Indices within +-2^19, so that a key fits 63 bits.
  void add(std::uint32_t item, std::int64_t ix, std::int64_t iy, std::int64_t iz);
  // Sorts the items by cell; entries() then lists them in that order.
  void sort();
  std::span<const Entry> entries() const { return entries_; }

  // Calls visit(p, q) for every two entries (positions in entries(), p in the earlier cell or
  // p < q in one cell) that share a cell or lie in neighbouring cells. The neighbours after a
  // cell in key order are five runs of keys: (0, 0, +1), then (0, +1, -1..+1) and
  // (+1, -1..+1, -1..+1) row by row; each run's keys grow with the cell's, so a cursor per run
  // only ever moves forward.
  template <class Visit>
  void for_each_neighbour_pair(Visit&& visit) const {
    std::array<std::size_t, kRuns> cursors{};
    const std::size_t size = entries_.size();
    for (std::size_t a = 0; a < size;) {
      std::size_t end = a;
      while (end < size && entries_[end].key == entries_[a].key) {
        ++end;
      }
      for (std::size_t p = a; p < end; ++p) {
        for (std::size_t q = p + 1; q < end; ++q) {
          visit(p, q);
        }
      }
      for (std::size_t r = 0; r < kRuns; ++r) {
        const std::uint64_t first = entries_[a].key + runs_[r].offset;
        const std::uint64_t last = first + runs_[r].length - 1;
        std::size_t& cursor = cursors[r];
        cursor = std::max(cursor, end);
        while (cursor < size && entries_[cursor].key < first) {
          ++cursor;
        }
        for (std::size_t q = cursor; q < size && entries_[q].key <= last; ++q) {
          for (std::size_t p = a; p < end; ++p) {
            visit(p, q);
          }
        }
      }
      a = end;
    }
  }

  // Calls visit(q) for every entry (position in entries()) whose cell's indices each differ
  // from (ix, iy, iz) by at most `radius`: a run of keys along z for each row of the block,
  // found by binary search.
  template <class Visit>
  void for_each_near(std::int64_t ix, std::int64_t iy, std::int64_t iz, std::int64_t radius,
                     Visit&& visit) const {
    if (entries_.empty()) {
      return;
    }
    const std::int64_t z_low = std::max(iz - radius, least_[2]);
    const std::int64_t z_high = std::min(iz + radius, most_[2]);
    if (z_low > z_high) {
      return;
    }
    for (std::int64_t x = std::max(ix - radius, least_[0]); x <= std::min(ix + radius, most_[0]);
         ++x) {
      for (std::int64_t y = std::max(iy - radius, least_[1]); y <= std::min(iy + radius, most_[1]);
           ++y) {
        const std::uint64_t last = key_of(x, y, z_high);
        auto it =
            std::lower_bound(entries_.begin(), entries_.end(), key_of(x, y, z_low),
                             [](const Entry& entry, std::uint64_t key) { return entry.key < key; });
        for (; it != entries_.end() && it->key <= last; ++it) {
          visit(static_cast<std::size_t>(it - entries_.begin()));
        }
      }
    }
  }

 private:
  struct Run {
    std::uint64_t offset;  // from a cell's key to the run's first
    std::uint64_t length;  // in cells
  };
  static constexpr std::size_t kRuns = 5;

  // The key of a cell within [least_, most_] on every axis.
  std::uint64_t key_of(std::int64_t ix, std::int64_t iy, std::int64_t iz) const {
    return (static_cast<std::uint64_t>(ix - least_[0] + 1) << x_shift_) |
           (static_cast<std::uint64_t>(iy - least_[1] + 1) << y_shift_) |
           static_cast<std::uint64_t>(iz - least_[2] + 1);
  }

  std::vector<std::array<std::int64_t, 3>> cells_;  // by item added
  std::vector<std::uint32_t> items_;
  std::array<std::int64_t, 3> least_{};
  std::array<std::int64_t, 3> most_{};
  std::vector<Entry> entries_;
  std::vector<Entry> scratch_;
  std::array<Run, kRuns> runs_{};
  int x_shift_ = 0;
  int y_shift_ = 0;
};

}  // namespace gpq::orbit
