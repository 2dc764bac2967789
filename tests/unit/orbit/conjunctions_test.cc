// OrbitService::conjunctions over a real SQLite file: the events are the reference screen's
// (every pair sampled every second, no filter) on the sets the snapshot names, each described
// consistently (the miss vector's length is the miss distance, the primary first), the objects
// left out are counted, the primaries and the constellation rule hold, and pages cut one order.
#include <algorithm>
#include <cmath>
#include <deque>
#include <numbers>
#include <random>
#include <string>
#include <vector>

#include <fmt/core.h>
#include <gtest/gtest.h>

#include "gpq/conjunction_format.h"
#include "gpq/error.h"
#include "gpq/query_service.h"

#include "orbit/orbit_service.h"
#include "orbit/screening.h"
#include "storage/sqlite_store.h"
#include "support/every_row.h"
#include "support/expect_error.h"
#include "support/fixture_db.h"
#include "support/temp_dir.h"

namespace gpq::test {
namespace {

const TimePoint kEpoch = iso("2026-06-10T00:00:00Z");
const TimePoint kFrom = iso("2026-06-10T06:00:00Z");
const TimePoint kTo = iso("2026-06-11T06:00:00Z");
constexpr double kThresholdKm = 50;

// A near-circular set at `altitude_km`, random angles.
ElementSet shell_set(std::int32_t norad_id, std::string name, double altitude_km,
                     double inclination, std::mt19937& random) {
  std::uniform_real_distribution<double> angle(0, 360);
  const double a = kEarthRadiusKm + altitude_km;
  ElementSet set = make_set(norad_id, name, kEpoch);
  set.object_id = fmt::format("2026-{:03}A", norad_id % 1000);
  set.mean_motion = std::sqrt(398600.8 / (a * a * a)) * 86400 / (2 * std::numbers::pi);
  set.eccentricity = 0.0005;
  set.inclination = inclination;
  set.ra_of_asc_node = angle(random);
  set.arg_of_pericenter = angle(random);
  set.mean_anomaly = angle(random);
  set.bstar = 1e-4;
  set.mean_motion_dot = 0;
  set.mean_motion_ddot = 0;
  return set;
}

// The first sets of the world below are these; the 24 of the shells have a later set, its mean
// anomaly moved, at kLaterEpoch: nearest from kSwitch on.
const TimePoint kLaterEpoch = iso("2026-06-10T20:00:00Z");
const TimePoint kSwitch = iso("2026-06-10T10:00:00Z");

// Twelve STARLINK-NNNN at 53 degrees, twelve others at 97.6 and 140 degrees, all within 20 km
// of 550 km, each with a second set at kLaterEpoch; one set 40 days old and one SGP4-XP set.
std::vector<ElementSet> crossing_world() {
  std::mt19937 random(7);
  std::vector<ElementSet> sets;
  for (int i = 0; i < 12; ++i) {
    sets.push_back(
        shell_set(70001 + i, fmt::format("STARLINK-{}", 1001 + i), 545 + (i % 3) * 5, 53, random));
  }
  for (int i = 0; i < 12; ++i) {
    sets.push_back(shell_set(71001 + i, fmt::format("SAT {}", char('A' + i)), 545 + (i % 3) * 5,
                             i < 6 ? 97.6 : 140, random));
  }
  for (std::size_t i = 0; i < 24; ++i) {
    ElementSet later = sets[i];
    later.epoch = kLaterEpoch;
    later.mean_anomaly = std::fmod(later.mean_anomaly + 0.5, 360);
    sets.push_back(later);
  }
  ElementSet stale = shell_set(72001, "OLD", 550, 70, random);
  stale.epoch = iso("2026-05-01T00:00:00Z");
  sets.push_back(stale);
  ElementSet xp = shell_set(72002, "XP", 550, 70, random);
  xp.ephemeris_type = kSgp4XpEphemerisType;
  sets.push_back(xp);
  return sets;
}

class ConjunctionsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    FixtureDb fixture(dir_.path() / "gpq.db");
    fixture.write(crossing_world());
    fixture.close();
    store_ = storage::SqliteStore::open(dir_.path() / "gpq.db");
    core_ = std::make_unique<QueryService>(*store_, [] { return kFrom; });
    orbit_ = std::make_unique<orbit::OrbitService>(*core_);
  }

