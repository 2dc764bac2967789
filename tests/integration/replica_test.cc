// Replicas following a primary (docs/REPLICAS.md) through real servers on loopback: the
// whole first pull, pulls of what changed (blocks rewritten and deleted, catalog records),
// answers byte for byte the primary's at the same generation, a follower that hears of a
// commit through the long poll, the replication scope, and streams cut short or damaged
// applying nothing.
#include <chrono>
#include <cmath>
#include <fstream>
#include <regex>
#include <string>
#include <thread>
#include <vector>

#include <SQLiteCpp/Exception.h>
#include <gtest/gtest.h>

#include "support/api_client.h"
#include "support/daemon_process.h"
#include "support/event_stream.h"
#include "support/fake_upstream.h"
#include "support/fixture_db.h"
#include "support/mirror_dump.h"
#include "support/process.h"
#include "support/serve_process.h"
#include "support/synthetic_tle.h"
#include "support/temp_dir.h"

namespace gpq::test {
namespace {

namespace fs = std::filesystem;

constexpr std::int32_t kObjects = 200;
const fs::path kSyncData = fs::path(GPQ_TEST_DATA_DIR) / "sync";
// Both servers name the same public URL, as replicas behind one balancer do: page links
// are then the same bytes.
// No limits in the way of the comparisons.
const std::vector<std::string> kServeArgs = {
    "--no-auth", "--public-url", "http://gpq.test", "--rate",        "1000000", "--burst",
    "1000000",   "--heavy-rate", "1000000",         "--heavy-burst", "1000000"};

std::string trimmed(std::string text) {
  while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) {
    text.pop_back();
  }
  return text;
}

void write_text(const fs::path& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

// Rounds [first, last) of every object, imported into `db` as CelesTrak sets.
void import_rounds(const TempDir& dir, const fs::path& db, int first, int last) {
  const fs::path file = dir.path() / ("rounds-" + std::to_string(first) + ".3le");
  write_text(file, synthetic_3le_range(std::int64_t{first} * kObjects,
                                       std::int64_t{last - first} * kObjects, kObjects));
  const ProcessResult r =
      run_gpq({"--db", db.string(), "sync", "--from", file.string(), "--source", "celestrak"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
}

std::string make_key(const fs::path& db, const std::string& scope) {
  const ProcessResult r =
      run_gpq({"--db", db.string(), "--quiet", "keys", "create", "--scope", scope});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return trimmed(r.out);
}

ProcessResult pull(const fs::path& replica, const std::string& peer, const fs::path& key_file,
                   const std::vector<std::string>& more = {}) {
  std::vector<std::string> args = {"--db", replica.string(),  "sync",           "--from-peer",
                                   peer,   "--peer-key-file", key_file.string()};
  args.insert(args.end(), more.begin(), more.end());
  return run_gpq(args);
}

std::string peer_url(const ServeProcess& server) {
  return "http://127.0.0.1:" + std::to_string(server.port());
}

// The answers a client of either server sees: every object's current set, epoch pages,
// histories, the catalog and a search, with status, ETag and body.
std::vector<std::string> answers(const ServeProcess& server) {
  ApiClient client(server.host(), server.port());
  std::vector<std::string> targets;
  for (int id = 1; id <= kObjects; ++id) {
    targets.push_back("/api/v1/gp/" + std::to_string(id));
  }
  for (int page = 1; page <= 3; ++page) {
    targets.push_back("/api/v1/gp/epoch?epoch=2026-01-05T00:00:00Z&limit=100&page=" +
                      std::to_string(page));
  }
  for (int id : {1, 77, 200}) {
    targets.push_back("/api/v1/gp/" + std::to_string(id) + "/history?limit=1000");
    targets.push_back("/api/v1/gp/" + std::to_string(id) + "/range");
  }
  targets.push_back("/api/v1/catalog?limit=100");
  targets.push_back("/api/v1/gp?search=SAT%201&limit=100");
  std::vector<std::string> seen;
  for (const std::string& target : targets) {
    const HttpResult r = client.get(target);
    seen.push_back(target + " " + std::to_string(r.status) + " " + r.header("ETag") + "\n" +
                   r.body);
  }
  return seen;
}

void expect_same_answers(const ServeProcess& primary, const ServeProcess& replica) {
  const std::vector<std::string> expected = answers(primary);
  const std::vector<std::string> got = answers(replica);
  ASSERT_EQ(got.size(), expected.size());
  int differing = 0;
  for (std::size_t i = 0; i < got.size(); ++i) {
    if (got[i] != expected[i] && ++differing <= 3) {
      ADD_FAILURE() << "the replica answers otherwise:\n"
                    << got[i].substr(0, 400) << "\nthe primary:\n"
                    << expected[i].substr(0, 400);
    }
  }
  EXPECT_EQ(differing, 0);
}

// "... 12 removed blocks; ..." of a pull's report line.
int removed_blocks(const std::string& report) {
  std::smatch match;
  EXPECT_TRUE(std::regex_search(report, match, std::regex(R"((\d+) removed blocks)"))) << report;
  return match.empty() ? -1 : std::stoi(match[1].str());
}

TEST(ReplicaTest, AReplicaAnswersAsThePrimaryAfterTheWholePullAndEachPullOfChanges) {
  TempDir dir;
  const fs::path primary_db = dir.path() / "primary.db";
  const fs::path replica_db = dir.path() / "replica.db";
  import_rounds(dir, primary_db, 64, 128);
  const fs::path key_file = dir.path() / "replication.key";
  write_text(key_file, make_key(primary_db, "replication") + "\n");
  ServeProcess primary(primary_db, kServeArgs);

  const ProcessResult first = pull(replica_db, peer_url(primary), key_file);
  ASSERT_EQ(first.exit_code, 0) << first.err;
  EXPECT_NE(first.out.find("(whole mirror): 12800 sets"), std::string::npos) << first.out;
  {
    std::vector<std::string> args = kServeArgs;
    args.insert(args.end(), {"--metrics-listen", "127.0.0.1:0"});
    ServeProcess replica(replica_db, args);
    expect_same_answers(primary, replica);
    // Its lag behind the peer, in its metrics: the pull committed moments ago. The primary,
    // which follows no one, has no such figure.
    const std::string metrics = fetch_url(replica.metrics_url());
    const std::size_t at = metrics.find("\ngpq_replica_last_pull_age_seconds ");
    ASSERT_NE(at, std::string::npos) << metrics;
    const double lag = std::stod(metrics.substr(at + 35));
    EXPECT_GE(lag, 0);
    EXPECT_LT(lag, 120);
  }

  // Earlier rounds reaching into the first blocks cut them anew (their rows deleted), later
  // ones are appended, and catalog records come in.
  import_rounds(dir, primary_db, 0, 70);
  import_rounds(dir, primary_db, 128, 135);
  // A set re-published with other values: the version it replaces travels too.
  ElementSet republished = synthetic_set(0, kObjects);
  republished.mean_anomaly = std::fmod(republished.mean_anomaly + 1.0, 360.0);
  const fs::path republished_file = dir.path() / "republished.csv";
  write_text(republished_file, set_list_text(Format::csv, {republished}));
  ASSERT_EQ(run_gpq({"--db", primary_db.string(), "sync", "--from", republished_file.string(),
                     "--source", "celestrak"})
                .exit_code,
            0);
  ASSERT_EQ(run_gpq({"--db", primary_db.string(), "sync", "--from",
                     (kSyncData / "satcat_celestrak.csv").string()})
                .exit_code,
            0);
  const ProcessResult second = pull(replica_db, peer_url(primary), key_file);
  ASSERT_EQ(second.exit_code, 0) << second.err;
  EXPECT_EQ(second.out.find("whole mirror"), std::string::npos) << second.out;
  EXPECT_GT(removed_blocks(second.out), 0);
  {
    ServeProcess replica(replica_db, kServeArgs);
    expect_same_answers(primary, replica);
  }
  EXPECT_EQ(first_difference(dump_mirror(replica_db), dump_mirror(primary_db)), "");
  const std::string dump = dump_mirror(replica_db);
  const std::string_view versions_heading = "# set_version\n";
  EXPECT_LT(dump.find(versions_heading) + versions_heading.size(), dump.size())
      << "the replaced version came along";

  // Nothing new: a pull brings nothing and changes nothing (gzipped, as over a slow link).
  const ProcessResult third = pull(replica_db, peer_url(primary), key_file, {"--gzip"});
  ASSERT_EQ(third.exit_code, 0) << third.err;
  EXPECT_NE(third.out.find(": 0 sets in 0 blocks"), std::string::npos) << third.out;
}

TEST(ReplicaTest, AFollowerHearsOfACommitThroughTheLongPoll) {
  TempDir dir;
  const fs::path primary_db = dir.path() / "primary.db";
  const fs::path replica_db = dir.path() / "replica.db";
  import_rounds(dir, primary_db, 0, 5);
  const fs::path key_file = dir.path() / "replication.key";
  write_text(key_file, make_key(primary_db, "replication"));
  ServeProcess primary(primary_db, kServeArgs);
  DaemonProcess follower({GPQ_BINARY, "--db", replica_db.string(), "sync", "--from-peer",
                          peer_url(primary), "--peer-key-file", key_file.string(), "--follow"},
                         dir.path() / "follower.log");
  // Within the long poll's wait of a commit, not at the next pull of a timer (30 s is the
  // patience of a loaded machine; a pull follows a commit within a second).
  // The follower creates the replica's file while this polls it: a file without its schema
  // yet is not caught up.
  const auto same_mirror = [&] {
    try {
      return fs::exists(replica_db) && dump_mirror(replica_db) == dump_mirror(primary_db);
    } catch (const SQLite::Exception&) {
      return false;
    }
  };
  const auto caught_up = [&] {
    for (int i = 0; i < 300; ++i) {
      if (same_mirror()) {
        return true;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    return false;
  };
  ASSERT_TRUE(caught_up()) << follower.log_text();
  import_rounds(dir, primary_db, 5, 8);
  ASSERT_TRUE(caught_up()) << follower.log_text();
  follower.stop();
  EXPECT_NE(follower.log_text().find("(whole mirror)"), std::string::npos) << follower.log_text();
}

// The change events travel with the mirror: a stream on the replica tells the primary's
// changes under the primary's ids, so a client may resume on either node.
TEST(ReplicaTest, AStreamOnAReplicaTellsThePrimarysChangesUnderItsIds) {
  TempDir dir;
  const fs::path primary_db = dir.path() / "primary.db";
  const fs::path replica_db = dir.path() / "replica.db";
  import_rounds(dir, primary_db, 0, 2);
  const fs::path key_file = dir.path() / "replication.key";
  write_text(key_file, make_key(primary_db, "replication"));
  ServeProcess primary(primary_db, kServeArgs);
  ASSERT_EQ(pull(replica_db, peer_url(primary), key_file).exit_code, 0);
  ServeProcess replica(replica_db, kServeArgs);
  DaemonProcess follower({GPQ_BINARY, "--db", replica_db.string(), "sync", "--from-peer",
                          peer_url(primary), "--peer-key-file", key_file.string(), "--follow"},
                         dir.path() / "follower.log");
  EventStreamClient on_primary(primary.port(), "", "events=set");
  EventStreamClient on_replica(replica.port(), "", "events=set");
  ASSERT_EQ(on_primary.wait_for_status(std::chrono::milliseconds(5000)), 200);
  ASSERT_EQ(on_replica.wait_for_status(std::chrono::milliseconds(5000)), 200);
  import_rounds(dir, primary_db, 2, 3);
  const auto told = [](const std::vector<StreamMessage>& messages) {
    std::vector<std::pair<std::int64_t, std::string>> list;
    for (const StreamMessage& message : messages) {
      list.emplace_back(message.id, message.data);
    }
    return list;
  };
  const auto from_primary = told(on_primary.wait_for(kObjects, std::chrono::seconds(30)));
  const auto from_replica = told(on_replica.wait_for(kObjects, std::chrono::seconds(30)));
  ASSERT_EQ(from_primary.size(), static_cast<std::size_t>(kObjects));
  EXPECT_EQ(from_replica, from_primary) << follower.log_text();
}

TEST(ReplicaTest, OnlyAReplicationKeyReadsTheStreamAndItReadsNothingElse) {
  TempDir dir;
  const fs::path primary_db = dir.path() / "primary.db";
  import_rounds(dir, primary_db, 0, 2);
  const std::string replication = make_key(primary_db, "replication");
  const std::string api = make_key(primary_db, "api");
  ServeProcess primary(primary_db, {"--public-url", "http://gpq.test"});
  ApiClient client(primary.host(), primary.port());

  HttpResult r = client.get("/api/v1/changes");
  EXPECT_EQ(r.status, 403);
  client.set_key(api);
  r = client.get("/api/v1/changes");
  EXPECT_EQ(r.status, 403);
  EXPECT_NE(r.body.find("--scope replication"), std::string::npos) << r.body;
  EXPECT_EQ(client.get("/api/v1/gp/1").status, 200);

  client.set_key(replication);
  r = client.get("/api/v1/gp/1");
  EXPECT_EQ(r.status, 403);
  EXPECT_NE(r.body.find("reads only the change stream"), std::string::npos) << r.body;
  r = client.get("/api/v1/changes?after=-1");
  EXPECT_EQ(r.status, 400);
  EXPECT_NE(r.body.find("parameter 'after'"), std::string::npos) << r.body;
  r = client.get("/api/v1/changes?wait=61");
  EXPECT_EQ(r.status, 400);
  r = client.get("/api/v1/changes");
  EXPECT_EQ(r.status, 200);
  EXPECT_EQ(r.header("Content-Type"), "application/vnd.gpq.changes");
  EXPECT_TRUE(r.body.starts_with("GPQ-CHANGES 1\n"));

  // --no-auth opens the public API to anyone, never the change stream.
  ServeProcess open(primary_db, kServeArgs);
  ApiClient anonymous(open.host(), open.port());
  EXPECT_EQ(anonymous.get("/api/v1/changes").status, 403);
  EXPECT_EQ(anonymous.get("/api/v1/gp/1").status, 200);
}

TEST(ReplicaTest, AStreamCutShortOrDamagedAppliesNothing) {
  TempDir dir;
  const fs::path primary_db = dir.path() / "primary.db";
  import_rounds(dir, primary_db, 0, 20);
  const std::string key = make_key(primary_db, "replication");
  const fs::path key_file = dir.path() / "replication.key";
  write_text(key_file, key);
  std::string stream;
  {
    ServeProcess primary(primary_db, kServeArgs);
    ApiClient client(primary.host(), primary.port(), key);
    stream = client.get("/api/v1/changes").body;
    ASSERT_GT(stream.size(), 10'000U);
  }
  const std::string target = "/api/v1/changes?after=0&runs_from=0&wait=0";
  const fs::path replica_db = dir.path() / "replica.db";
  {
    FakeUpstream peer;
    peer.serve(target, stream);
    peer.misbehave("/api/v1/changes", Misbehaviour::truncated_body);
    const ProcessResult r = pull(replica_db, peer.url(), key_file);
    EXPECT_NE(r.exit_code, 0);
    EXPECT_NE(r.err.find("cut short"), std::string::npos) << r.err;
  }
  {
    FakeUpstream peer;
    peer.serve(target, stream.substr(0, 200) + std::string(64, '\xff') + stream.substr(264));
    const ProcessResult r = pull(replica_db, peer.url(), key_file);
    EXPECT_NE(r.exit_code, 0);
    EXPECT_NE(r.err.find("damaged"), std::string::npos) << r.err;
  }
  // Nothing was applied: the replica is empty and still follows no one.
  const ProcessResult status = run_gpq({"--db", replica_db.string(), "--format", "json", "status"});
  EXPECT_NE(status.out.find("\"element_sets\":0"), std::string::npos) << status.out;
  EXPECT_EQ(run_gpq({"--db", replica_db.string(), "sync", "--from",
                     (kSyncData / "satcat_celestrak.csv").string()})
                .exit_code,
            0);
}

TEST(ReplicaTest, AFollowerTakesNoOtherSyncAndADatabaseOfItsOwnFollowsNoOne) {
  TempDir dir;
  const fs::path primary_db = dir.path() / "primary.db";
  import_rounds(dir, primary_db, 0, 2);
  const fs::path key_file = dir.path() / "replication.key";
  write_text(key_file, make_key(primary_db, "replication"));
  ServeProcess primary(primary_db, kServeArgs);

  const fs::path replica_db = dir.path() / "replica.db";
  ASSERT_EQ(pull(replica_db, peer_url(primary), key_file).exit_code, 0);
  const ProcessResult refused = run_gpq({"--db", replica_db.string(), "sync", "--from",
                                         (kSyncData / "satcat_celestrak.csv").string()});
  EXPECT_EQ(refused.exit_code, 2);
  EXPECT_NE(refused.err.find("follows http://127.0.0.1:"), std::string::npos) << refused.err;

  const fs::path own_db = dir.path() / "own.db";
  import_rounds(dir, own_db, 0, 1);
  const ProcessResult own = pull(own_db, peer_url(primary), key_file);
  EXPECT_EQ(own.exit_code, 2);
  EXPECT_NE(own.err.find("holds data of its own"), std::string::npos) << own.err;

  const ProcessResult no_key =
      run_gpq({"--db", (dir.path() / "new.db").string(), "sync", "--from-peer", peer_url(primary)});
  EXPECT_EQ(no_key.exit_code, 2);
  EXPECT_NE(no_key.err.find("replication key"), std::string::npos) << no_key.err;
}

}  // namespace
}  // namespace gpq::test
