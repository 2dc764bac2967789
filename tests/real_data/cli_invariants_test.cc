// Invariants of the CLI's answers over the real data of $GPQ_REAL_DATA: for a spread of
// objects, history, nearest, adjacent and range must agree with each other and with a
// brute-force reading of the object's whole history.
#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <simdjson.h>

#include "gpq/time.h"

#include "support/process.h"
#include "support/temp_dir.h"

namespace gpq::test {
namespace {

constexpr std::int64_t kMicrosPerMilli = 1000;
constexpr std::int64_t kDay = 86'400'000'000;

std::string joined(const std::vector<std::string>& args) {
  std::string text;
  for (const std::string& arg : args) {
    text += arg + " ";
  }
  return text;
}

// Printed epochs are milliseconds; the database holds microseconds, so a printed epoch is
// within half a millisecond of the stored one.
std::int64_t micros(simdjson::dom::element record) {
  const std::string_view text = record["EPOCH"].get_string().value();
  const std::optional<TimePoint> t = parse_iso8601(text);
  EXPECT_TRUE(t) << text;
  return t ? t->unix_micros() : 0;
}

std::string at(std::int64_t us) {
  return format_iso8601_millis(TimePoint::from_unix_micros(us));
}

// One object's history as the CLI printed it.
struct History {
  simdjson::dom::parser parser;  // owns the document
  simdjson::dom::element doc;
  std::vector<simdjson::dom::element> rows;
  std::vector<std::int64_t> epochs;
};

class CliInvariantsTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    if (real_data_dir().empty()) {
      return;
    }
    dir_ = std::make_unique<TempDir>();
    import_ = std::make_unique<ProcessResult>(
        run_gpq({db(), "sync", "--from", real_data_dir().string()}));
  }
  static void TearDownTestSuite() {
    import_.reset();
    dir_.reset();
  }
  void SetUp() override {
    if (real_data_dir().empty()) {
      GTEST_SKIP() << "GPQ_REAL_DATA is not set";
    }
    ASSERT_EQ(import_->exit_code, 0) << import_->err;
  }

  static std::string db() { return "--db=" + (dir_->path() / "gpq.db").string(); }

  // stdout of a command that must succeed, as JSON parsed by `parser`.
  static simdjson::dom::element json(simdjson::dom::parser& parser, std::vector<std::string> args,
                                     std::string& text) {
    const std::string name = joined(args);
    args.insert(args.begin(), db());
    args.insert(args.end(), {"--format", "json"});
    const ProcessResult result = run_gpq(args);
    EXPECT_EQ(result.exit_code, 0) << name << result.err;
    text = result.out;
    simdjson::dom::element doc;
    const auto error = parser.parse(text).get(doc);
    EXPECT_EQ(error, simdjson::SUCCESS) << name << simdjson::error_message(error);
    return doc;
  }

  // Up to `count` NORAD ids spread evenly over the list `gp <args>` prints.
  static std::vector<std::int64_t> sample(const std::vector<std::string>& args, std::size_t count) {
    simdjson::dom::parser parser;
    std::string text;
    std::vector<std::string> all = {"gp"};
    all.insert(all.end(), args.begin(), args.end());
    const simdjson::dom::array data = json(parser, all, text)["data"].get_array().value();
    std::vector<std::int64_t> ids;
    const std::size_t size = data.size();
    for (std::size_t i = 0; i < size && ids.size() < count;
         i += std::max<std::size_t>(1, size / count)) {
      ids.push_back(data.at(i)["NORAD_CAT_ID"].get_int64().value());
    }
    return ids;
  }

  static void read_history(std::int64_t id, History& history, std::string& text) {
    history.doc = json(history.parser,
                       {"history", std::to_string(id), "--end", "2100-01-01T00:00:00Z"}, text);
    const simdjson::dom::array data = history.doc["data"].get_array().value();
    for (const simdjson::dom::element row : data) {
      history.rows.push_back(row);
      history.epochs.push_back(micros(row));
    }
  }

  static inline std::unique_ptr<TempDir> dir_;
  static inline std::unique_ptr<ProcessResult> import_;
};

// The query epochs for one object: a day before the first set, a day after the last, and a
// third and two thirds into a few gaps between consecutive sets.
std::vector<std::int64_t> query_epochs(const std::vector<std::int64_t>& epochs) {
  std::vector<std::int64_t> out = {epochs.front() - kDay, epochs.back() + kDay};
  const std::size_t gaps = epochs.size() - 1;
  for (std::size_t k = 1; k <= 4 && gaps > 0; ++k) {
    const std::size_t i = std::min(gaps - 1, gaps * k / 5);
    const std::int64_t gap = epochs[i + 1] - epochs[i];
    for (const std::int64_t part : {gap / 3, 2 * gap / 3}) {
      out.push_back((epochs[i] + part) / kMicrosPerMilli * kMicrosPerMilli);
    }
  }
  return out;
}

