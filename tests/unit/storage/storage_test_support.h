// Shared by the storage tests: element sets with realistic values, and a fixture with a
// fresh database file in a temporary directory.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "gpq/element_set.h"

#include "storage/database.h"
#include "storage/reader.h"
#include "storage/sync_runs.h"
#include "storage/writer.h"
#include "support/temp_dir.h"

namespace gpq::storage::test {

inline constexpr std::int64_t kEpoch2024 = 1'704'067'200'000'000;  // 2024-01-01T00:00:00Z
inline constexpr std::int64_t kMicrosPerHour = 3'600'000'000;

// An ISS-like set; tests change the fields they care about.
inline ElementSet make_set(std::int32_t norad_id, std::int64_t epoch_us,
                           DataSource source = DataSource::celestrak) {
  ElementSet set;
  set.norad_id = norad_id;
  set.object_name = "ISS (ZARYA)";
  set.object_id = "1998-067A";
  set.epoch = TimePoint::from_unix_micros(epoch_us);
  set.mean_motion = 15.49334650;
  set.eccentricity = 0.0004383;
  set.inclination = 51.6325;
  set.ra_of_asc_node = 301.589;
  set.arg_of_pericenter = 45.9017;
  set.mean_anomaly = 314.2533;
  set.bstar = 0.13024e-3;
  set.mean_motion_dot = 0.00016717;
  set.mean_motion_ddot = 0;
  set.rev_at_epoch = 43234;
  set.classification_type = 'U';
  set.element_set_no = 999;
  set.ephemeris_type = 0;
  set.source = source;
  return set;
}

// A database file written through a Writer under run `run_id_`, read through readers
// opened on demand (each its own read-only connection).
class StorageTest : public ::testing::Test {
 protected:
  StorageTest()
      : path_(dir_.path() / "data" / "gpq.db"),
        db_(Database::open(path_, Database::Mode::read_write)),
        runs_(*db_),
        run_id_(runs_.start_run("file", TimePoint::from_unix_micros(kRunStart))),
        writer_(*db_) {}

  WriteCounts write(const std::vector<ElementSet>& sets,
                    const std::vector<CatalogRecord>& records = {}) {
    return writer_.write_batch(sets, records, run_id_);
  }

  Reader& reader() {
    if (!reader_) {
      reader_ = std::make_unique<Reader>(path_);
    }
    return *reader_;
  }

  std::vector<ElementSet> history(std::int32_t norad_id, SourceFilter source = SourceFilter::all,
                                  Window window = {}) {
    std::vector<ElementSet> sets;
    reader().history(norad_id, TimePoint::from_unix_micros(0),
                     TimePoint::from_unix_micros(kEpoch2024 * 2), source, window,
                     [&](const ElementSet& set) { sets.push_back(set); });
    return sets;
  }

  static constexpr std::int64_t kRunStart = 1'718'000'000'000'000;

  gpq::test::TempDir dir_;
  std::filesystem::path path_;
  std::unique_ptr<Database> db_;
  SyncRuns runs_;
  std::int64_t run_id_;
  Writer writer_;
  std::unique_ptr<Reader> reader_;
};

}  // namespace gpq::storage::test
