// The known world of fixture_db.h, written through the same Writer that `gpq sync` uses.
#include "support/fixture_db.h"

#include <cstdio>
#include <cstdlib>
#include <string>

#include "storage/database.h"
#include "storage/sync_runs.h"
#include "storage/writer.h"

namespace gpq::test {

TimePoint iso(std::string_view text) {
  const std::optional<TimePoint> t = parse_iso8601(text);
  if (!t) {
    std::fprintf(stderr, "fixture_db: bad ISO 8601 text '%.*s'\n", static_cast<int>(text.size()),
                 text.data());
    std::abort();
  }
  return *t;
}

std::string set_list_text(Format format, const std::vector<ElementSet>& sets) {
  const auto writer = make_set_list_writer(format);
  std::string out;
  writer->begin(out);
  for (const ElementSet& set : sets) {
    writer->set(set, out);
  }
  writer->end(out);
  return out;
}

ElementSet make_set(std::int32_t norad_id, std::string_view name, TimePoint epoch,
                    DataSource source) {
  ElementSet set;
  set.norad_id = norad_id;
  set.object_name = std::string(name);
  set.epoch = epoch;
  set.mean_motion = 15.49334650;
  set.eccentricity = 0.0004383;
  set.inclination = 51.6325;
  set.ra_of_asc_node = 301.589;
  set.arg_of_pericenter = 45.9017;
  set.mean_anomaly = 314.2533;
  set.bstar = 0.13024e-3;
  set.mean_motion_dot = 0.00016717;
  set.rev_at_epoch = 43234;
  set.element_set_no = 999;
  set.source = source;
  if (source == DataSource::spacetrack) {
    // Space-Track stamps its sets; CelesTrak's carry no CREATION_DATE.
    set.creation_date =
        TimePoint::from_unix_micros(epoch.unix_micros() + 2 * 3600 * kMicrosPerSecond);
  }
  return set;
}

CatalogRecord make_catalog(std::int32_t norad_id, std::string_view name, ObjectType type,
                           std::string_view owner, TimePoint launch,
                           std::optional<TimePoint> decay) {
  CatalogRecord record;
  record.norad_id = norad_id;
  record.object_name = std::string(name);
  record.object_type = type;
  record.owner = std::string(owner);
  record.launch_date = launch;
  record.decay_date = decay;
  return record;
}

FixtureDb::FixtureDb(const std::filesystem::path& path)
    : path_(path),
      db_(storage::Database::open(path, storage::Database::Mode::read_write)),
      runs_(std::make_unique<storage::SyncRuns>(*db_)),
      writer_(std::make_unique<storage::Writer>(*db_)),
      run_id_(runs_->start_run("file", run_start())) {}

FixtureDb::~FixtureDb() {
  close();
}

void FixtureDb::write(std::span<const ElementSet> sets, std::span<const CatalogRecord> records) {
  writer_->write_batch(sets, records, run_id_);
}

void FixtureDb::sync_group(std::string_view group, std::span<const std::int32_t> norad_ids) {
  writer_->replace_group_members(group, norad_ids, run_start());
}

void FixtureDb::close() {
  if (runs_) {
    runs_->finish_run(run_id_, storage::RunOutcome::ok, {}, {}, run_start());
  }
  writer_.reset();  // before the connection its statements were prepared on
  runs_.reset();
  db_.reset();
}

namespace {

using namespace world;  // NOLINT(google-build-using-namespace): the world's names, here only

// A set of the world with its designator and, where given, other elements.
struct Orbit {
  double mean_motion;
  double eccentricity;
};
constexpr Orbit kLeo{15.49334650, 0.0004383};

ElementSet set_of(std::int32_t id, std::string_view name, std::string_view intdes,
                  std::string_view epoch, Orbit orbit = kLeo,
                  DataSource source = DataSource::celestrak) {
  ElementSet set = make_set(id, name, iso(epoch), source);
  set.object_id = std::string(intdes);
  set.mean_motion = orbit.mean_motion;
  set.eccentricity = orbit.eccentricity;
  return set;
}

std::vector<ElementSet> known_sets() {
  constexpr auto S = DataSource::spacetrack;
  constexpr auto C = DataSource::celestrak;
  const char* const iss = "ISS (ZARYA)";
  const char* const recent = "2026-02-27T12:00:00Z";
  return {
      set_of(kIss, iss, "1998-067A", "2026-01-10T00:00:00Z"),
      set_of(kIss, iss, "1998-067A", "2026-01-10T12:00:00Z"),
      set_of(kIss, iss, "1998-067A", "2026-01-11T00:00:00Z", kLeo, S),
      set_of(kIss, iss, "1998-067A", "2026-01-11T00:00:00.000400Z", kLeo, C),
      set_of(kIss, iss, "1998-067A", "2026-01-11T12:00:00Z"),
      set_of(kIss, iss, "1998-067A", "2026-01-11T12:00:00.000600Z", kLeo, S),
      set_of(kIss, iss, "1998-067A", "2026-01-12T00:00:00Z", kLeo, S),
      set_of(kIss, iss, "1998-067A", "2026-01-12T00:00:00.000300Z", kLeo, C),
      set_of(kCss, "CSS (TIANHE)", "2021-035A", "2026-02-27T00:00:00Z", {15.60, 0.0005}, S),
      set_of(kCss, "CSS (TIANHE)", "2021-035A", recent, {15.60, 0.0005}),
      set_of(kStarlink, "STARLINK-1007", "2019-074A", recent, {15.06, 0.0001}),
      set_of(kOneweb, "ONEWEB-0012", "2019-010A", recent, {13.16, 0.0002}),
      set_of(kGps, "GPS BIIR-2  (PRN 13)", "1997-035A", recent, {2.0056, 0.008}),
      set_of(kGlonass, "COSMOS 2433 [GLONASS-M]", "2007-052A", recent, {2.1310, 0.0006}),
      set_of(kGalileo, "GSAT0101 (GALILEO-PFM)", "2011-060A", recent, {1.7048, 0.0002}),
      set_of(kBeidou, "BEIDOU-2 G1", "2010-001A", recent, {1.0027, 0.0003}),
      set_of(kNoaa, "NOAA 19", "2009-005A", recent, {14.13, 0.0014}),
      set_of(kGoes, "GOES 16", "2016-071A", recent, {1.0027, 0.0001}),
      set_of(kAnalyst, "UNKNOWN", "", recent, kLeo, S),
      set_of(kAnalystHigh, "UNKNOWN", "", recent, kLeo, S),
      set_of(kNewGlonass, "COSMOS 2619 [GLONASS-K1]", "2026-194A", recent, {2.1271, 0.0005}),
      set_of(kLateLaunch, "LATE LAUNCH R/B", "2026-010B", "2026-01-20T00:00:00Z", {2.30, 0.72}),
      set_of(kLateLaunch, "LATE LAUNCH R/B", "2026-010B", "2026-02-01T00:00:00Z", {2.30, 0.72}),
      set_of(kFallen, "FALLEN SAT", "2025-001B", "2026-01-10T00:00:00Z"),
      set_of(kFallen, "FALLEN SAT", "2025-001B", "2026-01-14T00:00:00Z"),
      set_of(kTransfer, "GTO SAT", "2026-005A", "2026-01-10T00:00:00Z", {2.25, 0.73}),
      set_of(kTransfer, "GTO SAT", "2026-005A", "2026-01-20T00:00:00Z", {1.0027, 0.0002}),
      set_of(kFading, "FADING SAT", "2025-002A", "2026-02-28T00:00:00Z"),
      set_of(kYearEnd, "YEAR END", "2025-100A", "2025-12-31T23:59:59.999Z"),
      set_of(kYearEnd, "YEAR END", "2025-100A", "2026-01-01T00:00:00Z"),
      set_of(kFuture, "FUTURE SAT", "2025-200A", "2026-02-28T00:00:00Z"),
      set_of(kFuture, "FUTURE SAT", "2025-200A", "2026-03-02T00:00:00Z"),
  };
}

std::vector<CatalogRecord> known_catalog() {
  constexpr auto pay = ObjectType::payload;
  const auto day = [](std::string_view date) { return iso(std::string(date) + "T00:00:00Z"); };
  return {
      make_catalog(kCatalogOnly, "VANGUARD 1", pay, "US", day("1958-03-17")),
      make_catalog(kGps, "GPS BIIR-2  (PRN 13)", pay, "US", day("1997-07-23")),
      make_catalog(kIss, "ISS (ZARYA)", pay, "ISS", day("1998-11-20")),
      make_catalog(kGlonass, "COSMOS 2433 [GLONASS-M]", pay, "CIS", day("2007-10-26")),
      make_catalog(kNoaa, "NOAA 19", pay, "US", day("2009-02-06")),
      make_catalog(kBeidou, "BEIDOU-2 G1", pay, "PRC", day("2010-01-16")),
      make_catalog(kGalileo, "GSAT0101 (GALILEO-PFM)", pay, "ESA", day("2011-10-21")),
      make_catalog(kGoes, "GOES 16", pay, "US", day("2016-11-19")),
      make_catalog(kOneweb, "ONEWEB-0012", pay, "UK", day("2019-02-27")),
      make_catalog(kStarlink, "STARLINK-1007", pay, "US", day("2019-11-11")),
      make_catalog(kCss, "CSS (TIANHE)", pay, "PRC", day("2021-04-29")),
      make_catalog(kLateLaunch, "LATE LAUNCH R/B", ObjectType::rocket_body, "FR",
                   day("2026-01-19")),
      make_catalog(kFallen, "FALLEN SAT", ObjectType::debris, "US", day("2025-01-05"),
                   day("2026-01-15")),
      make_catalog(kTransfer, "GTO SAT", pay, "FR", day("2026-01-05")),
      make_catalog(kFading, "FADING SAT", pay, "US", day("2025-01-20"), day("2026-03-10")),
      make_catalog(kFuture, "FUTURE SAT", pay, "US", day("2025-10-01")),
      make_catalog(kNewGlonass, "COSMOS 2619 [GLONASS-K1]", pay, "CIS", day("2026-02-20")),
  };
}

}  // namespace

void FixtureDb::write_known_world() {
  const std::vector<ElementSet> sets = known_sets();
  std::vector<CatalogRecord> records = known_catalog();
  for (CatalogRecord& record : records) {
    record.object_id = record.norad_id == world::kCatalogOnly ? "1958-002B" : "";
    for (const ElementSet& set : sets) {
      if (set.norad_id == record.norad_id) {
        record.object_id = set.object_id;
      }
    }
  }
  write(sets, records);
}

}  // namespace gpq::test
