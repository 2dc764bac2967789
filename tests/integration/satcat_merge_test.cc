// Both upstreams' SATCATs in one mirror: a field the incoming source does not carry keeps the
// value the other gave (docs/STORAGE.md, "Catalog fields and their sources").
#include <fstream>
#include <string>

#include <gtest/gtest.h>

#include "support/process.h"
#include "support/temp_dir.h"

namespace gpq::test {
namespace {

const std::string kCelestrak =
    "OBJECT_NAME,OBJECT_ID,NORAD_CAT_ID,OBJECT_TYPE,OPS_STATUS_CODE,OWNER,LAUNCH_DATE,"
    "LAUNCH_SITE,DECAY_DATE,PERIOD,INCLINATION,APOGEE,PERIGEE,RCS,DATA_STATUS_CODE,ORBIT_CENTER,"
    "ORBIT_TYPE\n"
    "ISS (ZARYA),1998-067A,25544,PAY,+,ISS,1998-11-20,TYMSC,,92.89,51.64,421,415,,,EA,ORB\n"
    "SL-1 R/B,1957-001A,1,R/B,D,CIS,1957-10-04,TYMSC,1957-12-01,96.19,65.10,938,214,,,EA,IMP\n";

// Space-Track has no OPS_STATUS_CODE; it says when an object decayed.
std::string spacetrack(const char* iss_decay) {
  return std::string(
             R"j([{"INTLDES":"1998-067A","NORAD_CAT_ID":"25544","OBJECT_TYPE":"PAYLOAD",)j") +
         R"j("SATNAME":"ISS (ZARYA)","COUNTRY":"ISS","LAUNCH":"1998-11-20","SITE":"TYMSC",)j" +
         R"j("DECAY":)j" + iss_decay +
         R"j(,"PERIOD":"92.90","INCLINATION":"51.64","APOGEE":"422","PERIGEE":"416"},)j" +
         R"j({"INTLDES":"1957-001A","NORAD_CAT_ID":"1","OBJECT_TYPE":"ROCKET BODY",)j" +
         R"j("SATNAME":"SL-1 R/B","COUNTRY":"CIS","LAUNCH":"1957-10-04","SITE":"TYMSC",)j" +
         R"j("DECAY":null,"PERIOD":"96.19","INCLINATION":"65.10","APOGEE":"938","PERIGEE":"214"}])j";
}

class SatcatMergeTest : public ::testing::Test {
 protected:
  void import(const std::string& name, const std::string& text, const std::string& source) {
    const std::string path = (dir_.path() / name).string();
    std::ofstream(path) << text;
    const ProcessResult r =
        run_gpq({"--db", db_, "--quiet", "sync", "--from", path, "--source", source});
    ASSERT_EQ(r.exit_code, 0) << r.err;
  }
  std::string record(const std::string& id) {
    return run_gpq({"--db", db_, "--format", "json", "catalog", id}).out;
  }

  TempDir dir_;
  std::string db_ = (dir_.path() / "gpq.db").string();
};

TEST_F(SatcatMergeTest, SpaceTrackAfterCelestrakKeepsTheOpsStatusItDoesNotCarry) {
  import("satcat.csv", kCelestrak, "celestrak");
  import("satcat.json", spacetrack("null"), "spacetrack");
  const std::string iss = record("25544");
  EXPECT_NE(iss.find(R"j("OPS_STATUS_CODE":"+")j"), std::string::npos) << iss;
  EXPECT_NE(iss.find(R"j("PERIOD_MINUTES":92.9)j"), std::string::npos)
      << iss;  // what it carries wins
  // A field it carries as null is null: DECAY_DATE null takes the decay back.
  const std::string rocket = record("1");
  EXPECT_NE(rocket.find(R"j("DECAY_DATE":null)j"), std::string::npos) << rocket;

  // Both again, either order, any number of times: the field no longer flips.
  import("satcat.csv", kCelestrak, "celestrak");
  import("satcat.json", spacetrack("null"), "spacetrack");
  EXPECT_NE(record("25544").find(R"j("OPS_STATUS_CODE":"+")j"), std::string::npos);
}

TEST_F(SatcatMergeTest, ADecayFromSpaceTrackMakesTheStatusDecayed) {
  import("satcat.csv", kCelestrak, "celestrak");
  import("satcat.json", spacetrack(R"j("2026-11-01")j"), "spacetrack");
  const std::string iss = record("25544");
  EXPECT_NE(iss.find(R"j("OPS_STATUS_CODE":"D")j"), std::string::npos) << iss;
  EXPECT_NE(iss.find(R"j("DECAY_DATE":"2026-11-01")j"), std::string::npos) << iss;
}

}  // namespace
}  // namespace gpq::test
