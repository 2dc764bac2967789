// The fixture of the `gpq sync` integration tests: a fake CelesTrak and Space-Track on
// 127.0.0.1 serving every group, the SATCAT and the current GP, a database and a config file
// in a temporary directory, and the gpq binary run against them.
#pragma once

#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>

#include "gpq/format.h"
#include "gpq/request.h"

#include "support/fake_upstream.h"
#include "support/fixture_db.h"
#include "support/process.h"
#include "support/temp_dir.h"

namespace gpq::test {

inline std::string read_file(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

inline std::string group_target(std::string_view group) {
  return "/NORAD/elements/gp.php?FORMAT=csv&GROUP=" + std::string(group);
}

inline const std::string kSatcatTarget = "/pub/satcat.csv";
inline const std::string kGpTarget =
    "/basicspacedata/query/class/gp/decay_date/null-val/epoch/>now-30/orderby/norad_cat_id/"
    "format/json";
inline const std::string kSatcatClass =
    "/basicspacedata/query/class/satcat/orderby/norad_cat_id/format/json";

// Two sets per group, in CelesTrak's CSV (the project's own writer), ids 40000 + 10 * group.
inline std::string group_csv(int index, std::string_view group) {
  const auto writer = make_set_list_writer(Format::csv);
  std::string out;
  writer->begin(out);
  for (int k = 0; k < 2; ++k) {
    const std::int32_t id = 40000 + 10 * index + k;
    writer->set(
        make_set(id, std::string(group) + "-" + std::to_string(k), iso("2026-11-20T00:00:00Z")),
        out);
  }
  writer->end(out);
  return out;
}

class SyncUpstreamTest : public ::testing::Test {
 protected:
  void SetUp() override {
    int index = 0;
    for (const std::string_view group : kGroups) {
      upstream_.serve(group_target(group),
                      group == "stations"
                          ? read_file(std::string(GPQ_TEST_DATA_DIR) + "/sync/iss_2026-09-23.csv")
                          : group_csv(index, group));
      ++index;
    }
    upstream_.serve(kSatcatTarget,
                    read_file(std::string(GPQ_TEST_DATA_DIR) + "/sync/satcat_celestrak.csv"));
  }

  ProcessResult sync(std::vector<std::string> extra = {}, std::vector<std::string> env = {}) {
    std::vector<std::string> args{"--db",          db_,         "sync", "--celestrak-url",
                                  upstream_.url(), "--retries", "0",    "--config",
                                  config_};
    args.insert(args.end(), extra.begin(), extra.end());
    return run_gpq(args, env);
  }

  ProcessResult gpq(std::vector<std::string> args) {
    args.insert(args.begin(), {"--db", db_, "--format", "csv"});
    return run_gpq(args);
  }

  std::string status() { return run_gpq({"--db", db_, "--format", "json", "status"}).out; }

  void SetUpConfig(const std::string& text) { std::ofstream(config_) << text; }

  TempDir dir_;
  std::string db_ = (dir_.path() / "gpq.db").string();
  std::string config_ = [this] {
    const std::string path = (dir_.path() / "config.toml").string();
    std::ofstream(path) << "# no Space-Track account\n";
    return path;
  }();
  FakeUpstream upstream_;
};

}  // namespace gpq::test
