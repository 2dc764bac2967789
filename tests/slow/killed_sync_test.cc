// `gpq sync` killed with SIGKILL at random moments, as a power cut or the OOM killer would:
// after each kill the database passes integrity_check and holds a committed generation (its
// counts, tallies and newest-set pointers agree with its sets, and every set it holds is one
// the whole run would hold), and the same command again ends equal to an uninterrupted run.
// Half the kills hit an import of the shared history files, half a sync from a loopback
// CelesTrak serving the shared current catalog. GPQ_KILLS_PER_KIND sets how many of each
// (default 15, which keeps CI's slow stage near two minutes; 50 for a thorough run).
#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <map>
#include <random>
#include <set>
#include <signal.h>
#include <sstream>
#include <string>
#include <vector>

#include <SQLiteCpp/SQLiteCpp.h>
#include <gtest/gtest.h>

#include "gpq/request.h"

#include "support/fake_upstream.h"
#include "support/mirror_dump.h"
#include "support/process.h"
#include "support/temp_dir.h"

namespace gpq::test {
namespace {

namespace fs = std::filesystem;
using std::chrono::microseconds;

int kills_per_kind() {
  const char* wanted = std::getenv("GPQ_KILLS_PER_KIND");
  const int kills = wanted != nullptr ? std::atoi(wanted) : 0;
  return kills > 0 ? kills : 15;
}

std::vector<std::string> lines_of_section(const std::string& dump, std::string_view section) {
  std::vector<std::string> lines;
  std::istringstream in(dump);
  std::string line;
  bool inside = false;
  while (std::getline(in, line)) {
    if (line.starts_with("# ")) {
      inside = line.substr(2) == section;
      continue;
    }
    if (inside) {
      lines.push_back(line);
    }
  }
  return lines;
}

// "norad,source,epoch" of a set or latest line.
std::string set_key(const std::string& line) {
  std::size_t comma = line.find(',');
  comma = line.find(',', comma + 1);
  comma = line.find(',', comma + 1);
  return line.substr(0, comma);
}

std::set<std::string> set_keys(const std::string& dump) {
  std::set<std::string> keys;
  for (const std::string& line : lines_of_section(dump, "sets")) {
    keys.insert(set_key(line));
  }
  return keys;
}

std::string read_text(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

std::int64_t scalar(SQLite::Database& db, const std::string& sql) {
  return db.execAndGet(sql).getInt64();
}

// What a committed generation satisfies and a torn write would break.
void expect_committed_generation(const fs::path& db_path, const std::set<std::string>& whole_run) {
  if (!fs::exists(db_path)) {
    return;  // killed before the file was created
  }
  {
    SQLite::Database db(db_path.string(), SQLite::OPEN_READONLY);
    ASSERT_EQ(db.execAndGet("PRAGMA integrity_check").getString(), "ok");
    if (scalar(db, "SELECT count(*) FROM sqlite_schema WHERE name = 'set_block'") == 0) {
      return;  // killed before the schema was committed: an empty file
    }
  }
  const std::string dump = dump_mirror(db_path);
  const std::vector<std::string> sets = lines_of_section(dump, "sets");
  SQLite::Database db(db_path.string(), SQLite::OPEN_READONLY);
  EXPECT_EQ(scalar(db, "SELECT value FROM meta WHERE key = 'element_set_count'"),
            static_cast<std::int64_t>(sets.size()));
  EXPECT_EQ(scalar(db, "SELECT coalesce(sum(set_count), 0) FROM set_block"),
            static_cast<std::int64_t>(sets.size()));
  EXPECT_EQ(scalar(db, "SELECT coalesce(sum(set_count), 0) FROM object_year"),
            static_cast<std::int64_t>(sets.size()));
  // Each object's newest set is the one `latest` points at.
  std::map<std::string, std::string> newest;  // "norad,source" -> key of its newest set
  for (const std::string& line : sets) {
    const std::string key = set_key(line);
    newest[key.substr(0, key.rfind(','))] = key;
  }
  std::map<std::string, std::string> latest;
  for (const std::string& line : lines_of_section(dump, "latest")) {
    const std::string key = set_key(line);
    latest[key.substr(0, key.rfind(','))] = key;
  }
  EXPECT_EQ(latest, newest);
  std::size_t strangers = 0;
  for (const std::string& line : sets) {
    strangers += whole_run.contains(set_key(line)) ? 0 : 1;
  }
  EXPECT_EQ(strangers, 0U) << "sets the whole run does not hold";
}

class KilledSyncTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (real_data_dir().empty()) {
      GTEST_SKIP() << "GPQ_REAL_DATA is not set";
    }
  }

