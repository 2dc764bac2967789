// $GPQ_REAL_DATA imported through sync::Importer, file by file: the totals of each
// file kind against shared/data/README.md, the one bad record, an idempotent
// second import, and known objects read back through the query core.
#include <algorithm>
#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "gpq/error.h"
#include "gpq/query.h"
#include "gpq/query_service.h"
#include "gpq/time.h"

#include "storage/database.h"
#include "storage/sqlite_store.h"
#include "support/temp_dir.h"
#include "sync/detect.h"
#include "sync/importer.h"
#include "sync/input.h"

namespace gpq::test {
namespace {

struct KindTotals {
  std::uint64_t files = 0;
  std::uint64_t sets_read = 0;
  std::uint64_t records_skipped = 0;
  std::uint64_t catalog_records = 0;
};

sync::FileKind kind_of(const std::filesystem::path& path) {
  const auto in = sync::open_file(path);
  std::string head(64 * 1024, '\0');
  std::size_t filled = 0;
  while (filled < head.size()) {
    const std::size_t got = in->read(head.data() + filled, head.size() - filled);
    if (got == 0) {
      break;
    }
    filled += got;
  }
  head.resize(filled);
  return sync::detect_kind(head);
}

// Every regular file below `dir`, in byte order of the relative path (the importer's order).
std::vector<std::filesystem::path> files_below(const std::filesystem::path& dir) {
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(dir)) {
    if (entry.is_regular_file()) {
      files.push_back(entry.path());
    }
  }
  std::sort(files.begin(), files.end(), [&](const auto& a, const auto& b) {
    return a.lexically_relative(dir).string() < b.lexically_relative(dir).string();
  });
  return files;
}

class ImportRealDataTest : public ::testing::Test {
 protected:
  // The import is the expensive part (1.47 M sets, ~12 s): once per test program (ctest runs
  // each test in its own).
  static void SetUpTestSuite() {
    if (real_data_dir().empty()) {
      return;
    }
    state_ = new State();
    try {
      auto db = storage::Database::open(db_path(), storage::Database::Mode::read_write);
      sync::ImportOptions options;
      options.max_reported_skips = 0;  // keep every skipped record
      sync::Importer importer(*db, options);
      for (const std::filesystem::path& file : files_below(real_data_dir())) {
        const std::string relative = file.lexically_relative(real_data_dir()).string();
        const sync::FileKind kind = kind_of(file);
        if (kind == sync::FileKind::unknown) {
          state_->unknown.push_back(relative);
          continue;
        }
        const std::filesystem::path paths[] = {file};
        const sync::ImportSummary summary = importer.run(paths);
        KindTotals& totals = state_->totals[std::string(to_string(kind))];
        ++totals.files;
        totals.sets_read += summary.sets_read;
        totals.records_skipped += summary.records_skipped;
        totals.catalog_records += summary.catalog_records;
        state_->skips.insert(state_->skips.end(), summary.skips.begin(), summary.skips.end());
        state_->failed.insert(state_->failed.end(), summary.failed_files.begin(),
                              summary.failed_files.end());
      }
    } catch (const std::exception& e) {
      state_->error = e.what();
    }
  }
  static void TearDownTestSuite() {
    delete state_;
    state_ = nullptr;
  }
  void SetUp() override {
    if (real_data_dir().empty()) {
      GTEST_SKIP() << "GPQ_REAL_DATA is not set";
    }
    ASSERT_TRUE(state_->error.empty()) << state_->error;
  }

  static std::filesystem::path db_path() { return state_->dir.path() / "gpq.db"; }

