// Every real OMM and SATCAT file of $GPQ_REAL_DATA through its parser directly (no
// database): the record counts, epoch and id ranges of shared/data/README.md, no
// skipped record, and the source each file counts as. Parse rates are printed.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <limits>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "gpq/catalog.h"
#include "gpq/element_set.h"
#include "gpq/time.h"

#include "support/temp_dir.h"
#include "sync/input.h"
#include "sync/parse/parsers.h"
#include "sync/record_sink.h"

namespace gpq::test {
namespace {

namespace fs = std::filesystem;

enum class Parser { omm_csv, omm_kvn, omm_xml, json };

// Counts what a parser delivers and keeps the ranges the README states.
class TallySink final : public sync::RecordSink {
 public:
  void element_set(ElementSet&& set) override {
    ++sets;
    first_epoch = std::min(first_epoch, set.epoch);
    last_epoch = std::max(last_epoch, set.epoch);
    min_id = std::min(min_id, set.norad_id);
    max_id = std::max(max_id, set.norad_id);
    sources.insert(set.source);
    with_creation_date += set.creation_date ? 1 : 0;
  }
  void catalog_record(CatalogRecord&& record) override {
    ++records;
    min_id = std::min(min_id, record.norad_id);
    max_id = std::max(max_id, record.norad_id);
    decayed += record.decay_date ? 1 : 0;
    status_d += record.ops_status_code == "D" ? 1 : 0;
    typed += record.object_type ? 1 : 0;
    launched += record.launch_date ? 1 : 0;
  }
  void skip(std::uint64_t line, std::string reason) override {
    if (skips.size() < 5) {
      skips += "line " + std::to_string(line) + ": " + reason + "; ";
    }
    ++skipped;
  }

