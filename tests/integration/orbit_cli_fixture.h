// The mirror of the orbit CLI tests (orbit_cli_test.cc, catalog_state_cli_test.cc), built by
// `gpq sync --from` of small hand-made files: the ISS at three epochs twelve hours apart, a set
// whose drag takes SGP4 out of its domain within the hour, an object SATCAT says decayed.
#pragma once

#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <simdjson.h>

#include "support/process.h"
#include "support/temp_dir.h"

namespace gpq::test {

inline constexpr const char* kHeader =
    "OBJECT_NAME,OBJECT_ID,EPOCH,MEAN_MOTION,ECCENTRICITY,INCLINATION,RA_OF_ASC_NODE,"
    "ARG_OF_PERICENTER,MEAN_ANOMALY,EPHEMERIS_TYPE,CLASSIFICATION_TYPE,NORAD_CAT_ID,"
    "ELEMENT_SET_NO,REV_AT_EPOCH,BSTAR,MEAN_MOTION_DOT,MEAN_MOTION_DDOT\n";

// The ISS elements of tests/data/sync at three epochs twelve hours apart; a set whose drag
// takes SGP4 out of its domain within the hour; an object SATCAT says decayed on 2026-09-22.
inline std::string sets_csv() {
  std::string text = kHeader;
  for (const char* epoch :
       {"2026-09-23T00:00:00.000000", "2026-09-23T12:00:00.000000", "2026-09-24T00:00:00.000000"}) {
    text += std::string("ISS (ZARYA),1998-067A,") + epoch +
            ",15.49245192,.00047365,51.6317,173.8582,172.3976,187.7085,0,U,25544,999,58698,"
            ".1642946E-3,.869E-4,0\n";
  }
  text +=
      "DRAG TEST,2026-900A,2026-09-23T00:00:00.000000,16.2,.02,51.6,0,0,0,0,U,99991,999,1,.01,0,"
      "0\n";
  text +=
      "FALLEN TEST,2026-901A,2026-09-20T00:00:00.000000,15.49245192,.00047365,51.6317,173.8582,"
      "172.3976,187.7085,0,U,99992,999,1,.1642946E-3,.869E-4,0\n";
  return text;
}

inline constexpr const char* kSatcat =
    "OBJECT_NAME,OBJECT_ID,NORAD_CAT_ID,OBJECT_TYPE,OPS_STATUS_CODE,OWNER,LAUNCH_DATE,"
    "LAUNCH_SITE,DECAY_DATE,PERIOD,INCLINATION,APOGEE,PERIGEE,RCS,DATA_STATUS_CODE,ORBIT_CENTER,"
    "ORBIT_TYPE\n"
    "FALLEN TEST,2026-901A,99992,DEB,D,US,2026-01-01,AFETR,2026-09-22,,,,,,,EA,IMP\n";

class OrbitCliTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = new TempDir();
    std::ofstream(dir_->path() / "sets.csv") << sets_csv();
    std::ofstream(dir_->path() / "satcat.csv") << kSatcat;
    sync_ = new ProcessResult(gpq({"sync", "--from", (dir_->path() / "sets.csv").string(),
                                   (dir_->path() / "satcat.csv").string()}));
  }
  static void TearDownTestSuite() {
    delete sync_;
    delete dir_;
  }
  void SetUp() override { ASSERT_EQ(sync_->exit_code, 0) << sync_->err; }

  static ProcessResult gpq(std::vector<std::string> args) {
    args.insert(args.begin(), "--db=" + (dir_->path() / "gpq.db").string());
    return run_gpq(args);
  }

  // stdout of a command that must succeed.
  static std::string ok(const std::vector<std::string>& args) {
    const ProcessResult result = gpq(args);
    EXPECT_EQ(result.exit_code, 0) << result.err;
    EXPECT_EQ(result.err, "");
    return result.out;
  }

  static inline TempDir* dir_ = nullptr;
  static inline ProcessResult* sync_ = nullptr;
  simdjson::dom::parser parser_;
};

}  // namespace gpq::test