  struct State {
    TempDir dir;
    std::map<std::string, KindTotals> totals;  // by to_string(FileKind)
    std::vector<std::string> unknown;
    std::vector<sync::SkippedRecord> skips;
    std::vector<std::string> failed;
    std::string error;
  };
  static inline State* state_ = nullptr;
};

TEST_F(ImportRealDataTest, TotalsOfEachFileKindMatchTheReadmeWithNoSkip) {
  // Sums of the README's `records` column (file names say which kind each file is).
  const struct {
    const char* kind;
    std::uint64_t files, sets_read, records_skipped, catalog_records;
  } rows[] = {
      // history/*.3le.xz 1,425,868 (one of them the 70-column starlink record) + Space-Track
      // snapshots 27,106 + 1,765 (20 files of 2023) + fixtures orbcomm 3LE 60.
      {"TLE text", 30, 1'454'799, 0, 0},
      // gp/*.csv: 15,985 + 32 + 29 + 32 + 54 + 22 + 203 + 593.
      {"OMM CSV", 8, 16'950, 0, 0},
      {"OMM XML", 1, 60, 0, 0},
      {"OMM KVN", 1, 31, 0, 0},
      // fixtures: Alpha-5 sample 56 + newest 500 sets; satcat: 30,142 + 32,962 + 100 records.
      {"JSON", 5, 556, 0, 63'204},
  };
  std::uint64_t sets = 0;
  std::uint64_t catalog = 0;
  for (const auto& row : rows) {
    const KindTotals& got = state_->totals[row.kind];
    EXPECT_EQ(got.files, row.files) << row.kind;
    EXPECT_EQ(got.sets_read, row.sets_read) << row.kind;
    EXPECT_EQ(got.records_skipped, row.records_skipped) << row.kind;
    EXPECT_EQ(got.catalog_records, row.catalog_records) << row.kind;
    sets += got.sets_read;
    catalog += got.catalog_records;
  }
  EXPECT_EQ(state_->totals.size(), std::size(rows)) << "no other kind was detected";
  EXPECT_EQ(sets, 1'472'396U);
  EXPECT_EQ(catalog, 63'204U);
  EXPECT_TRUE(state_->failed.empty()) << state_->failed.front();

  // The files that are not element data: the README, group membership, snapshot indexes.
  std::vector<std::string> expected_unknown = {
      "README.md", "groups/celestrak_group_membership_2026-05-24_2026-07-14.csv"};
  for (const char* group :
       {"geo", "military", "oneweb", "resource", "science", "starlink", "stations", "weather"}) {
    expected_unknown.push_back(std::string("history/celestrak_") + group +
                               "_2026-05-24_2026-07-14.index.csv");
  }
  EXPECT_EQ(state_->unknown, expected_unknown);

  // The starlink record the README counts as skipped (a 70-column line 1) is read.
  EXPECT_TRUE(state_->skips.empty()) << state_->skips.front().reason;
}

TEST_F(ImportRealDataTest, ImportingAgainAddsNothing) {
  const auto db = storage::Database::open(db_path(), storage::Database::Mode::read_write);
  const std::filesystem::path whole[] = {real_data_dir()};
  const sync::ImportSummary again = sync::Importer(*db, {}).run(whole);
  EXPECT_EQ(again.files_imported, 45U);
  EXPECT_EQ(again.sets_read, 1'472'396U);
  EXPECT_EQ(again.sets_added, 0U);
  EXPECT_EQ(again.records_skipped, 0U);
  EXPECT_EQ(again.catalog_records, 63'204U);
  EXPECT_EQ(again.unknown_files.size(), state_->unknown.size());
  EXPECT_TRUE(again.failed_files.empty());
}

TEST_F(ImportRealDataTest, KnownObjectsReadBackThroughTheQueryCore) {
  const auto store = storage::SqliteStore::open(db_path());
  const QueryService core(*store);

  const ElementSet iss = core.latest(25544);
  EXPECT_EQ(format_iso8601_millis(iss.epoch), "2026-09-23T10:22:36.197Z");
  EXPECT_EQ(iss.object_id, "1998-067A");

  // Alpha-5 TLEs of Space-Track's reduced JSON rows (A0245, T0449).
  const ElementSet electron = core.latest(100245);
  EXPECT_EQ(electron.norad_id, 100245);
  EXPECT_EQ(electron.object_id, "2026-180C");
  EXPECT_EQ(electron.source, DataSource::spacetrack);
  // 270449 is in both upstreams: CelesTrak's analyst CSV (newest) and Space-Track's T0449.
  const ElementSet analyst = core.latest(270449);
  EXPECT_EQ(analyst.norad_id, 270449);
  EXPECT_EQ(analyst.source, DataSource::celestrak);
  EXPECT_EQ(format_iso8601_micros(analyst.epoch), "2026-09-22T06:54:56.623104");
  const auto t0449 = store->latest(270449, SourceFilter::spacetrack);
  ASSERT_TRUE(t0449.has_value());
  EXPECT_EQ(format_iso8601_micros(t0449->epoch), "2026-06-12T00:34:33.285504");
  EXPECT_EQ(t0449->object_id, "") << "OBJECT_ID UNKNOWN is stored as no designator";

  // Space-Track's satcat has no OPS_STATUS_CODE: decayed objects get D, others none.
  const CatalogRecord sputnik = core.catalog_record(2);
  EXPECT_EQ(sputnik.object_name, "SPUTNIK 1");
  EXPECT_EQ(sputnik.ops_status_code, "D");
  ASSERT_TRUE(sputnik.decay_date.has_value());
  EXPECT_EQ(format_date(*sputnik.decay_date), "1958-01-03");
  const CatalogRecord zarya = core.catalog_record(25544);
  EXPECT_EQ(zarya.ops_status_code, "");
  EXPECT_EQ(zarya.owner, "ISS");
  EXPECT_FALSE(zarya.decay_date.has_value());
}

}  // namespace
}  // namespace gpq::test
