// A fleet through real programs on loopback (docs/SCALE.md, SERVE.md "A fleet"): redis-server,
// haproxy and three `gpq serve --redis`. Limits and quotas are those of one server however
// requests spread; keys made or revoked anywhere reach every replica within 100 ms; Redis
// stopped, paused or restarted gives 503s with Retry-After, never a crash or a hang, and
// recovers; a rolling restart behind haproxy under load, and a sync landing under it, answer
// nothing but 200 and 429.
#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <thread>

#include <gtest/gtest.h>

#include "support/fleet_world.h"
#include "support/process.h"
#include "support/synthetic_tle.h"

namespace gpq::test {
namespace {

using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// The tests of shared limits and keys are not about Redis's faults: a second's patience, so that
// a loaded machine's stall of Redis is not a 503 there (the fault tests use the default 100 ms).
const std::vector<std::string> kPatient = {"--redis-timeout", "1000"};

std::int64_t remaining(const HttpResult& r) {
  return std::stoll(r.header("X-RateLimit-Remaining"));
}

TEST(FleetTest, ABurstOverThreeReplicasGetsTheLimitsOfOne) {
  FleetWorld fleet(3, kPatient);  // 10/s, burst 20
  constexpr int kThreads = 6;
  constexpr int kPerThread = 34;  // 204 requests
  std::atomic<int> ok{0};
  std::atomic<int> refused{0};
  std::atomic<int> other{0};
  std::atomic<int> other_status{0};
  std::vector<std::unique_ptr<ApiClient>> clients;
  for (int t = 0; t < kThreads; ++t) {
    clients.push_back(fleet.client(t % 3));
  }
  const Clock::time_point start = Clock::now();
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < kPerThread; ++i) {
        const int status = clients[static_cast<std::size_t>(t)]->get("/api/v1/gp/25544").status;
        (status == 200 ? ok : status == 429 ? refused : other)++;
        if (status != 200 && status != 429) {
          other_status = status;
        }
      }
    });
  }
  for (std::thread& thread : threads) {
    thread.join();
  }
  const double elapsed = seconds_since(start);
  // One server would let through its burst and what refilled meanwhile: 20 + 10/s (+1 for a
  // token that refilled between the last two reads of the clock).
  const int most = 20 + static_cast<int>(10 * elapsed) + 1;
  EXPECT_GE(ok.load(), 20) << elapsed << " s";
  EXPECT_LE(ok.load(), most) << elapsed << " s";
  EXPECT_EQ(other.load(), 0) << "for example " << other_status.load();
  EXPECT_EQ(ok + refused, kThreads * kPerThread);
  RecordProperty("burst_ok", ok.load());
  RecordProperty("burst_seconds", std::to_string(elapsed));
}

TEST(FleetTest, RemainingCountsDownAcrossReplicas) {
  FleetWorld fleet(3, kPatient);
  std::int64_t last = 30'000;
  for (int i = 0; i < 9; ++i) {
    const HttpResult r = fleet.client(i % 3)->get("/api/v1/gp/25544");
    ASSERT_EQ(r.status, 200) << i;
    EXPECT_EQ(remaining(r), last - 1) << "request " << i << " on replica " << i % 3;
    last = remaining(r);
  }
  // And the heavy lane is shared as well: its burst of 4, then 429s on any replica.
  int heavy_ok = 0;
  for (int i = 0; i < 9; ++i) {
    heavy_ok += fleet.client(i % 3)->get("/api/v1/gp/25544/history").status == 200 ? 1 : 0;
  }
  EXPECT_GE(heavy_ok, 4);
  EXPECT_LE(heavy_ok, 5);
}

// A 304 gives back its quota unit in Redis too, never its rate token: If-None-Match: * on the
// heavy lane meets a 429 within the burst of 4, and the quota is untouched by the 304s.
TEST(FleetTest, IfNoneMatchTakesItsRateTokenInRedis) {
  FleetWorld fleet(2, kPatient);
  const HttpResult first = fleet.client(0)->get("/api/v1/gp/25544/history");
  ASSERT_EQ(first.status, 200) << first.body;
  int not_modified = 0;
  HttpResult last;
  for (int i = 0; i < 15; ++i) {
    last = fleet.client(i % 2)->get("/api/v1/gp/25544/history", {{"If-None-Match", "*"}});
    if (last.status != 304) {
      break;
    }
    ++not_modified;
  }
  EXPECT_EQ(last.status, 429);
  EXPECT_LE(not_modified, 4);  // the burst of 4 less the first request, plus a refill
  EXPECT_EQ(remaining(last), remaining(first));
}

