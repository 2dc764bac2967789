// propagate_batch against Sgp4Propagator::propagate, bit for bit: the verification sets of
// SGP4-VER.TLE (near-earth, simplified drag, deep space, decaying, elements outside the
// theory) in batches of every size, mixed and repeated, at times from before epoch to years
// after; every kind of lanes the processor runs (AVX-512, AVX2, SSE2 pairs).
#include "orbit/sgp4_batch.h"

#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "gpq/tle.h"

namespace gpq::orbit {
namespace {

constexpr const char* kVerificationFile = "/usr/lib/python3/dist-packages/sgp4/SGP4-VER.TLE";

std::vector<Sgp4Propagator> verification_sets() {
  std::vector<Sgp4Propagator> sets;
  std::ifstream in(kVerificationFile);
  std::string line;
  std::string line1;
  while (std::getline(in, line)) {
    if (line.starts_with("1 ")) {
      line1 = line;
    } else if (line.starts_with("2 ") && !line1.empty()) {
      ElementSet set;
      std::string error;
      if (parse_tle(line1.substr(0, 69), line.substr(0, 69), set, error)) {
        sets.emplace_back(set);
      }
      line1.clear();
    }
  }
  return sets;
}

void expect_same(const Sgp4Result& batch, const Sgp4Result& alone, const std::string& where) {
  EXPECT_EQ(batch.error, alone.error) << where;
  if (alone.error == Sgp4Error::none || alone.error == Sgp4Error::decayed) {
    EXPECT_EQ(batch.state.position_km, alone.state.position_km) << where;
    EXPECT_EQ(batch.state.velocity_km_s, alone.state.velocity_km_s) << where;
  }
}

// Every kind of lanes the processor has (a wider kind it lacks runs the next one down).
class Sgp4BatchTest : public ::testing::TestWithParam<BatchLanes> {
 protected:
  void SetUp() override { before_ = limit_batch_lanes(GetParam()); }
  void TearDown() override { limit_batch_lanes(before_); }
  BatchLanes before_ = BatchLanes::avx2;
};

INSTANTIATE_TEST_SUITE_P(Lanes, Sgp4BatchTest,
                         ::testing::Values(BatchLanes::avx512, BatchLanes::avx2, BatchLanes::sse2),
                         [](const auto& lanes) { return std::string(to_string(lanes.param)); });

TEST_P(Sgp4BatchTest, EveryStateIsTheOneOfPropagate) {
  const std::vector<Sgp4Propagator> sets = verification_sets();
  if (sets.empty()) {
    GTEST_SKIP() << kVerificationFile << " is missing (install python3-sgp4)";
  }
  std::printf("%zu sets, lanes: %s\n", sets.size(), std::string(to_string(batch_lanes())).c_str());
  const double times[] = {-1440.0, -7.5, 0.0, 0.5, 90.0, 720.0, 1440.0, 4000.0, 14400.0, 1e5, 1e6};
  // Every set at every time, in batches of 1 to 17 pairs taken in order: lanes fill with
  // different sets, the same set at several times, and leftovers.
  std::vector<const Sgp4Propagator*> all_sets;
  std::vector<double> all_minutes;
  for (const Sgp4Propagator& set : sets) {
    for (const double t : times) {
      all_sets.push_back(&set);
      all_minutes.push_back(t);
    }
  }
  constexpr std::size_t kLargestBatch = 17;  // two rounds of eight lanes and one left
  std::size_t compared = 0;
  for (std::size_t size = 1; size <= kLargestBatch; ++size) {
    for (std::size_t first = 0; first < all_sets.size(); first += size) {
      const std::size_t n = std::min(size, all_sets.size() - first);
      std::vector<Sgp4Result> out(n);
      propagate_batch(std::span(all_sets).subspan(first, n),
                      std::span(all_minutes).subspan(first, n), out);
      for (std::size_t i = 0; i < n; ++i) {
        const Sgp4Result alone = all_sets[first + i]->propagate(all_minutes[first + i]);
        expect_same(out[i], alone,
                    "pair " + std::to_string(first + i) + " in batches of " + std::to_string(size));
        ++compared;
      }
    }
  }
  EXPECT_EQ(compared, kLargestBatch * all_sets.size());
}

// With cursors: every set at increasing times, each set's pairs sharing one cursor, against
// propagate() with a cursor of its own per set.
TEST_P(Sgp4BatchTest, CursorsCarryEachSetsIntegrationAsPropagateDoes) {
  const std::vector<Sgp4Propagator> sets = verification_sets();
  if (sets.empty()) {
    GTEST_SKIP() << kVerificationFile << " is missing (install python3-sgp4)";
  }
  const double times[] = {-100.0, 10.0, 700.0, 1500.0, 1500.5, 3000.0, 9000.0, 5000.0, 20000.0};
  std::vector<ResonanceCursor> batch_cursors(sets.size());
  std::vector<ResonanceCursor> alone_cursors(sets.size());
  std::vector<const Sgp4Propagator*> pairs;
  std::vector<double> minutes;
  std::vector<ResonanceCursor*> cursors;
  for (std::size_t s = 0; s < sets.size(); ++s) {
    for (const double t : times) {
      pairs.push_back(&sets[s]);
      minutes.push_back(t);
      cursors.push_back(&batch_cursors[s]);
    }
  }
  std::vector<Sgp4Result> out(pairs.size());
  propagate_batch(pairs, minutes, cursors, out);
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    const std::size_t s = i / std::size(times);
    expect_same(out[i], sets[s].propagate(minutes[i], alone_cursors[s]),
                "set " + std::to_string(s) + " at " + std::to_string(minutes[i]));
  }
}

TEST_P(Sgp4BatchTest, AnEmptyBatchDoesNothing) {
  propagate_batch({}, {}, {});
}

}  // namespace
}  // namespace gpq::orbit
