// `gpq events` on the real stations history (2026-05-23 .. 2026-07-14): the ISS's two reboosts
// of the period are found between the sets around them, and nothing else moved its orbit
// (docs/EVENTS.md, "On the real histories").
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "imported_mirror.h"

namespace gpq::test {
namespace {

struct EventRealDataTestFiles {
  static std::vector<std::filesystem::path> files() {
    return {"history/celestrak_stations_2026-05-24_2026-07-14.3le.xz"};
  }
};

class EventRealDataTest : public ImportedMirrorTest<EventRealDataTestFiles> {};

// CSV rows of the kind and element asked, as their cells.
std::vector<std::vector<std::string>> rows_of(const std::string& csv, const std::string& kind,
                                              const std::string& element) {
  std::vector<std::vector<std::string>> rows;
  std::istringstream lines(csv);
  std::string line;
  std::getline(lines, line);  // the header
  while (std::getline(lines, line)) {
    std::vector<std::string> cells;
    std::istringstream cell_stream(line);
    std::string cell;
    while (std::getline(cell_stream, cell, ',')) {
      cells.push_back(cell);
    }
    if (cells.size() >= 10 && cells[1] == kind && cells[2] == element) {
      rows.push_back(cells);
    }
  }
  return rows;
}

TEST_F(EventRealDataTest, TheIssTwoReboostsAndNothingElse) {
  const std::string csv = ok({"events", "25544", "--format", "csv"});
  const auto raises = rows_of(csv, "MANOEUVRE", "SEMI_MAJOR_AXIS");
  ASSERT_EQ(raises.size(), 2U) << csv;
  // TIME, KIND, ELEMENT, SIZE, UNIT, SIGMAS, BEFORE_EPOCH, ..., AFTER_EPOCH (column 9)
  EXPECT_EQ(raises[0][6].substr(0, 10), "2026-06-10");
  EXPECT_EQ(raises[0][9].substr(0, 10), "2026-06-11");
  EXPECT_EQ(raises[1][6].substr(0, 10), "2026-07-01");
  EXPECT_EQ(raises[1][9].substr(0, 10), "2026-07-04");
  for (const auto& raise : raises) {
    EXPECT_GT(std::stod(raise[3]), 1.0) << raise[0];  // km
    EXPECT_LT(std::stod(raise[3]), 3.0) << raise[0];
  }
  EXPECT_TRUE(rows_of(csv, "MANOEUVRE", "INCLINATION").empty()) << csv;
  EXPECT_TRUE(rows_of(csv, "DECAY", "PERIGEE").empty()) << csv;
  // A window holds only the events whose later set is in it.
  const std::string june =
      ok({"events", "25544", "--from", "2026-06-01", "--to", "2026-06-30", "--format", "csv"});
  EXPECT_EQ(rows_of(june, "MANOEUVRE", "SEMI_MAJOR_AXIS").size(), 1U) << june;
}

}  // namespace
}  // namespace gpq::test
