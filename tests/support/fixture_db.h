// FixtureDb: a database file holding a small world of hand-built element sets, catalog
// records and group lists, written through the real storage::Writer, so that every query
// has an answer known by construction. The query core tests and the CLI tests share it.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "gpq/catalog.h"
#include "gpq/element_set.h"
#include "gpq/format.h"
#include "gpq/time.h"

namespace gpq::storage {
class Database;
class SyncRuns;
class Writer;
}  // namespace gpq::storage

namespace gpq::test {

// An ISO 8601 text as a TimePoint; aborts the test program on a typo.
TimePoint iso(std::string_view text);

// A LEO set (ISS-like elements) of `norad_id` named `name` at `epoch`.
ElementSet make_set(std::int32_t norad_id, std::string_view name, TimePoint epoch,
                    DataSource source = DataSource::celestrak);

// `sets` written whole in `format` (a file for `gpq sync --from`).
std::string set_list_text(Format format, const std::vector<ElementSet>& sets);

// A catalog record; `decay` empty for an object still in orbit.
CatalogRecord make_catalog(std::int32_t norad_id, std::string_view name, ObjectType type,
                           std::string_view owner, TimePoint launch,
                           std::optional<TimePoint> decay = std::nullopt);

class FixtureDb {
 public:
  // Creates the database at `path` (and its directory), empty. Throws gpq::Error.
  explicit FixtureDb(const std::filesystem::path& path);
  ~FixtureDb();
  FixtureDb(const FixtureDb&) = delete;
  FixtureDb& operator=(const FixtureDb&) = delete;
  FixtureDb(FixtureDb&&) = delete;
  FixtureDb& operator=(FixtureDb&&) = delete;

  // One batch under the fixture's sync run (started at kRunStart).
  void write(std::span<const ElementSet> sets, std::span<const CatalogRecord> records = {});
  // Makes `norad_ids` the synced members of `group`.
  void sync_group(std::string_view group, std::span<const std::int32_t> norad_ids);
  // Writes the known world below.
  void write_known_world();
  // Records the run as ended and closes the writing connection (the file stays), so that other
  // processes find it quiet. Nothing can be written after it; the destructor calls it.
  void close();

  const std::filesystem::path& path() const { return path_; }

  // _collected_at of every set the fixture writes.
  static TimePoint run_start() { return iso("2026-02-28T18:00:00Z"); }

 private:
  std::filesystem::path path_;
  std::unique_ptr<storage::Database> db_;
  std::unique_ptr<storage::SyncRuns> runs_;
  std::unique_ptr<storage::Writer> writer_;
  std::int64_t run_id_ = 0;
};

// The known world, as of its clock kNow = 2026-03-01T00:00:00Z. Epochs are whole seconds
// unless a microsecond part is written. C = CelesTrak, S = Space-Track.
//
// 25544 ISS (ZARYA)  1998-067A  PAYLOAD ISS  LEO   sets (merged order, `all`):
//   2026-01-10T00:00 C, 2026-01-10T12:00 C,
//   2026-01-11T00:00 S  (+ C at .000400, the same millisecond: hidden with `all`),
//   2026-01-11T12:00 C, 2026-01-11T12:00:00.000600 S (another millisecond: both shown),
//   2026-01-12T00:00 S  (+ C at .000300, hidden with `all`)      -> 6 (all), 5 C, 3 S
// 48274 CSS (TIANHE)          2021-035A PAYLOAD PRC  LEO  2026-02-27T00:00 S, 12:00 C (newest)
// 44713 STARLINK-1007         2019-074A PAYLOAD US   LEO  2026-02-27T12:00 C
// 44057 ONEWEB-0012           2019-010A PAYLOAD UK   LEO  2026-02-27T12:00 C
// 24876 GPS BIIR-2  (PRN 13)  1997-035A PAYLOAD US   MEO  2026-02-27T12:00 C
// 32276 COSMOS 2433 [GLONASS-M] 2007-052A PAYLOAD CIS MEO 2026-02-27T12:00 C
// 37846 GSAT0101 (GALILEO-PFM) 2011-060A PAYLOAD ESA MEO  2026-02-27T12:00 C
// 36287 BEIDOU-2 G1           2010-001A PAYLOAD PRC  GEO  2026-02-27T12:00 C
// 33591 NOAA 19               2009-005A PAYLOAD US   LEO  2026-02-27T12:00 C
// 41866 GOES 16               2016-071A PAYLOAD US   GEO  2026-02-27T12:00 C
// 81011 UNKNOWN (no designator, no catalog record)  LEO  2026-02-27T12:00 S
// 270449 UNKNOWN (no designator, no catalog record) LEO  2026-02-27T12:00 S
// 100460 COSMOS 2619 [GLONASS-K1] 2026-194A PAYLOAD CIS MEO, launched 2026-02-20
//                                                         2026-02-27T12:00 C
// 50001 LATE LAUNCH R/B   2026-010B ROCKET BODY FR HEO, launched 2026-01-19
//                                          2026-01-20T00:00 C, 2026-02-01T00:00 C
// 50002 FALLEN SAT        2025-001B DEBRIS US  LEO, decayed 2026-01-15
//                                          2026-01-10T00:00 C, 2026-01-14T00:00 C
// 50003 GTO SAT           2026-005A PAYLOAD FR, launched 2026-01-05
//                                          2026-01-10T00:00 C (HEO), 2026-01-20T00:00 C (GEO)
// 50004 FADING SAT        2025-002A PAYLOAD US LEO, decays 2026-03-10 (after kNow)
//                                          2026-02-28T00:00 C
// 50005 YEAR END          2025-100A (no catalog record) LEO
//                                          2025-12-31T23:59:59.999 C, 2026-01-01T00:00 C
// 50006 FUTURE SAT        2025-200A PAYLOAD US LEO  2026-02-28T00:00 C, 2026-03-02T00:00 C
// 5     VANGUARD 1        1958-002B PAYLOAD US, catalog only (no set)
// No group is synced.
namespace world {
inline constexpr std::int32_t kIss = 25544;
inline constexpr std::int32_t kCss = 48274;
inline constexpr std::int32_t kStarlink = 44713;
inline constexpr std::int32_t kOneweb = 44057;
inline constexpr std::int32_t kGps = 24876;
inline constexpr std::int32_t kGlonass = 32276;
inline constexpr std::int32_t kGalileo = 37846;
inline constexpr std::int32_t kBeidou = 36287;
inline constexpr std::int32_t kNoaa = 33591;
inline constexpr std::int32_t kGoes = 41866;
inline constexpr std::int32_t kAnalyst = 81011;
inline constexpr std::int32_t kAnalystHigh = 270449;
inline constexpr std::int32_t kNewGlonass = 100460;
inline constexpr std::int32_t kLateLaunch = 50001;
inline constexpr std::int32_t kFallen = 50002;
inline constexpr std::int32_t kTransfer = 50003;
inline constexpr std::int32_t kFading = 50004;
inline constexpr std::int32_t kYearEnd = 50005;
inline constexpr std::int32_t kFuture = 50006;
inline constexpr std::int32_t kCatalogOnly = 5;
inline TimePoint now() {
  return iso("2026-03-01T00:00:00Z");
}
}  // namespace world

}  // namespace gpq::test
