// The real data of $GPQ_REAL_DATA imported with `gpq sync --from`, then queried through
// the CLI: import counts, idempotence, and the invariants every answer must keep.
#include <simdjson.h>

#include <gtest/gtest.h>

#include <regex>
#include <set>

#include <fmt/core.h>
#include <fmt/ranges.h>

#include "gpq/time.h"
#include "support/process.h"
#include "support/temp_dir.h"

namespace gpq::test {
namespace {

class RealMirrorTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    if (real_data_dir().empty()) {
      return;
    }
    dir_ = new TempDir();
    first_ = new ProcessResult(run_gpq({db(), "sync", "--from", real_data_dir().string()}));
    second_ = new ProcessResult(run_gpq({db(), "sync", "--from", real_data_dir().string()}));
  }
  static void TearDownTestSuite() {
    delete first_;
    delete second_;
    delete dir_;
  }
  void SetUp() override {
    if (real_data_dir().empty()) {
      GTEST_SKIP() << "GPQ_REAL_DATA is not set";
    }
  }

  static std::string db() { return "--db=" + (dir_->path() / "gpq.db").string(); }

  static simdjson::dom::element json(const std::vector<std::string>& args) {
    std::vector<std::string> all{db()};
    all.insert(all.end(), args.begin(), args.end());
    const ProcessResult result = run_gpq(all);
    EXPECT_EQ(result.exit_code, 0) << fmt::format("{}", fmt::join(args, " ")) << result.err;
    static simdjson::dom::parser parser;  // the element lives until the next call
    static std::string text;
    text = result.out;
    return parser.parse(text);
  }

  static long number(const std::string& out, const char* label) {
    std::smatch match;
    const std::regex pattern(std::string(R"((\d+) )") + label);
    return std::regex_search(out, match, pattern) ? std::stol(match[1]) : -1;
  }

  static inline TempDir* dir_ = nullptr;
  static inline ProcessResult* first_ = nullptr;
  static inline ProcessResult* second_ = nullptr;
};

TEST_F(RealMirrorTest, ImportsEveryFileWithTheDocumentedCounts) {
  ASSERT_EQ(first_->exit_code, 0) << first_->err;
  EXPECT_EQ(number(first_->out, "sets read"), 1'472'395) << first_->out;
  EXPECT_EQ(number(first_->out, "catalog records"), 63'204) << first_->out;
  EXPECT_EQ(number(first_->out, "records skipped"), 1) << first_->out;
  EXPECT_NE(first_->out.find("celestrak_starlink_2026-05-24_2026-07-14.3le.xz:385573: line 1: "
                             "bad checksum"),
            std::string::npos)
      << first_->out;
  ASSERT_EQ(second_->exit_code, 0) << second_->err;
  EXPECT_EQ(number(second_->out, "added"), 0) << second_->out;
}

TEST_F(RealMirrorTest, KnownObjectsAnswer) {
  const auto iss = json({"gp", "25544", "--format", "json"});
  EXPECT_EQ(std::string_view(iss["EPOCH"].get_string().value()), "2026-09-23T10:22:36.197Z");
  const auto alpha5 = json({"gp", "100245", "--format", "json"});
  EXPECT_EQ(std::string_view(alpha5["OBJECT_ID"].get_string().value()), "2026-180C");
  const ProcessResult tle = run_gpq({db(), "gp", "100245", "--format", "tle"});
  EXPECT_EQ(tle.exit_code, 2);
  EXPECT_EQ(run_gpq({db(), "gp", "270449", "--format", "csv"}).exit_code, 0);
}

TEST_F(RealMirrorTest, HistoryNearestAdjacentAndRangeAgree) {
  // A spread of objects: stations, Starlink, OneWeb, GEO, weather and others.
  std::vector<std::int64_t> ids = {25544, 48274};
  const auto listed = json({"gp", "--format", "json"});
  const auto data = listed["data"].get_array().value();
  const std::size_t count = data.size();
  for (std::size_t i = 0; i < count; i += std::max<std::size_t>(1, count / 40)) {
    ids.push_back(data.at(i)["NORAD_CAT_ID"].get_int64().value());
  }
  for (const std::int64_t id : ids) {
    const std::string norad = std::to_string(id);
    const auto history = json({"history", norad, "--format", "json"});
    std::vector<std::int64_t> epochs;
    std::set<int> years;
    const simdjson::dom::array rows = history["data"].get_array().value();
    for (const auto record : rows) {
      const auto epoch = parse_iso8601(std::string(record["EPOCH"].get_string().value()));
      ASSERT_TRUE(epoch) << norad;
      epochs.push_back(epoch->unix_micros());
      years.insert(to_civil(*epoch).year);
    }
    ASSERT_FALSE(epochs.empty()) << norad;
    EXPECT_TRUE(std::is_sorted(epochs.begin(), epochs.end())) << norad;
    EXPECT_EQ(history["meta"]["total_elsets"].get_int64().value(),
              static_cast<std::int64_t>(epochs.size()))
        << norad;

    const auto range = json({"range", norad, "--format", "json"});
    EXPECT_EQ(range["total_elsets"].get_int64().value(), static_cast<std::int64_t>(epochs.size()))
        << norad;
    EXPECT_EQ(range["year_files"].get_int64().value(), static_cast<std::int64_t>(years.size()))
        << norad;

    // An epoch between the first and last set (at milliseconds, as printed).
    const std::int64_t middle = (epochs.front() + epochs.back()) / 2 / 1000 * 1000;
    const std::string when = format_iso8601_millis(TimePoint::from_unix_micros(middle));
    const auto nearest = json({"nearest", norad, "--epoch", when, "--format", "json"});
    const auto chosen = parse_iso8601(std::string(nearest["EPOCH"].get_string().value()));
    std::int64_t best = epochs.front();
    for (const std::int64_t e : epochs) {
      if (std::llabs(e - middle) < std::llabs(best - middle)) {
        best = e;
      }
    }
    // Printed epochs are rounded to the millisecond; compare at that precision.
    EXPECT_LE(std::llabs(chosen->unix_micros() - best), 500) << norad << " " << when;

    const auto adjacent = json({"adjacent", norad, "--epoch", when});
    if (!adjacent["before"].is_null()) {
      const auto before = parse_iso8601(std::string(adjacent["before"]["EPOCH"].get_string().value()));
      EXPECT_LE(before->unix_micros(), middle + 500) << norad;
    }
    if (!adjacent["after"].is_null()) {
      const auto after = parse_iso8601(std::string(adjacent["after"]["EPOCH"].get_string().value()));
      EXPECT_GT(after->unix_micros(), middle - 500) << norad;
    }
  }
}

}  // namespace
}  // namespace gpq::test