  std::uint64_t sets = 0;
  std::uint64_t records = 0;
  std::uint64_t skipped = 0;
  std::string skips;
  TimePoint first_epoch = TimePoint::from_unix_micros(std::numeric_limits<std::int64_t>::max());
  TimePoint last_epoch = TimePoint::from_unix_micros(std::numeric_limits<std::int64_t>::min());
  std::int32_t min_id = std::numeric_limits<std::int32_t>::max();
  std::int32_t max_id = 0;
  std::set<DataSource> sources;
  std::uint64_t with_creation_date = 0;
  std::uint64_t decayed = 0;
  std::uint64_t status_d = 0;
  std::uint64_t typed = 0;
  std::uint64_t launched = 0;
};

struct Expected {
  const char* path;  // relative to $GPQ_REAL_DATA
  Parser parser;
  std::uint64_t sets;
  std::uint64_t records;
  const char* first_epoch;  // a prefix of the earliest EPOCH (format_iso8601_micros), or ""
  const char* last_epoch;
  std::int32_t min_id;  // 0: not checked
  std::int32_t max_id;
};

// shared/data/README.md, row by row.
constexpr Expected kFiles[] = {
    {"gp/celestrak_gp_active_2026-07-10.csv", Parser::omm_csv, 15985, 0, "2026-06-16T22:18:40",
     "2026-07-12T06:46:16", 0, 0},
    {"gp/celestrak_gp_gps-ops_2026-09-23.csv", Parser::omm_csv, 32, 0, "2026-09-17T07:40:50",
     "2026-09-23T15:28:25", 0, 0},
    {"gp/celestrak_gp_glo-ops_2026-09-23.csv", Parser::omm_csv, 29, 0, "2026-09-03T01:12:20",
     "2026-09-23T15:10:11", 0, 100744},
    {"gp/celestrak_gp_galileo_2026-09-23.csv", Parser::omm_csv, 32, 0, "2026-09-15T07:12:15",
     "2026-09-23T13:13:29", 0, 0},
    {"gp/celestrak_gp_beidou_2026-09-23.csv", Parser::omm_csv, 54, 0, "2026-09-13T16:04:22",
     "2026-09-23T16:23:57", 0, 0},
    {"gp/celestrak_gp_stations_2026-09-23.csv", Parser::omm_csv, 22, 0, "2026-09-21T18:21:54",
     "2026-09-23T10:36:30", 0, 0},
    {"gp/celestrak_gp_last-30-days_2026-09-23.csv", Parser::omm_csv, 203, 0, "2026-09-01T05:19:19",
     "2026-09-23T15:54:53", 100460, 100789},
    {"gp/celestrak_gp_analyst_2026-09-23.csv", Parser::omm_csv, 593, 0, "2026-08-24T23:14:12",
     "2026-09-23T14:43:32", 81011, 290027},
    {"fixtures/celestrak_orbcomm_omm_2023-08-23.xml", Parser::omm_xml, 60, 0, "2023-08-22",
     "2023-08-23", 0, 0},
    {"fixtures/celestrak_omm_kvn_stations_2026-04-02.txt", Parser::omm_kvn, 31, 0, "2026-04-02",
     "2026-04-02", 0, 0},
    {"fixtures/spacetrack_gp_alpha5_sample_2026-08-08.json", Parser::json, 56, 0, "2026-08-07",
     "2026-08-08", 100190, 100245},
    {"fixtures/spacetrack_gp_newest_tle_2026-06-13.json", Parser::json, 500, 0, "", "", 89074,
     270449},
    {"satcat/spacetrack_satcat_current_2025-03-15T22-48-37.json.xz", Parser::json, 0, 30142, "", "",
     0, 0},
    {"satcat/spacetrack_satcat_decayed_2025-03-15T22-48-37.json.xz", Parser::json, 0, 32962, "", "",
     0, 0},
    {"satcat/spacetrack_satcat_newest100_2026-06-05.json", Parser::json, 0, 100, "", "", 69176,
     69328},
};

// The files the brief's globs select: the table above must name each of them.
std::vector<std::string> omm_and_satcat_files(const fs::path& root) {
  std::vector<std::string> found;
  const auto add = [&](const char* dir, auto wanted) {
    if (!fs::is_directory(root / dir)) {
      return;
    }
    for (const auto& entry : fs::directory_iterator(root / dir)) {
      const std::string name = entry.path().filename().string();
      if (entry.is_regular_file() && wanted(name)) {
        found.push_back(std::string(dir) + "/" + name);
      }
    }
  };
  add("gp", [](const std::string& n) { return n.ends_with(".csv"); });
  add("fixtures", [](const std::string& n) {
    return n.ends_with(".xml") || n.ends_with(".json") ||
           (n.find("kvn") != std::string::npos && n.ends_with(".txt"));
  });
  add("satcat",
      [](const std::string& n) { return n.ends_with(".json") || n.ends_with(".json.xz"); });
  std::sort(found.begin(), found.end());
  return found;
}

struct FileRun {
  TallySink sink;
  double seconds = 0;
  std::uint64_t bytes = 0;  // decompressed
};

// Counts the decompressed bytes as the parser reads them.
class CountingStream final : public sync::ByteStream {
 public:
  explicit CountingStream(sync::ByteStream& in) : in_(in) {}
  std::size_t read(char* buffer, std::size_t capacity) override {
    const std::size_t got = in_.read(buffer, capacity);
    bytes += got;
    return got;
  }
  std::uint64_t bytes_consumed() const override { return in_.bytes_consumed(); }
  std::uint64_t bytes = 0;