  ConjunctionQuery query() const {
    ConjunctionQuery query;
    query.from = kFrom;
    query.to = kTo;
    query.threshold_km = kThresholdKm;
    return query;
  }

  std::vector<ConjunctionEvent> events(const ConjunctionQuery& query,
                                       const Paging& paging = every_row(),
                                       ConjunctionPage* page = nullptr) const {
    std::vector<ConjunctionEvent> out;
    const ConjunctionPage answer = orbit_->conjunctions(
        query, paging,
        [&](std::span<const ConjunctionEvent> found) { out.assign(found.begin(), found.end()); });
    if (page != nullptr) {
      *page = answer;
    }
    return out;
  }

  // The reference: every pair of the snapshot's SGP4 sets in reach sampled every second.
  std::vector<orbit::Approach> reference(std::vector<std::int32_t>& ids) const {
    core_->snapshot({kFrom, {}, {}, {}}, every_row(), [&](const ElementSet& set) {
      if (set.norad_id < 72000) {
        sets_.push_back(set);
      }
    });
    std::vector<orbit::ScreeningObject> objects;
    for (const ElementSet& set : sets_) {
      propagators_.emplace_back(set);
      objects.push_back({set.norad_id, &propagators_.back(), set.epoch, true, -1});
      ids.push_back(set.norad_id);
    }
    return orbit::screen_every_pair(objects, {kFrom, kTo, kThresholdKm}, 1);
  }

  TempDir dir_;
  std::unique_ptr<storage::SqliteStore> store_;
  std::unique_ptr<QueryService> core_;
  std::unique_ptr<orbit::OrbitService> orbit_;
  mutable std::vector<ElementSet> sets_;
  mutable std::deque<orbit::Sgp4Propagator> propagators_;
};

TEST_F(ConjunctionsTest, EveryApproachOfTheReferenceAndNoOther) {
  std::vector<std::int32_t> ids;
  const std::vector<orbit::Approach> want = reference(ids);
  ASSERT_GT(want.size(), 10U);
  ConjunctionPage page;
  const std::vector<ConjunctionEvent> got = events(query(), every_row(), &page);
  ASSERT_EQ(got.size(), want.size());
  for (const orbit::Approach& approach : want) {
    const std::int32_t a = ids[approach.first];
    const std::int32_t b = ids[approach.second];
    const auto found = std::find_if(got.begin(), got.end(), [&](const ConjunctionEvent& e) {
      return e.primary.norad_id == a && e.secondary.norad_id == b &&
             std::llabs(e.tca.unix_micros() - approach.tca.unix_micros()) <= 1000;
    });
    ASSERT_NE(found, got.end()) << a << "-" << b << " at " << format_iso8601_millis(approach.tca);
    EXPECT_NEAR(found->miss_m, approach.miss_km * 1e3, 1.0);
  }
  EXPECT_EQ(page.counts.objects, 26);
  EXPECT_EQ(page.counts.screened, 24);
  EXPECT_EQ(page.counts.primaries, 24);
  EXPECT_EQ(page.counts.stale, 1);
  EXPECT_EQ(page.counts.not_sgp4, 1);
  EXPECT_EQ(page.counts.failed, 0);
  EXPECT_EQ(page.counts.approaches, static_cast<std::int64_t>(want.size()));
  EXPECT_EQ(page.from, kFrom);
  EXPECT_EQ(page.to, kTo);
}

TEST_F(ConjunctionsTest, EachEventIsDescribedConsistently) {
  for (const ConjunctionEvent& e : events(query())) {
    const double rtn = std::hypot(e.miss_rtn_m[0], e.miss_rtn_m[1], e.miss_rtn_m[2]);
    EXPECT_NEAR(rtn, e.miss_m, 1e-6 * std::max(1.0, e.miss_m));
    EXPECT_LT(e.miss_m, kThresholdKm * 1e3);
    EXPECT_LT(e.primary.norad_id, e.secondary.norad_id);
    EXPECT_EQ(e.tca.unix_micros() % 1000, 0) << "TCA to the millisecond";
    EXPECT_GT(e.relative_speed_km_s, 0);
    EXPECT_GT(e.max_probability, 0);
    EXPECT_LE(e.max_probability, 1);
    EXPECT_NEAR(e.dilution_threshold_km, e.miss_m / 1e3 / std::numbers::sqrt2,
                0.01 * e.miss_m / 1e3);
    EXPECT_NEAR(e.primary.days_since_epoch,
                static_cast<double>(e.tca.unix_micros() - kEpoch.unix_micros()) / 8.64e10, 1e-6);
  }
}

