// The limits of docs/API.md through a real server: per-key token buckets (and the slower lane of
// history/nearest/adjacent), the monthly quota and its persistence across restarts, what does
// not count, many clients at once, and the server's life: start, keys, shutdown, and serving
// while a sync writes.
#include <algorithm>
#include <atomic>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

#include <gtest/gtest.h>

#include "gpq/error.h"
#include "gpq/time.h"

#include "http/server/server.h"
#include "storage/database.h"
#include "storage/sqlite_store.h"
#include "support/process.h"
#include "support/served_world.h"
#include "support/synthetic_tle.h"

namespace gpq::test {
namespace {

using std::chrono::milliseconds;

std::int64_t remaining(const HttpResult& r) {
  return std::stoll(r.header("X-RateLimit-Remaining"));
}

TEST(HttpLimitsTest, BurstThenTooManyThenRecovery) {
  ServedWorld world;  // the defaults: 10/s, burst 20
  auto client = world.client();
  int ok = 0;
  HttpResult refused;
  for (int i = 0; i < 40 && refused.status == 0; ++i) {
    const HttpResult r = client->get("/api/v1/gp/25544");
    if (r.status == 200) {
      ++ok;
    } else {
      refused = r;
    }
  }
  // 20 at once, plus what refilled while they ran (10 a second).
  EXPECT_GE(ok, 20);
  EXPECT_LE(ok, 30);
  ASSERT_EQ(refused.status, 429);
  EXPECT_EQ(refused.header("Retry-After"), "1");
  EXPECT_EQ(refused.body,
            "{\"error\":\"TooManyRequests\",\"message\":\"Rate limit exceeded. Try again in 1 "
            "seconds.\",\"status\":429}");
  EXPECT_EQ(refused.header("Content-Type"), "application/json; charset=utf-8");
  // A refusal does not count against the quota.
  const std::int64_t left = remaining(refused);
  EXPECT_EQ(left, 30'000 - ok);
  EXPECT_EQ(remaining(client->get("/api/v1/gp/25544")), left);
  // Another key has a bucket of its own.
  const std::string other = world.create_key("other");
  EXPECT_EQ(world.client(other)->get("/api/v1/gp/25544").status, 200);  // at once
  std::this_thread::sleep_for(milliseconds(1000));
  // After a second, about 10 more.
  int again = 0;
  while (client->get("/api/v1/gp/25544").status == 200 && again < 30) {
    ++again;
  }
  EXPECT_GE(again, 9);
  EXPECT_LE(again, 20);
}

TEST(HttpLimitsTest, HistoryNearestAdjacentHaveTheSlowerLane) {
  ServedWorld world;
  auto client = world.client();
  for (const std::string path :
       {"/api/v1/gp/25544/history", "/api/v1/gp/25544/nearest?epoch=2026-01-11",
        "/api/v1/gp/25544/adjacent?epoch=2026-01-11"}) {
    SCOPED_TRACE(path);
    std::this_thread::sleep_for(milliseconds(2100));  // the lane refills to its burst of 4
    int ok = 0;
    int status = 200;
    while (status == 200 && ok < 10) {
      status = client->get(path).status;
      ok += status == 200 ? 1 : 0;
    }
    // The burst of 4, plus one if half a second went by meanwhile (a slow, loaded machine).
    EXPECT_GE(ok, 4);
    EXPECT_LE(ok, 5);
    EXPECT_EQ(status, 429);
    // The standard lane is untouched.
    EXPECT_EQ(client->get("/api/v1/gp/25544/range").status, 200);
  }
  // Limits are settable.
  ServedWorld generous({"--heavy-rate", "100", "--heavy-burst", "50"});
  auto fast = generous.client();
  for (int i = 0; i < 30; ++i) {
    ASSERT_EQ(fast->get("/api/v1/gp/25544/history").status, 200) << i;
  }
}

TEST(HttpLimitsTest, NotModifiedAndForbiddenDoNotCount) {
  ServedWorld world(kUnlimited);
  auto client = world.client();
  const HttpResult first = client->get("/api/v1/gp/25544");
  EXPECT_EQ(remaining(first), 29'999);
  for (int i = 0; i < 5; ++i) {
    const HttpResult cached =
        client->get("/api/v1/gp/25544", {{"If-None-Match", first.header("ETag")}});
    EXPECT_EQ(cached.status, 304);
    EXPECT_EQ(remaining(cached), 29'999);
  }
  ApiClient(world.server().host(), world.server().port(), "gpq_wrong").get("/api/v1/gp/25544");
  // A 400 or 404 answer is work done: it counts.
  EXPECT_EQ(client->get("/api/v1/gp/abc").status, 400);
  EXPECT_EQ(remaining(client->get("/api/v1/gp/25544")), 29'997);
}

// A 304 is free of quota, not of rate: If-None-Match (`*` too) on the heavy lane meets a 429
// within its burst of 4, as a plain request would.
TEST(HttpLimitsTest, IfNoneMatchTakesItsRateToken) {
  ServedWorld world;
  auto client = world.client();
  for (const std::string path :
       {"/api/v1/gp/25544/history", "/api/v1/gp/epoch?epoch=2026-01-11", "/api/v1/gp/25544"}) {
    SCOPED_TRACE(path);
    std::this_thread::sleep_for(milliseconds(2100));  // the heavy lane refills to its burst
    const HttpResult first = client->get(path);
    ASSERT_EQ(first.status, 200) << first.body;
    const std::string etag = first.header("ETag");
    int not_modified = 0;
    int status = 304;
    for (int i = 0; i < 40 && status == 304; ++i) {
      status = client->get(path, {{"If-None-Match", i % 2 == 0 ? "*" : etag}}).status;
      not_modified += status == 304 ? 1 : 0;
    }
    EXPECT_EQ(status, 429);
    // The lane's burst (4 heavy, 20 standard) less the first request, plus a refill or two.
    EXPECT_LE(not_modified, path.find("history") != std::string::npos ? 5 : 25);
  }
}

// SERVE.md counts only 200, 400 and 404: a server failure is not the client's to pay for.
TEST(HttpLimitsTest, InternalErrorsDoNotCount) {
  ServedWorld world(kUnlimited);
  auto client = world.client();
  EXPECT_EQ(remaining(client->get("/api/v1/gp/25544")), 29'999);
  {
    // Another connection takes away the table catalog records are read from: the server's
    // statements fail when they are prepared again, and the request answers 500.
    const auto db = storage::Database::open(world.db(), storage::Database::Mode::read_write);
    db->connection().exec("ALTER TABLE satcat RENAME TO satcat_gone");
  }
  const HttpResult failed = client->get("/api/v1/catalog/25544");
  ASSERT_EQ(failed.status, 500) << failed.body;
  EXPECT_EQ(remaining(failed), 29'999);
  EXPECT_EQ(remaining(client->get("/api/v1/gp/25544")), 29'998);
}

TEST(HttpLimitsTest, MonthlyQuotaRunsOutAndSurvivesRestart) {
  ServedWorld world({"--monthly-quota", "6"});
  auto client = world.client();
  for (int i = 5; i >= 3; --i) {
    const HttpResult r = client->get("/api/v1/catalog/25544");
    ASSERT_EQ(r.status, 200);
    EXPECT_EQ(remaining(r), i);
    EXPECT_EQ(r.header("X-RateLimit-Limit"), "6");
  }
  // The reset is 00:00 UTC on the first of next month.
  const HttpResult r = client->get("/api/v1/catalog/25544");
  const auto wall_now = [] {
    return TimePoint::from_unix_micros(std::chrono::duration_cast<std::chrono::microseconds>(
                                           std::chrono::system_clock::now().time_since_epoch())
                                           .count());
  };
  const TimePoint now = wall_now();
  CivilTime next = to_civil(now);
  next = {next.month == 12 ? next.year + 1 : next.year, next.month == 12 ? 1 : next.month + 1, 1};
  const std::int64_t reset = from_civil(next).unix_micros() / 1'000'000;
  EXPECT_EQ(r.header("X-RateLimit-Reset"), std::to_string(reset));

  // SIGTERM writes the counts; a new server goes on from them.
  EXPECT_EQ(world.server().stop(), 0);
  world.restart({"--monthly-quota", "6"});
  client = world.client();
  EXPECT_EQ(remaining(client->get("/api/v1/catalog/25544")), 1);
  EXPECT_EQ(remaining(client->get("/api/v1/catalog/25544")), 0);
  const HttpResult used_up = client->get("/api/v1/catalog/25544");
  EXPECT_EQ(used_up.status, 429);
  EXPECT_NE(used_up.body.find("Monthly quota of 6 requests is used up"), std::string::npos)
      << used_up.body;
  const std::int64_t retry = std::stoll(used_up.header("Retry-After"));
  EXPECT_NEAR(static_cast<double>(retry),
              static_cast<double>(reset - wall_now().unix_micros() / 1'000'000), 2.0);
  // /status needs no key and is never refused.
  EXPECT_EQ(client->get("/api/v1/status").status, 200);
  // gpq keys list shows the month's use, once the server has written it.
  EXPECT_EQ(world.server().stop(), 0);
  const ProcessResult list = run_gpq({"--db", world.db().string(), "keys", "list"});
  EXPECT_NE(list.out.find("  6\n"), std::string::npos) << list.out;
}

TEST(HttpLimitsTest, TwoHundredConcurrentClientsLoseNoCount) {
  ServedWorld world({"--rate", "100000", "--burst", "100000", "--threads", "32"});
  constexpr int kClients = 200;
  constexpr int kRequestsEach = 5;
  std::atomic<int> failures{0};
  std::vector<std::thread> clients;
  clients.reserve(kClients);
  for (int c = 0; c < kClients; ++c) {
    clients.emplace_back([&, c] {
      ApiClient client(world.server().host(), world.server().port(), world.key());
      for (int i = 0; i < kRequestsEach; ++i) {
        const std::string path =
            (c + i) % 2 == 0 ? "/api/v1/gp/25544" : "/api/v1/gp?group=stations";
        if (client.get(path).status != 200) {
          ++failures;
        }
      }
    });
  }
  for (std::thread& t : clients) {
    t.join();
  }
  EXPECT_EQ(failures.load(), 0);
  const HttpResult last = world.client()->get("/api/v1/gp/25544");
  EXPECT_EQ(remaining(last), 30'000 - kClients * kRequestsEach - 1);
  EXPECT_EQ(world.server().stop(), 0);
  const ProcessResult list = run_gpq({"--db", world.db().string(), "keys", "list"});
  EXPECT_NE(list.out.find("  " + std::to_string(kClients * kRequestsEach + 1) + "\n"),
            std::string::npos)
      << list.out;
}

TEST(HttpLimitsTest, ServesWhileASyncWrites) {
  ServedWorld world(kUnlimited);
  const std::filesystem::path file = world.dir().path() / "history.3le";
  std::ofstream(file) << synthetic_3le(300'000, 2'000);
  std::atomic<bool> done{false};
  std::thread sync([&] {
    const ProcessResult r = run_gpq({"--db", world.db().string(), "sync", "--from", file.string()});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    done = true;
  });
  auto client = world.client();
  int answered = 0;
  int failed = 0;
  while (!done) {
    const HttpResult r = client->get(answered % 2 == 0 ? "/api/v1/gp/25544" : "/api/v1/status");
    (r.status == 200 ? answered : failed) += 1;
  }
  sync.join();
  EXPECT_EQ(failed, 0);
  EXPECT_GT(answered, 10);
  // The server sees what the sync wrote.
  const HttpResult status = client->get("/api/v1/status");
  EXPECT_NE(status.body.find("\"element_sets\":300032"), std::string::npos) << status.body;
}

TEST(HttpLimitsTest, StartupNeedsAKeyOrNoAuth) {
  TempDir dir;
  const std::string db = (dir.path() / "gpq.db").string();
  const ProcessResult refused = run_gpq({"--db", db, "serve", "--listen", "127.0.0.1:0"});
  EXPECT_EQ(refused.exit_code, 2);
  EXPECT_NE(refused.err.find("gpq keys create"), std::string::npos) << refused.err;
  EXPECT_EQ(std::count(refused.err.begin(), refused.err.end(), '\n'), 1);

  ServeProcess open(db, {"--no-auth"});
  ApiClient anonymous(open.host(), open.port());
  EXPECT_EQ(anonymous.get("/api/v1/gp/25544").status, 404);  // empty mirror, but answered
  // An empty catalog matches nothing: 404, as every list that matches nothing.
  EXPECT_EQ(anonymous.get("/api/v1/catalog").status, 404);
  EXPECT_EQ(open.stop(), 0);

  const ProcessResult bad_listen =
      run_gpq({"--db", db, "serve", "--no-auth", "--listen", "127.0.0.1:http"});
  EXPECT_EQ(bad_listen.exit_code, 2);
  EXPECT_NE(bad_listen.err.find("--listen"), std::string::npos);
}

// A slower rate would make Retry-After longer than a client could sensibly wait.
TEST(HttpLimitsTest, RatesBelowTheMinimumAreRefused) {
  TempDir dir;
  const std::string db = (dir.path() / "gpq.db").string();
  for (const std::string flag : {"--rate", "--heavy-rate"}) {
    for (const std::string value : {"1e-300", "0.0009", "0", "-1"}) {
      SCOPED_TRACE(flag + " " + value);
      const ProcessResult refused =
          run_gpq({"--db", db, "serve", "--no-auth", "--listen", "127.0.0.1:0", flag, value});
      EXPECT_EQ(refused.exit_code, 2);
      EXPECT_NE(refused.err.find(flag + " " + value + ": at least 0.001 requests per second"),
                std::string::npos)
          << refused.err;
      EXPECT_EQ(std::count(refused.err.begin(), refused.err.end(), '\n'), 1) << refused.err;
    }
  }
}

// Whatever fails once the server's threads run, they are stopped and joined and the failure
// reaches the caller (the CLI prints it on one line), never std::terminate.
TEST(HttpLimitsTest, AFailureAfterTheThreadsStartReachesTheCaller) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  TempDir dir;
  http::ServeOptions options;
  options.no_auth = true;
  options.port = 0;
  options.access_log = "off";
  const auto announce = [](const http::Listening&) {
    fail(Errc::internal, "cannot write the URL to standard output");
  };
  EXPECT_EXIT(
      {
        try {
          const auto store = storage::SqliteStore::open(dir.path() / "gpq.db");
          const auto accounts =
              storage::Database::open(dir.path() / "gpq.db", storage::Database::Mode::read_write);
          http::serve(*store, *accounts, options, announce);
        } catch (const Error& error) {
          std::fprintf(stderr, "caught: %s\n", error.what());
          std::_Exit(3);
        }
        std::_Exit(0);
      },
      ::testing::ExitedWithCode(3), "caught: cannot write the URL to standard output");
}

TEST(HttpLimitsTest, ListensOnIpv6Loopback) {
  ServedWorld world(kUnlimited);
  world.server().stop();
  const ProcessResult probe =
      run_process({"sh", "-c", "ip -6 addr show lo 2>/dev/null | grep -q ::1"});
  if (probe.exit_code != 0) {
    GTEST_SKIP() << "no IPv6 loopback here";
  }
  // ServeProcess listens on 127.0.0.1; start one on [::1] by hand.
  const pid_t pid = fork();
  if (pid == 0) {
    const std::string db = world.db().string();
    execl(GPQ_BINARY, GPQ_BINARY, "--db", db.c_str(), "serve", "--listen", "[::1]:18642",
          "--access-log", "off", static_cast<char*>(nullptr));
    _exit(127);
  }
  int status = 0;
  for (int i = 0; i < 50 && status != 200; ++i) {
    std::this_thread::sleep_for(milliseconds(100));
    status = ApiClient("::1", 18642, world.key()).get("/api/v1/gp/25544").status;
  }
  EXPECT_EQ(status, 200);
  kill(pid, SIGTERM);
  int exit_status = 0;
  waitpid(pid, &exit_status, 0);
  EXPECT_TRUE(WIFEXITED(exit_status) && WEXITSTATUS(exit_status) == 0);
}

TEST(HttpLimitsTest, AccessLogNamesTheKeyIdNeverTheKey) {
  ServedWorld world(kUnlimited);
  auto client = world.client();
  client->get("/api/v1/gp/25544?format=tle");
  client->get("/api/v1/nowhere");
  // A key sent in the URL by mistake is not written either; a name that starts so is.
  client->get("/api/v1/gp?search=gpq_sat&api_key=" + world.key());
  // However it is spelled: percent-encoded, upper case, under any name, in the path.
  std::string encoded = world.key();
  encoded.replace(0, 4, "gpq%5F");
  std::string upper = world.key();
  std::transform(upper.begin(), upper.end(), upper.begin(),
                 [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
  client->get("/api/v1/gp?k=" + encoded);
  client->get("/api/v1/gp?search=" + upper);
  client->get("/api/v1/gp/" + world.key());
  EXPECT_EQ(world.server().stop(), 0);
  const std::string log = world.server().stderr_text();
  EXPECT_NE(log.find(" GET /api/v1/gp/25544?format=tle 200 "), std::string::npos) << log;
  EXPECT_NE(log.find(" GET /api/v1/nowhere 404 "), std::string::npos) << log;
  EXPECT_NE(log.find("us key=1"), std::string::npos) << log;
  EXPECT_NE(log.find(" GET /api/v1/gp?search=gpq_sat&api_key=gpq_*** "), std::string::npos) << log;
  EXPECT_NE(log.find(" GET /api/v1/gp?k=gpq_*** "), std::string::npos) << log;
  EXPECT_NE(log.find(" GET /api/v1/gp?search=gpq_*** "), std::string::npos) << log;
  EXPECT_NE(log.find(" GET /api/v1/gp/gpq_*** "), std::string::npos) << log;
  const std::string secret = world.key().substr(4);  // the key material, however prefixed
  EXPECT_EQ(log.find(secret), std::string::npos) << log;
  EXPECT_EQ(log.find(secret.substr(0, 20)), std::string::npos) << log;
  EXPECT_EQ(log.find(upper.substr(4, 20)), std::string::npos) << log;
}

}  // namespace
}  // namespace gpq::test