  // Kills `args` (run against each kill's fresh database) at random moments over the span an
  // uninterrupted run takes, and checks each kill and its rerun.
  void kill_at_random(const std::vector<std::string>& args, const std::string& what) {
    const fs::path reference = dir_.path() / "reference.db";
    ASSERT_EQ(run_gpq(with_db(reference, args)).exit_code, 0) << what;
    const std::string whole = dump_mirror(reference);
    const std::set<std::string> whole_run = set_keys(whole);
    // The span of the faster of two more runs (files and pages now cached, as for the kills),
    // less a quarter, so that nearly every kill lands inside a run even when the machine is
    // busier while it is timed than during the kills.
    microseconds span = microseconds::max();
    for (int round = 0; round < 2; ++round) {
      const fs::path timed = dir_.path() / ("timed-" + std::to_string(round) + ".db");
      const auto started = std::chrono::steady_clock::now();
      ASSERT_EQ(run_gpq(with_db(timed, args)).exit_code, 0) << what;
      span = std::min(span, std::chrono::duration_cast<microseconds>(
                                std::chrono::steady_clock::now() - started));
    }
    std::mt19937_64 random(20261124);
    std::uniform_int_distribution<std::int64_t> moment(0, span.count() * 3 / 4);
    const int kills = kills_per_kind();
    int killed = 0;
    for (int i = 0; i < kills; ++i) {
      SCOPED_TRACE(what + ", kill " + std::to_string(i));
      const fs::path db = dir_.path() / ("kill-" + std::to_string(i) + ".db");
      const ProcessResult run =
          run_gpq_interrupted(with_db(db, args), {microseconds(moment(random)), SIGKILL, {}});
      killed += run.signalled ? 1 : 0;
      expect_committed_generation(db, whole_run);
      const ProcessResult rerun = run_gpq(with_db(db, args));
      ASSERT_EQ(rerun.exit_code, 0) << rerun.err;
      EXPECT_EQ(first_difference(dump_mirror(db), whole), "")
          << "the rerun differs from an uninterrupted run";
      for (const char* suffix : {"", "-wal", "-shm", ".sync-lock"}) {
        fs::remove(db.string() + suffix);
      }
    }
    // Most moments fall inside the run; the last ones may find it done.
    EXPECT_GE(killed, kills * 3 / 4) << what;
    std::cout << what << ": " << killed << " of " << kills
              << " runs killed midway; an uninterrupted run takes " << span.count() / 1000
              << " ms\n";
  }

  static std::vector<std::string> with_db(const fs::path& db,
                                          const std::vector<std::string>& args) {
    std::vector<std::string> all{"--db", db.string(), "--quiet"};
    all.insert(all.end(), args.begin(), args.end());
    return all;
  }

  TempDir dir_;
};

TEST_F(KilledSyncTest, ImportOfTheSharedHistoriesKilledAtRandom) {
  const fs::path history = real_data_dir() / "history";
  std::vector<std::string> args{"sync", "--from"};
  for (const char* name : {"celestrak_geo_2026-05-24_2026-07-14.3le.xz",
                           "celestrak_oneweb_2026-05-24_2026-07-14.3le.xz",
                           "celestrak_military_2026-05-24_2026-07-14.3le.xz"}) {
    args.push_back((history / name).string());
  }
  kill_at_random(args, "import");
}

TEST_F(KilledSyncTest, SyncFromALoopbackUpstreamKilledAtRandom) {
  // Every group serves the shared active catalog: a sync writes sets, catalog records and
  // group lists in many transactions.
  FakeUpstream upstream;
  const std::string active =
      read_text(real_data_dir() / "gp" / "celestrak_gp_active_2026-07-10.csv");
  for (const std::string_view group : kGroups) {
    upstream.serve("/NORAD/elements/gp.php?FORMAT=csv&GROUP=" + std::string(group), active);
  }
  upstream.serve("/pub/satcat.csv",
                 read_text(fs::path(GPQ_TEST_DATA_DIR) / "sync" / "satcat_celestrak.csv"));
  const fs::path config = dir_.path() / "config.toml";
  std::ofstream(config) << "# no Space-Track account\n";
  kill_at_random({"sync", "--celestrak-url", upstream.url(), "--retries", "0", "--force",
                  "--config", config.string()},
                 "sync from a loopback upstream");
}

}  // namespace
}  // namespace gpq::test