TEST_F(ConjunctionsTest, PrimariesAreScreenedAgainstEverything) {
  const std::vector<ConjunctionEvent> all = events(query());
  ConjunctionQuery some = query();
  some.primaries.norad_ids = {71003};
  std::vector<ConjunctionEvent> want;
  for (const ConjunctionEvent& e : all) {
    if (e.primary.norad_id == 71003 || e.secondary.norad_id == 71003) {
      want.push_back(e);
    }
  }
  ASSERT_FALSE(want.empty());
  const std::vector<ConjunctionEvent> got = events(some);
  ASSERT_EQ(got.size(), want.size());
  for (std::size_t i = 0; i < got.size(); ++i) {
    EXPECT_EQ(got[i].primary.norad_id, 71003) << "the primary comes first";
    const std::int32_t other =
        want[i].primary.norad_id == 71003 ? want[i].secondary.norad_id : want[i].primary.norad_id;
    EXPECT_EQ(got[i].secondary.norad_id, other);
    EXPECT_EQ(got[i].tca, want[i].tca);
  }
}

TEST_F(ConjunctionsTest, OneConstellationIsNeverPairedWhenAsked) {
  const auto starlink = [](const ConjunctionObject& o) { return o.norad_id < 71000; };
  const std::vector<ConjunctionEvent> all = events(query());
  ConjunctionQuery exclude = query();
  exclude.exclude_same_constellation = true;
  const std::vector<ConjunctionEvent> kept = events(exclude);
  const auto within = std::count_if(all.begin(), all.end(), [&](const ConjunctionEvent& e) {
    return starlink(e.primary) && starlink(e.secondary);
  });
  ASSERT_GT(within, 0) << "the world must hold approaches within the fleet";
  EXPECT_EQ(static_cast<std::int64_t>(kept.size()), static_cast<std::int64_t>(all.size()) - within);
  for (const ConjunctionEvent& e : kept) {
    EXPECT_FALSE(starlink(e.primary) && starlink(e.secondary));
  }
}

TEST_F(ConjunctionsTest, PagesCutOneOrder) {
  const std::vector<ConjunctionEvent> all = events(query());
  EXPECT_TRUE(std::is_sorted(all.begin(), all.end(),
                             [](const auto& a, const auto& b) { return a.miss_m < b.miss_m; }));
  Paging paging;
  paging.per_page = 4;
  std::vector<ConjunctionEvent> joined;
  ConjunctionPage page;
  for (paging.page = 1;; ++paging.page) {
    const std::vector<ConjunctionEvent> part = events(query(), paging, &page);
    if (part.empty()) {
      break;
    }
    joined.insert(joined.end(), part.begin(), part.end());
  }
  EXPECT_EQ(page.page.total, static_cast<std::int64_t>(all.size()));
  ASSERT_EQ(joined.size(), all.size());
  for (std::size_t i = 0; i < all.size(); ++i) {
    EXPECT_EQ(joined[i].tca, all[i].tca);
    EXPECT_EQ(joined[i].primary.norad_id, all[i].primary.norad_id);
  }
  ConjunctionQuery by_time = query();
  by_time.sort = ConjunctionSort::tca;
  const std::vector<ConjunctionEvent> timed = events(by_time);
  EXPECT_TRUE(std::is_sorted(timed.begin(), timed.end(),
                             [](const auto& a, const auto& b) { return a.tca < b.tca; }));
}

TEST_F(ConjunctionsTest, WindowsOutOfOrderOrTooLongAreBadRequests) {
  ConjunctionQuery backwards = query();
  backwards.to = kFrom;
  EXPECT_GPQ_ERROR(events(backwards), Errc::bad_request,
                   "parameter 'to' (2026-06-10T06:00:00.000Z) is not after 'from' "
                   "(2026-06-10T06:00:00.000Z); give from < to");
  ConjunctionQuery long_one = query();
  long_one.to = iso("2026-06-25T06:00:00Z");
  EXPECT_GPQ_ERROR(events(long_one), Errc::bad_request,
                   "parameters 'from' and 'to' are 15.0 days apart; conjunctions are screened "
                   "over at most 14 days");
}