TEST(FleetTest, AKeyMadeOrRevokedAnywhereReachesEveryReplicaWithin100ms) {
  // Asked every 2 ms until the revocation arrives: a burst of 20 would be spent in 40 ms and
  // answer 429 before it, which says nothing of the key.
  std::vector<std::string> options = kPatient;
  options.insert(options.end(), {"--rate", "1000", "--burst", "1000"});
  FleetWorld fleet(3, options);
  const MadeKey made = fleet.create_key("new");
  // At once: a replica that does not know a key asks Redis whether the keys changed.
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(fleet.client(i, made.key)->get("/api/v1/gp/25544").status, 200) << i;
  }
  fleet.revoke_key(made.id);
  const Clock::time_point revoked = Clock::now();
  for (int i = 0; i < 3; ++i) {
    auto client = fleet.client(i, made.key);
    int status = 0;
    while ((status = client->get("/api/v1/gp/25544").status) == 200 && seconds_since(revoked) < 2) {
      std::this_thread::sleep_for(milliseconds(2));
    }
    EXPECT_EQ(status, 403) << i;
    EXPECT_LT(seconds_since(revoked), 0.100) << "replica " << i;
  }
  // The listing is the shared one, revoked included.
  const ProcessResult listed =
      run_gpq({"keys", "list", "--redis", fleet.redis().url()}, {"GPQ_DB=/nonexistent/x.db"});
  ASSERT_EQ(listed.exit_code, 0) << listed.err;
  EXPECT_NE(listed.out.find("fleet"), std::string::npos) << listed.out;
  EXPECT_NE(listed.out.find("new"), std::string::npos) << listed.out;
}

TEST(FleetTest, RedisStoppedPausedOrRestartedGives503sThenRecovers) {
  FleetWorld fleet(2);
  auto client = fleet.client(0);
  ASSERT_EQ(client->get("/api/v1/gp/25544").status, 200);

  // Stopped: refused at once with 503 JSON and Retry-After; /status still answers.
  fleet.redis().stop();
  for (int i = 0; i < 5; ++i) {
    const Clock::time_point asked = Clock::now();
    const HttpResult r = client->get("/api/v1/gp/25544");
    EXPECT_LT(seconds_since(asked), 0.5);
    ASSERT_EQ(r.status, 503) << r.body;
    EXPECT_EQ(r.header("Retry-After"), "1");
    EXPECT_EQ(r.body,
              "{\"error\":\"ServiceUnavailable\",\"message\":\"Request limits cannot be checked "
              "right now. Try again in 1 seconds.\",\"status\":503}");
  }
  EXPECT_EQ(fleet.client(1, "")->get("/api/v1/status").status, 200);

  // Back (its append-only file keeps the keys): answers within a few seconds.
  fleet.redis().start();
  const Clock::time_point restarted = Clock::now();
  int status = 0;
  while ((status = client->get("/api/v1/gp/25544").status) != 200 && seconds_since(restarted) < 5) {
    std::this_thread::sleep_for(milliseconds(50));
  }
  EXPECT_EQ(status, 200);
  EXPECT_LT(seconds_since(restarted), 3.0);

  // Paused (slow): no answer beyond the command timeout (100 ms) and a margin.
  fleet.redis().pause();
  for (int i = 0; i < 3; ++i) {
    const Clock::time_point asked = Clock::now();
    const HttpResult r = fleet.client(1)->get("/api/v1/gp/25544");
    EXPECT_LT(seconds_since(asked), 0.6);
    EXPECT_EQ(r.status, 503);
  }
  fleet.redis().resume();
  const Clock::time_point resumed = Clock::now();
  while ((status = fleet.client(1)->get("/api/v1/gp/25544").status) != 200 &&
         seconds_since(resumed) < 5) {
    std::this_thread::sleep_for(milliseconds(50));
  }
  EXPECT_EQ(status, 200);
  // Neither replica crashed: both stop cleanly.
  EXPECT_EQ(fleet.replica(0).stop(), 0);
  EXPECT_EQ(fleet.replica(1).stop(), 0);
}