TEST_F(CliInvariantsTest, HistoryNearestAdjacentAndRangeAgree) {
  // ISS and CSS, then Starlink, OneWeb, GEO, weather and the whole catalog, spread out.
  std::vector<std::int64_t> ids = {25544, 48274};
  for (const auto& [group, count] : std::vector<std::pair<std::string, std::size_t>>{
           {"starlink", 12}, {"oneweb", 8}, {"geo", 8}, {"stations", 4}, {"weather", 4}}) {
    const std::vector<std::int64_t> some = sample({"--group", group}, count);
    EXPECT_EQ(some.size(), count) << group;
    ids.insert(ids.end(), some.begin(), some.end());
  }
  const std::vector<std::int64_t> others = sample({"--limit", "40000"}, 14);
  ids.insert(ids.end(), others.begin(), others.end());
  std::sort(ids.begin(), ids.end());
  ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
  EXPECT_GE(ids.size(), 45U);

  std::size_t checked_queries = 0;
  std::size_t multi_set_objects = 0;
  for (const std::int64_t id : ids) {
    const std::string norad = std::to_string(id);
    History history;
    std::string history_text;
    read_history(id, history, history_text);
    const std::vector<std::int64_t>& epochs = history.epochs;
    ASSERT_FALSE(epochs.empty()) << norad;
    multi_set_objects += epochs.size() > 1 ? 1 : 0;

    // history: ascending; meta describes exactly the rows.
    EXPECT_TRUE(std::is_sorted(epochs.begin(), epochs.end())) << norad;
    const simdjson::dom::element meta = history.doc["meta"];
    EXPECT_EQ(meta["norad_id"].get_int64().value(), id) << norad;
    EXPECT_EQ(meta["total_elsets"].get_int64().value(), static_cast<std::int64_t>(epochs.size()))
        << norad;
    EXPECT_EQ(meta["earliest_epoch"].get_string().value(), at(epochs.front())) << norad;
    EXPECT_EQ(meta["latest_epoch"].get_string().value(), at(epochs.back())) << norad;
    std::set<std::string> years;
    for (const std::int64_t e : epochs) {
      years.insert(at(e).substr(0, 4));
    }

    // range: the same count, span and calendar years.
    simdjson::dom::parser range_parser;
    std::string range_text;
    const simdjson::dom::element range = json(range_parser, {"range", norad}, range_text);
    EXPECT_EQ(range["total_elsets"].get_int64().value(), static_cast<std::int64_t>(epochs.size()))
        << norad;
    EXPECT_EQ(range["year_files"].get_int64().value(), static_cast<std::int64_t>(years.size()))
        << norad;
    EXPECT_EQ(range["earliest_epoch"].get_string().value(), at(epochs.front())) << norad;
    EXPECT_EQ(range["latest_epoch"].get_string().value(), at(epochs.back())) << norad;

    for (const std::int64_t q : query_epochs(epochs)) {
      const std::string when = at(q);
      const std::string name = norad + " at " + when;
      // Brute force over the printed history: nearest (a tie to the earlier), and the sets
      // bracketing q. Skipped where half a millisecond of printing could change the answer.
      std::size_t best = 0;
      std::int64_t best_gap = INT64_MAX;
      std::int64_t runner_up = INT64_MAX;
      for (std::size_t i = 0; i < epochs.size(); ++i) {
        const std::int64_t gap = std::llabs(epochs[i] - q);
        if (gap < best_gap) {
          runner_up = best_gap;
          best_gap = gap;
          best = i;
        } else if (gap < runner_up) {
          runner_up = gap;
        }
      }
      const auto after = std::upper_bound(epochs.begin(), epochs.end(), q);
      const bool close_to_a_set = std::any_of(epochs.begin(), epochs.end(), [&](std::int64_t e) {
        return std::llabs(e - q) <= kMicrosPerMilli;
      });
      if (close_to_a_set || runner_up - best_gap <= 2 * kMicrosPerMilli) {
        continue;
      }
      ++checked_queries;

      simdjson::dom::parser parser;
      std::string text;
      const simdjson::dom::element nearest =
          json(parser, {"nearest", norad, "--epoch", when}, text);
      const std::int64_t chosen = micros(nearest);
      EXPECT_GE(chosen, epochs.front()) << name;
      EXPECT_LE(chosen, epochs.back()) << name;
      EXPECT_EQ(simdjson::to_string(nearest), simdjson::to_string(history.rows[best])) << name;

      simdjson::dom::parser adjacent_parser;
      std::string adjacent_text;
      const simdjson::dom::element adjacent =
          json(adjacent_parser, {"adjacent", norad, "--epoch", when}, adjacent_text);
      const simdjson::dom::element before = adjacent["before"];
      const simdjson::dom::element later = adjacent["after"];
      if (after == epochs.begin()) {
        EXPECT_TRUE(before.is_null()) << name;
      } else {
        ASSERT_FALSE(before.is_null()) << name;
        EXPECT_LE(micros(before), q) << name;
        EXPECT_EQ(
            simdjson::to_string(before),
            simdjson::to_string(history.rows[static_cast<std::size_t>(after - epochs.begin() - 1)]))
            << name;
      }
      if (after == epochs.end()) {
        EXPECT_TRUE(later.is_null()) << name;
      } else {
        ASSERT_FALSE(later.is_null()) << name;
        EXPECT_GT(micros(later), q) << name;
        EXPECT_EQ(
            simdjson::to_string(later),
            simdjson::to_string(history.rows[static_cast<std::size_t>(after - epochs.begin())]))
            << name;
      }
      if (before.is_null() || later.is_null()) {
        EXPECT_TRUE(adjacent["gap_hours"].is_null()) << name;
      } else {
        const double printed = static_cast<double>(micros(later) - micros(before)) / 3.6e9;
        EXPECT_NEAR(adjacent["gap_hours"].get_double().value(), printed, 1e-6) << name;
      }
    }
  }
  // The sample must exercise real histories, not only single sets.
  EXPECT_GE(multi_set_objects, 25U);
  EXPECT_GE(checked_queries, 200U);
}

}  // namespace
}  // namespace gpq::test