// Following the archive, each object is its first set until kSwitch and its later one after:
// the events are the reference screen's over those parts, each naming the sets current at its
// TCA.
TEST_F(ConjunctionsTest, FollowingTheArchiveEachApproachUsesTheSetsCurrentAtItsTca) {
  ConjunctionQuery follow = query();
  follow.follow_archive = true;
  ConjunctionPage page;
  const std::vector<ConjunctionEvent> got = events(follow, every_row(), &page);
  EXPECT_EQ(page.counts.objects, 26);
  EXPECT_EQ(page.counts.screened, 24);
  EXPECT_EQ(page.counts.sets, 48);
  EXPECT_EQ(page.counts.stale, 1);
  EXPECT_EQ(page.counts.not_sgp4, 1);

  std::vector<ElementSet> sets;
  for (const ElementSet& set : crossing_world()) {
    if (set.norad_id < 72000) {
      sets.push_back(set);
    }
  }
  std::deque<orbit::Sgp4Propagator> propagators;
  std::vector<orbit::ScreeningObject> objects;
  for (const ElementSet& set : sets) {
    orbit::ScreeningObject object{set.norad_id, &propagators.emplace_back(set), set.epoch, true,
                                  -1};
    const bool later = set.epoch == kLaterEpoch;
    const double at_switch = static_cast<double>(kSwitch.unix_micros() - kFrom.unix_micros()) / 1e6;
    object.from_seconds = later ? at_switch : 0;
    object.to_seconds = later ? 86400 : at_switch;
    objects.push_back(object);
  }
  const std::vector<orbit::Approach> want =
      orbit::screen_every_pair(objects, {kFrom, kTo, kThresholdKm}, 1);
  ASSERT_GT(want.size(), 10U);
  ASSERT_EQ(got.size(), want.size());
  for (const orbit::Approach& approach : want) {
    const auto found = std::find_if(got.begin(), got.end(), [&](const ConjunctionEvent& e) {
      return e.primary.norad_id == sets[approach.first].norad_id &&
             e.secondary.norad_id == sets[approach.second].norad_id &&
             std::llabs(e.tca.unix_micros() - approach.tca.unix_micros()) <= 1000;
    });
    ASSERT_NE(found, got.end());
    EXPECT_NEAR(found->miss_m, approach.miss_km * 1e3, 1.0);
  }
  std::size_t after_switch = 0;
  for (const ConjunctionEvent& e : got) {
    const TimePoint current = e.tca < kSwitch ? kEpoch : kLaterEpoch;
    EXPECT_EQ(e.primary.set_epoch, current);
    EXPECT_EQ(e.secondary.set_epoch, current);
    after_switch += e.tca >= kSwitch ? 1 : 0;
  }
  EXPECT_GT(after_switch, 0U);
  EXPECT_LT(after_switch, got.size());
}

TEST_F(ConjunctionsTest, ACdmCarriesEveryMandatoryField) {
  const std::vector<ConjunctionEvent> found = events(query());
  ASSERT_FALSE(found.empty());
  std::string kvn;
  write_cdm(found.front(), query(), false, kvn);
  for (const char* key : {"CCSDS_CDM_VERS",
                          "CREATION_DATE",
                          "ORIGINATOR",
                          "MESSAGE_ID",
                          "TCA",
                          "MISS_DISTANCE",
                          "OBJECT",
                          "OBJECT_DESIGNATOR",
                          "CATALOG_NAME",
                          "OBJECT_NAME",
                          "INTERNATIONAL_DESIGNATOR",
                          "EPHEMERIS_NAME",
                          "COVARIANCE_METHOD",
                          "MANEUVERABLE",
                          "REF_FRAME",
                          "X",
                          "Y",
                          "Z",
                          "X_DOT",
                          "Y_DOT",
                          "Z_DOT",
                          "CR_R",
                          "CNDOT_NDOT"}) {
    const std::string line_start = std::string("\n") + key + " ";
    EXPECT_NE(("\n" + kvn).find(line_start), std::string::npos) << key;
  }
  EXPECT_NE(kvn.find("REF_FRAME                        = ITRF"), std::string::npos);
  std::string xml;
  write_cdm(found.front(), query(), true, xml);
  EXPECT_NE(xml.find("<MISS_DISTANCE units=\"m\">"), std::string::npos);
  EXPECT_NE(xml.find("<CR_R units=\"m**2\">"), std::string::npos);
}

}  // namespace
}  // namespace gpq::test
