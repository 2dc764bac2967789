#include "storage/block_codec.h"

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "gpq/tle.h"

#include "storage_test_support.h"

namespace gpq::storage::test {
namespace {

StoredSet stored(const ElementSet& set, std::int64_t run_id = 7) {
  StoredSet s{set, run_id};
  s.set.object_name.clear();
  s.set.object_id.clear();
  return s;
}

// Every stored field, bit for bit.
void expect_same(const StoredSet& a, const StoredSet& b) {
  EXPECT_EQ(a.set.norad_id, b.set.norad_id);
  EXPECT_EQ(a.set.epoch, b.set.epoch);
  EXPECT_EQ(a.set.source, b.set.source);
  EXPECT_EQ(a.set.creation_date, b.set.creation_date);
  for (const double ElementSet::*field :
       {&ElementSet::mean_motion, &ElementSet::eccentricity, &ElementSet::inclination,
        &ElementSet::ra_of_asc_node, &ElementSet::arg_of_pericenter, &ElementSet::mean_anomaly,
        &ElementSet::bstar, &ElementSet::mean_motion_dot, &ElementSet::mean_motion_ddot}) {
    EXPECT_EQ(std::bit_cast<std::uint64_t>(a.set.*field),
              std::bit_cast<std::uint64_t>(b.set.*field));
  }
  EXPECT_EQ(a.set.rev_at_epoch, b.set.rev_at_epoch);
  EXPECT_EQ(a.set.element_set_no, b.set.element_set_no);
  EXPECT_EQ(a.set.classification_type, b.set.classification_type);
  EXPECT_EQ(a.set.ephemeris_type, b.set.ephemeris_type);
  EXPECT_EQ(a.set.tle_layout, b.set.tle_layout);
  EXPECT_EQ(a.run_id, b.run_id);
}

std::vector<StoredSet> round_trip(const std::vector<StoredSet>& sets) {
  std::string block;
  encode_block(sets, block);
  std::vector<StoredSet> back;
  EXPECT_TRUE(decode_block(block, sets.front().set.norad_id, sets.front().set.source, back));
  EXPECT_EQ(back.size(), sets.size());
  for (std::size_t i = 0; i < std::min(back.size(), sets.size()); ++i) {
    expect_same(back[i], sets[i]);
  }
  return back;
}

// A drifting orbit: what successive sets of one object look like.
std::vector<StoredSet> drifting(std::size_t count, std::uint64_t seed) {
  std::mt19937_64 random(seed);
  std::uniform_real_distribution<double> unit(0, 1);
  std::vector<StoredSet> sets;
  std::int64_t epoch_us = kEpoch2024;
  double raan = 350;
  for (std::size_t i = 0; i < count; ++i) {
    ElementSet set = make_set(25544, epoch_us);
    raan = std::fmod(raan + 5 * unit(random), 360.0);
    set.ra_of_asc_node = std::round(raan * 1e4) / 1e4;
    set.mean_anomaly = std::round(unit(random) * 360 * 1e4) / 1e4;
    set.bstar = std::round(unit(random) * 1e5) / 1e5 * 1e-3;
    set.rev_at_epoch = static_cast<std::int32_t>(43000 + i * 5);
    sets.push_back(stored(set, static_cast<std::int64_t>(i / 10)));
    epoch_us += static_cast<std::int64_t>(unit(random) * 12 * kMicrosPerHour) + 1;
  }
  return sets;
}

TEST(BlockCodecTest, OrdinarySetsRoundTripAndTakeFewBytes) {
  const auto sets = drifting(kMaxBlockSets, 1);
  round_trip(sets);
  std::string block;
  encode_block(sets, block);
  EXPECT_LT(block.size(), 24 * sets.size()) << "bytes per set";
}

TEST(BlockCodecTest, UnusualValuesRoundTripBitForBit) {
  std::vector<StoredSet> sets = drifting(20, 2);
  sets[0].set.creation_date = TimePoint::from_unix_micros(kEpoch2024 + 5);
  sets[3].set.creation_date = TimePoint::from_unix_micros(-12345);
  sets[1].set.bstar = std::numeric_limits<double>::quiet_NaN();
  sets[2].set.mean_motion = 15.123456789012345;  // more digits than any code holds
  sets[4].set.eccentricity = -0.0;
  sets[5].set.inclination = std::numeric_limits<double>::infinity();
  sets[6].set.mean_anomaly = 359.9999;
  sets[7].set.mean_anomaly = 0;
  sets[8].set.classification_type = 'S';
  sets[8].set.ephemeris_type = 4;
  sets[8].set.tle_layout = kTleLayoutBits;
  sets[9].set.tle_layout = kTleNddotZeroMinus;
  sets[9].set.element_set_no = 0;
  sets[10].set.rev_at_epoch = -1;
  sets[11].run_id = std::numeric_limits<std::int64_t>::max();
  sets[12].set.epoch = TimePoint::from_unix_micros(sets[11].set.epoch.unix_micros() + 1);
  round_trip(sets);
  round_trip({sets.front()});  // one set: every column constant
}

TEST(BlockCodecTest, ExtremeEpochsAndIdsRoundTrip) {
  std::vector<StoredSet> sets = drifting(3, 3);
  sets[0].set.epoch = TimePoint::from_unix_micros(std::numeric_limits<std::int64_t>::min() / 2);
  sets[1].set.epoch = TimePoint::from_unix_micros(0);
  sets[2].set.epoch = TimePoint::from_unix_micros(std::numeric_limits<std::int64_t>::max() / 2);
  for (StoredSet& s : sets) {
    s.set.norad_id = kMaxNoradId;
  }
  round_trip(sets);
}

TEST(BlockCodecTest, DamagedBytesAreRefusedNotMisread) {
  const auto sets = drifting(30, 4);
  std::string block;
  encode_block(sets, block);
  std::vector<StoredSet> out;
  EXPECT_FALSE(decode_block(block.substr(0, block.size() - 1), 1, DataSource::celestrak, out));
  EXPECT_FALSE(decode_block(block + "x", 1, DataSource::celestrak, out));
  EXPECT_FALSE(decode_block("", 1, DataSource::celestrak, out));
  EXPECT_FALSE(decode_block(std::string(1, '\0'), 1, DataSource::celestrak, out));
  EXPECT_TRUE(out.empty());
  // Any single damaged byte either fails or still decodes to 30 sets: never a crash.
  for (std::size_t i = 0; i < block.size(); ++i) {
    std::string damaged = block;
    damaged[i] = static_cast<char>(damaged[i] ^ 0x5a);
    std::vector<StoredSet> decoded;
    if (decode_block(damaged, 1, DataSource::celestrak, decoded)) {
      EXPECT_EQ(decoded.size(), 30U);
    }
  }
}

TEST(BlockCodecTest, CutBlocksKeepToTheByteBudget) {
  const auto sets = drifting(1000, 5);
  std::span<const StoredSet> rest(sets);
  std::string scratch;
  std::size_t blocks = 0;
  while (!rest.empty()) {
    const std::size_t take = cut_block(rest, scratch);
    ASSERT_GE(take, 1U);
    EXPECT_LE(take, kMaxBlockSets);
    EXPECT_LE(scratch.size(), kBlockByteBudget);
    rest = rest.subspan(take);
    ++blocks;
  }
  EXPECT_LE(blocks, 1000 / 30);
}

}  // namespace
}  // namespace gpq::storage::test