TEST(FleetTest, RedisRestartedUnderLoadNeverHangsOrCrashes) {
  FleetWorld fleet(2, {"--rate", "1000", "--burst", "1000"});
  std::atomic<bool> stop{false};
  std::mutex mutex;
  std::map<int, int> statuses;
  double slowest = 0;
  std::vector<std::thread> load;
  for (int t = 0; t < 4; ++t) {
    load.emplace_back([&, t] {
      auto client = fleet.client(t % 2);
      std::map<int, int> mine;
      double mine_slowest = 0;
      while (!stop) {
        const Clock::time_point asked = Clock::now();
        ++mine[client->get("/api/v1/gp/25544").status];
        mine_slowest = std::max(mine_slowest, seconds_since(asked));
      }
      const std::lock_guard lock(mutex);
      for (const auto& [status, count] : mine) {
        statuses[status] += count;
      }
      slowest = std::max(slowest, mine_slowest);
    });
  }
  for (int round = 0; round < 2; ++round) {
    std::this_thread::sleep_for(milliseconds(400));
    fleet.redis().stop();
    std::this_thread::sleep_for(milliseconds(400));
    fleet.redis().start();
    std::this_thread::sleep_for(milliseconds(400));
    fleet.redis().pause();
    std::this_thread::sleep_for(milliseconds(400));
    fleet.redis().resume();
  }
  std::this_thread::sleep_for(milliseconds(1000));  // recovered: 200s again
  const int before = statuses[200];
  stop = true;
  for (std::thread& thread : load) {
    thread.join();
  }
  for (const auto& [status, count] : statuses) {
    EXPECT_TRUE(status == 200 || status == 429 || status == 503)
        << count << " answers of " << status;
  }
  EXPECT_GT(statuses[503], 0);
  EXPECT_GT(statuses[200], before);
  // The longest any request waited, in seconds: the command timeout (100 ms) and a margin.
  EXPECT_LT(slowest, 1.0);
  RecordProperty("slowest_seconds", std::to_string(slowest));
  EXPECT_EQ(fleet.replica(0).stop(), 0);
  EXPECT_EQ(fleet.replica(1).stop(), 0);
}

TEST(FleetTest, RollingRestartBehindHaproxyUnderLoadLosesNoRequest) {
  // Patient with Redis as the other tests of limits are: this one is about restarts, and a
  // loaded machine's stall of Redis past the default 100 ms is a 503 by design.
  FleetWorld fleet(3, {"--threads", "64", "--access-log", "off", "--rate", "400", "--burst", "400",
                       "--trusted-proxy", "127.0.0.1", "--redis-timeout", "1000"});
  Haproxy haproxy(fleet.dir().path() / "haproxy", free_loopback_port(), fleet.ports());
  std::atomic<bool> stop{false};
  std::mutex mutex;
  std::map<int, int> statuses;
  std::map<int, std::string> bodies;  // the first of each status but 200 and 429: who answered
  std::vector<std::thread> load;
  for (int t = 0; t < 4; ++t) {
    load.emplace_back([&] {
      ApiClient client("127.0.0.1", haproxy.port(), fleet.key().key);
      std::map<int, int> mine;
      std::map<int, std::string> mine_bodies;
      while (!stop) {
        const auto answer = client.get("/api/v1/gp/25544");
        ++mine[answer.status];
        if (answer.status != 200 && answer.status != 429) {
          mine_bodies.emplace(answer.status, answer.body);
        }
      }
      const std::lock_guard lock(mutex);
      for (const auto& [status, count] : mine) {
        statuses[status] += count;
      }
      bodies.merge(mine_bodies);
    });
  }
  std::this_thread::sleep_for(milliseconds(500));
  // First drained through HAProxy's runtime API, as packaging/haproxy/gpq.cfg says; then
  // without the drain: SIGTERM alone, HAProxy's retries and health checks do the rest.
  for (const bool drain : {true, false}) {
    for (int i = 0; i < 3; ++i) {
      const std::string server = "gpq/gpq" + std::to_string(i + 1);
      if (drain) {
        haproxy.command("set server " + server + " state drain");
        std::this_thread::sleep_for(milliseconds(200));
      }
      fleet.stop_replica(i);
      fleet.start_replica(i);
      if (drain) {
        haproxy.command("set server " + server + " state ready");
      }
      std::this_thread::sleep_for(milliseconds(2500));  // two health checks: up again
    }
  }
  // A new generation while every replica serves: a sync writes to the database they read.
  const std::filesystem::path sets = fleet.dir().path() / "new.3le";
  std::ofstream(sets) << synthetic_3le(20'000, 500);
  const ProcessResult synced =
      run_gpq({"--db", fleet.db().string(), "sync", "--from", sets.string()});
  EXPECT_EQ(synced.exit_code, 0) << synced.err;
  std::this_thread::sleep_for(milliseconds(500));
  stop = true;
  for (std::thread& thread : load) {
    thread.join();
  }
  int total = 0;
  for (const auto& [status, count] : statuses) {
    total += count;
    EXPECT_TRUE(status == 200 || status == 429)
        << count << " answers of " << status << ", the first: " << bodies[status];
  }
  EXPECT_GT(statuses[200], 100);
  RecordProperty("rolling_restart_requests", total);
}

}  // namespace
}  // namespace gpq::test
