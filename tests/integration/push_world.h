// The world of the push tests (stream_test.cc, webhook_test.cc): a mirror synced through the
// real `gpq sync --from`, with an object that will reboost, one whose SATCAT record will gain a
// decay date, and a newcomer whose first set comes later; a key, and a server to start.
#pragma once

#include <chrono>
#include <fstream>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <simdjson.h>

#include "gpq/format.h"

#include "support/fixture_db.h"
#include "support/process.h"
#include "support/serve_process.h"
#include "support/temp_dir.h"

namespace gpq::test {

using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

constexpr std::int32_t kManoeuvring = 90001;  // reboosts in the second sync
constexpr std::int32_t kDecaying = 90002;     // its SATCAT record gains a decay date
constexpr std::int32_t kNewcomer = 90003;     // its first set comes in the second sync
inline const TimePoint kFirstEpoch = TimePoint::from_unix_micros(1'780'000'000'000'000);

// Sets every 8 hours with drag and noise like real sets (detect_events_test.cc's history), the
// orbit raised by about 1.2 km from set `reboost_at` on.
inline std::vector<ElementSet> history(std::int32_t norad_id, int first, int count,
                                       int reboost_at) {
  std::mt19937_64 random(static_cast<std::uint64_t>(norad_id));
  std::normal_distribution<double> noise(0, 1);
  std::vector<ElementSet> sets;
  for (int k = 0; k < first + count; ++k) {
    const double days = k * 8.0 / 24;
    ElementSet set =
        make_set(norad_id, "STREAM SAT " + std::to_string(norad_id),
                 TimePoint::from_unix_micros(kFirstEpoch.unix_micros() +
                                             static_cast<std::int64_t>(days * kMicrosPerDay)));
    set.mean_motion = 15.5 + 2e-4 * days + 2e-6 * noise(random) - (k >= reboost_at ? 0.004 : 0);
    set.eccentricity = 0.0005 + 2e-6 * noise(random);
    set.inclination = 51.64 + 2e-4 * noise(random);
    set.element_set_no = k + 1;
    if (k >= first) {
      sets.push_back(set);
    }
  }
  return sets;
}

inline std::string satcat_csv(bool decayed) {
  std::string text =
      "OBJECT_NAME,OBJECT_ID,NORAD_CAT_ID,OBJECT_TYPE,OPS_STATUS_CODE,OWNER,LAUNCH_DATE,"
      "LAUNCH_SITE,DECAY_DATE,PERIOD,INCLINATION,APOGEE,PERIGEE,RCS,DATA_STATUS_CODE,"
      "ORBIT_CENTER,ORBIT_TYPE\n";
  text +=
      "STREAM SAT 90001,2026-001A,90001,PAY,+,US,2026-01-01,AFETR,,92.89,51.64,421,415,,,EA,"
      "ORB\n";
  text += std::string("STREAM SAT 90002,2026-001B,90002,DEB,D,US,2026-01-01,AFETR,") +
          (decayed ? "2026-06-01" : "") + ",92.89,51.64,421,415,,,EA," + (decayed ? "IMP" : "ORB") +
          "\n";
  return text;
}

class PushWorldTest : public ::testing::Test {
 protected:
  PushWorldTest() : db_((dir_.path() / "gpq.db").string()) {}

  // `gpq sync --from` a file holding `text`; the moment it returned.
  Clock::time_point sync(const std::string& name, const std::string& text) {
    const std::string path = (dir_.path() / name).string();
    std::ofstream(path) << text;
    const ProcessResult r = run_gpq({"--db", db_, "--quiet", "sync", "--from", path});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return Clock::now();
  }

  // The known start: the manoeuvring object's first 120 sets, the SATCAT without decay, a key.
  void start_world() {
    sync("first.tle", set_list_text(Format::tle, history(kManoeuvring, 0, 120, 120)));
    sync("satcat.csv", satcat_csv(false));
    const ProcessResult made = run_gpq({"--db", db_, "--quiet", "keys", "create", "--label", "s"});
    ASSERT_EQ(made.exit_code, 0) << made.err;
    key_ = made.out.substr(0, made.out.find('\n'));
  }

  std::unique_ptr<ServeProcess> serve(std::vector<std::string> args = {}) {
    args.insert(args.end(), {"--stream-keep-alive", "1"});
    return std::make_unique<ServeProcess>(db_, args);
  }

  TempDir dir_;
  std::string db_;
  std::string key_;
  simdjson::dom::parser parser_;
};

}  // namespace gpq::test
