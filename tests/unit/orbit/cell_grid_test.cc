// CellGrid against the definition: every two items whose cells differ by at most one in each
// index, each pair once, over cells spread wide (negative, far apart) and crowded (many items
// in one cell); and the items within a block of cells around any cell, inside the grid's cells
// or beyond them.
#include "orbit/cell_grid.h"

#include <algorithm>
#include <cstdlib>
#include <random>
#include <set>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

namespace gpq::orbit {
namespace {

using Cell = std::array<std::int64_t, 3>;

std::set<std::pair<std::uint32_t, std::uint32_t>> by_definition(const std::vector<Cell>& cells) {
  std::set<std::pair<std::uint32_t, std::uint32_t>> pairs;
  for (std::uint32_t i = 0; i < cells.size(); ++i) {
    for (std::uint32_t j = i + 1; j < cells.size(); ++j) {
      bool near = true;
      for (int axis = 0; axis < 3; ++axis) {
        near = near && std::llabs(cells[i][axis] - cells[j][axis]) <= 1;
      }
      if (near) {
        pairs.insert({i, j});
      }
    }
  }
  return pairs;
}

std::set<std::pair<std::uint32_t, std::uint32_t>> by_grid(CellGrid& grid,
                                                          const std::vector<Cell>& cells) {
  grid.clear();
  for (std::uint32_t i = 0; i < cells.size(); ++i) {
    grid.add(i, cells[i][0], cells[i][1], cells[i][2]);
  }
  grid.sort();
  const auto entries = grid.entries();
  EXPECT_TRUE(std::is_sorted(entries.begin(), entries.end(),
                             [](const auto& a, const auto& b) { return a.key < b.key; }));
  std::set<std::pair<std::uint32_t, std::uint32_t>> pairs;
  std::size_t visits = 0;
  grid.for_each_neighbour_pair([&](std::size_t p, std::size_t q) {
    const std::uint32_t a = entries[p].item;
    const std::uint32_t b = entries[q].item;
    pairs.insert({std::min(a, b), std::max(a, b)});
    ++visits;
  });
  EXPECT_EQ(visits, pairs.size()) << "each pair once";
  return pairs;
}

TEST(CellGridTest, PairsAreThoseOfNeighbouringCellsEachOnce) {
  std::mt19937 random(3);
  CellGrid grid;  // reused, as the sweep reuses it sample after sample
  // Spreads s with 2s + 2 a power of two (1, 3, 7, 15, 63) fill an index field to its top.
  for (const std::array<std::int64_t, 3> spread :
       std::vector<std::array<std::int64_t, 3>>{{1, 1, 1},
                                                {2, 2, 2},
                                                {3, 3, 3},
                                                {5, 5, 5},
                                                {7, 7, 7},
                                                {15, 15, 15},
                                                {40, 40, 40},
                                                {63, 3, 7},
                                                {1, 15, 2},
                                                {3000, 3000, 3000},
                                                {524'288, 1, 524'288}}) {
    std::vector<Cell> cells;
    cells.reserve(602);
    for (int i = 0; i < 600; ++i) {
      Cell cell;
      for (int axis = 0; axis < 3; ++axis) {
        cell[axis] =
            std::uniform_int_distribution<std::int64_t>(-spread[axis], spread[axis])(random);
      }
      cells.push_back(cell);
    }
    cells.push_back(spread);  // the edges of every field
    cells.push_back({-spread[0], -spread[1], -spread[2]});
    const auto want = by_definition(cells);
    if (spread[0] <= 5) {
      ASSERT_GT(want.size(), 100U);
    }
    EXPECT_EQ(by_grid(grid, cells), want)
        << "spread " << spread[0] << "," << spread[1] << "," << spread[2];
  }
  EXPECT_TRUE(by_grid(grid, std::vector<Cell>{}).empty());
  EXPECT_EQ(by_grid(grid, std::vector<Cell>{Cell{7, -7, 7}}).size(), 0U);
}

TEST(CellGridTest, ItemsNearACellAreThoseOfTheBlockAroundIt) {
  std::mt19937 random(5);
  CellGrid grid;
  for (const std::int64_t spread : {1, 4, 9, 60, 524'288}) {
    std::vector<Cell> cells;
    const auto draw = [&] {
      Cell cell;
      for (std::int64_t& index : cell) {
        index = std::uniform_int_distribution<std::int64_t>(-spread, spread)(random);
      }
      return cell;
    };
    for (int i = 0; i < 400; ++i) {
      cells.push_back(draw());
    }
    grid.clear();
    for (std::uint32_t i = 0; i < cells.size(); ++i) {
      grid.add(i, cells[i][0], cells[i][1], cells[i][2]);
    }
    grid.sort();
    const auto entries = grid.entries();
    for (int query = 0; query < 200; ++query) {
      // Some asked from outside the cells in use, where the block only partly meets them.
      Cell around = draw();
      if (query % 5 == 0) {
        around[static_cast<std::size_t>(query % 3)] += (query % 2 == 0 ? 1 : -1) * (spread + 1);
      }
      const std::int64_t radius = query % 4;
      std::set<std::uint32_t> want;
      for (std::uint32_t i = 0; i < cells.size(); ++i) {
        bool near = true;
        for (std::size_t axis = 0; axis < 3; ++axis) {
          near = near && std::llabs(cells[i][axis] - around[axis]) <= radius;
        }
        if (near) {
          want.insert(i);
        }
      }
      std::set<std::uint32_t> got;
      std::size_t visits = 0;
      grid.for_each_near(around[0], around[1], around[2], radius, [&](std::size_t q) {
        got.insert(entries[q].item);
        ++visits;
      });
      EXPECT_EQ(got, want) << "spread " << spread << ", radius " << radius;
      EXPECT_EQ(visits, got.size()) << "each item once";
    }
  }
}

}  // namespace
}  // namespace gpq::orbit