 private:
  sync::ByteStream& in_;
};

void parse_file(const fs::path& path, Parser parser, FileRun& run) {
  const auto file = sync::open_file(path);
  CountingStream in(*file);
  const sync::ParseOptions options;
  const auto start = std::chrono::steady_clock::now();
  sync::LineReader lines(in);
  switch (parser) {
    case Parser::omm_csv:
      sync::parse_omm_csv(lines, options, run.sink);
      break;
    case Parser::omm_kvn:
      sync::parse_omm_kvn(lines, options, run.sink);
      break;
    case Parser::omm_xml:
      sync::parse_omm_xml(in, options, run.sink);
      break;
    case Parser::json:
      sync::parse_json_records(in, options, run.sink);
      break;
  }
  run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  run.bytes = in.bytes;
}

TEST(OmmRealDataTest, EveryFileGivesTheReadmeCountsWithNoSkip) {
  const fs::path root = real_data_dir();
  if (root.empty()) {
    GTEST_SKIP() << "GPQ_REAL_DATA is not set";
  }
  std::vector<std::string> listed;
  for (const Expected& file : kFiles) {
    listed.emplace_back(file.path);
  }
  std::sort(listed.begin(), listed.end());
  EXPECT_EQ(omm_and_satcat_files(root), listed) << "a file without a row in kFiles, or missing";

  for (const Expected& file : kFiles) {
    if (!fs::exists(root / file.path)) {
      continue;  // reported above
    }
    FileRun run;
    ASSERT_NO_THROW(parse_file(root / file.path, file.parser, run)) << file.path;
    const TallySink& got = run.sink;
    EXPECT_EQ(got.skipped, 0U) << file.path << ": " << got.skips;
    EXPECT_EQ(got.sets, file.sets) << file.path;
    EXPECT_EQ(got.records, file.records) << file.path;
    if (*file.first_epoch != '\0') {
      EXPECT_TRUE(format_iso8601_micros(got.first_epoch).starts_with(file.first_epoch))
          << file.path << ": " << format_iso8601_micros(got.first_epoch);
      EXPECT_TRUE(format_iso8601_micros(got.last_epoch).starts_with(file.last_epoch))
          << file.path << ": " << format_iso8601_micros(got.last_epoch);
    }
    if (file.min_id != 0) {
      EXPECT_EQ(got.min_id, file.min_id) << file.path;
    }
    if (file.max_id != 0) {
      EXPECT_EQ(got.max_id, file.max_id) << file.path;
    }
    if (got.sets > 0) {
      // CelesTrak files hold CelesTrak data; Space-Track's JSON is recognised by its shape.
      const DataSource source = std::string(file.path).find("spacetrack") != std::string::npos
                                    ? DataSource::spacetrack
                                    : DataSource::celestrak;
      EXPECT_EQ(got.sources, std::set<DataSource>{source}) << file.path;
      EXPECT_EQ(got.with_creation_date, 0U) << file.path << ": neither gives a CREATION_DATE";
    }
    if (got.records > 0) {
      // Space-Track's satcat has no OPS_STATUS_CODE: exactly the decayed objects get D.
      EXPECT_EQ(got.status_d, got.decayed) << file.path;
      EXPECT_EQ(got.typed, got.records) << file.path << ": every row has an OBJECT_TYPE";
    }
    const auto records = static_cast<double>(got.sets + got.records);
    std::printf("[ rate     ] %-62s %6.0f records %7.1f ms %8.0f records/s %6.1f MB/s\n", file.path,
                records, run.seconds * 1e3, records / std::max(run.seconds, 1e-9),
                static_cast<double>(run.bytes) / 1e6 / std::max(run.seconds, 1e-9));
  }
}

TEST(OmmRealDataTest, SatcatPullsSplitIntoCurrentAndDecayed) {
  const fs::path root = real_data_dir();
  if (root.empty()) {
    GTEST_SKIP() << "GPQ_REAL_DATA is not set";
  }
  // README: the current pull has DECAY null throughout, the decayed pull a DECAY everywhere.
  const struct {
    const char* path;
    bool decayed;
  } rows[] = {
      {"satcat/spacetrack_satcat_current_2025-03-15T22-48-37.json.xz", false},
      {"satcat/spacetrack_satcat_decayed_2025-03-15T22-48-37.json.xz", true},
  };
  for (const auto& row : rows) {
    FileRun run;
    parse_file(root / row.path, Parser::json, run);
    ASSERT_GT(run.sink.records, 0U) << row.path;
    EXPECT_EQ(run.sink.decayed, row.decayed ? run.sink.records : 0U) << row.path;
    EXPECT_EQ(run.sink.launched, run.sink.records) << row.path << ": every row has a LAUNCH";
  }
}

}  // namespace
}  // namespace gpq::test
