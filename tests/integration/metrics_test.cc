// How the server runs, as operators read it: /metrics on its own address (checked by Debian's
// promtool, scraped by a real Prometheus started here), and the access log and the server's
// messages as JSON, one object per line.
#include <chrono>
#include <fstream>
#include <regex>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include <gtest/gtest.h>
#include <httplib.h>
#include <simdjson.h>

#include "support/api_client.h"
#include "support/daemon_process.h"
#include "support/process.h"
#include "support/served_world.h"
#include "support/temp_dir.h"

namespace gpq::test {
namespace {

using std::chrono::milliseconds;

// The value of the sample `series` (its name and labels as written), or -1 when absent.
double sample(const std::string& text, const std::string& series) {
  const std::size_t at = text.find("\n" + series + " ");
  if (at == std::string::npos) {
    return -1;
  }
  return std::stod(text.substr(at + series.size() + 2));
}

// A scrape once the server has counted every request named in `answered` (endpoint, count): it
// counts a request when its reply is written, so the client may read the reply a moment before.
std::string scrape_after(const std::string& url,
                         const std::vector<std::pair<std::string, double>>& answered) {
  const auto counted = [&](const std::string& text) {
    for (const auto& [endpoint, count] : answered) {
      const std::string series =
          "gpq_http_request_duration_seconds_count{endpoint=\"" + endpoint + "\"}";
      if (sample(text, series) < count) {
        return false;
      }
    }
    return true;
  };
  std::string text = fetch_url(url);
  for (int tries = 0; tries < 200 && !counted(text); ++tries) {
    std::this_thread::sleep_for(milliseconds(10));
    text = fetch_url(url);
  }
  return text;
}

std::vector<std::string> with_metrics(std::vector<std::string> args) {
  args.insert(args.end(), {"--metrics-listen", "127.0.0.1:0"});
  return args;
}

TEST(MetricsTest, TheFiguresOfTheServerAndTheMirror) {
  // Burst 3: the fourth request of the test in the same instant is refused.
  ServedWorld world(with_metrics({"--rate", "0.001", "--burst", "3"}));
  const std::string url = world.server().metrics_url();
  ASSERT_FALSE(url.empty()) << "no 'metrics at' line";
  auto client = world.client();
  EXPECT_EQ(client->get("/api/v1/gp/25544").status, 200);
  EXPECT_EQ(client->get("/api/v1/gp/25544").status, 200);  // the reply cache's
  EXPECT_EQ(client->get("/api/v1/gp/999999").status, 404);
  EXPECT_EQ(client->get("/api/v1/gp/25544").status, 429);
  // The page (outside the API: fetched past the OpenAPI record) counts no token.
  const std::string api = world.server().base_url();
  EXPECT_FALSE(fetch_url(api.substr(0, api.rfind("/api/")) + "/").empty());
  const std::string text = scrape_after(url, {{"/gp/{id}", 4}, {"page", 1}});
  EXPECT_EQ(sample(text, R"(gpq_http_requests_total{endpoint="/gp/{id}",code="200"})"), 2) << text;
  EXPECT_EQ(sample(text, R"(gpq_http_requests_total{endpoint="/gp/{id}",code="404"})"), 1);
  EXPECT_EQ(sample(text, R"(gpq_http_requests_total{endpoint="/gp/{id}",code="429"})"), 1);
  EXPECT_EQ(sample(text, R"(gpq_http_requests_total{endpoint="page",code="200"})"), 1);
  EXPECT_EQ(sample(text, R"(gpq_http_request_duration_seconds_count{endpoint="/gp/{id}"})"), 4);
  EXPECT_EQ(sample(text, R"(gpq_http_rate_limited_total{lane="standard",reason="rate"})"), 1);
  EXPECT_EQ(sample(text, R"(gpq_http_rate_limited_total{lane="heavy",reason="rate"})"), 0);
  EXPECT_EQ(sample(text, "gpq_reply_cache_hits_total"), 1);
  EXPECT_EQ(sample(text, "gpq_reply_cache_misses_total"), 2);
  EXPECT_GT(sample(text, "gpq_reply_cache_bytes"), 0);
  EXPECT_GE(sample(text, "gpq_http_open_connections"), 1) << "the client keeps its connection";
  EXPECT_EQ(sample(text, "gpq_http_open_streams"), 0);
  EXPECT_GE(sample(text, "gpq_data_generation"), 1);
  // The known world's one sync: a file import, finished at 2026-02-28T18:00Z.
  EXPECT_EQ(sample(text, R"(gpq_sync_last_success_timestamp_seconds{source="file"})"), 1772301600);
  EXPECT_GT(sample(text, R"(gpq_sync_last_success_age_seconds{source="file"})"), 0);
  EXPECT_EQ(sample(text, R"(gpq_sync_runs_total{source="file",outcome="ok"})"), 1);
  EXPECT_GT(sample(text, "process_resident_memory_bytes"), 1e6);
  EXPECT_GT(sample(text, "process_start_time_seconds"), 1.7e9);
  EXPECT_EQ(text.find("gpq_redis_"), std::string::npos) << "no fleet, no Redis figures";
  EXPECT_EQ(text.find("gpq_replica_"), std::string::npos) << "it follows no peer";
  // Scraping counts as no request of the API.
  EXPECT_EQ(sample(fetch_url(url), R"(gpq_http_requests_total{endpoint="/gp/{id}",code="200"})"),
            2);
}

TEST(MetricsTest, PromtoolFindsNothingToSay) {
  ServedWorld world(with_metrics(kUnlimited));
  auto client = world.client();
  client->get("/api/v1/gp/25544");
  client->get("/api/v1/gp/25544/history");
  TempDir dir;
  const std::string path = (dir.path() / "metrics.txt").string();
  std::ofstream(path) << fetch_url(world.server().metrics_url());
  const ProcessResult check = run_process(
      {"/bin/sh", "-c", find_program("promtool") + " check metrics < " + path + " 2>&1"});
  EXPECT_EQ(check.exit_code, 0) << check.out;
  EXPECT_EQ(check.out, "") << "promtool's lint";
}

// A real Prometheus scrapes the server every second; under a short load its request counter,
// as Prometheus stores it, moves by what was sent.
TEST(MetricsTest, ARealPrometheusScrapesTheCounterMoving) {
  ServedWorld world(with_metrics(kUnlimited));
  const std::string metrics = world.server().metrics_url();
  const std::string target = metrics.substr(7, metrics.find("/metrics") - 7);
  TempDir dir;
  const std::filesystem::path config = dir.path() / "prometheus.yml";
  std::ofstream(config) << "global:\n  scrape_interval: 1s\n"
                        << "scrape_configs:\n  - job_name: gpq\n    static_configs:\n"
                        << "      - targets: ['" << target << "']\n";
  const int port = free_loopback_port();
  DaemonProcess prometheus({find_program("prometheus"), "--config.file=" + config.string(),
                            "--storage.tsdb.path=" + (dir.path() / "data").string(),
                            "--web.listen-address=127.0.0.1:" + std::to_string(port)},
                           dir.path() / "prometheus.log");
  ASSERT_TRUE(wait_for_port(port, 30)) << prometheus.log_text();
  httplib::Client api("127.0.0.1", port);
  simdjson::dom::parser parser;
  // The counter as Prometheus last scraped it; -1 before its first scrape of that series.
  const auto scraped = [&] {
    const auto reply =
        api.Get("/api/v1/query?query=" +
                httplib::detail::encode_query_param(
                    R"(sum(gpq_http_requests_total{job="gpq",endpoint="/gp/{id}",code="200"}))"));
    if (!reply || reply->status != 200) {
      return -1.0;
    }
    const auto result = parser.parse(reply->body)["data"]["result"].get_array();
    if (result.size() == 0) {
      return -1.0;
    }
    return std::stod(std::string(result.at(0)["value"].at(1).get_string().value()));
  };
  const auto wait_for = [&](auto done) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    while (!done(scraped()) && std::chrono::steady_clock::now() < deadline) {
      std::this_thread::sleep_for(milliseconds(250));
    }
    return scraped();
  };
  auto client = world.client();
  client->get("/api/v1/gp/25544");
  const double before = wait_for([](double v) { return v >= 1; });
  ASSERT_GE(before, 1) << prometheus.log_text();
  constexpr int kLoad = 300;
  for (int i = 0; i < kLoad; ++i) {
    ASSERT_EQ(client->get("/api/v1/gp/25544").status, 200);
  }
  const double after = wait_for([&](double v) { return v >= before + kLoad; });
  EXPECT_EQ(after, before + kLoad) << prometheus.log_text();
}

TEST(MetricsTest, JsonLogsAreOneObjectALineWithTheDocumentedFields) {
  ServedWorld world({"--rate", "1000", "--burst", "1000", "--access-log-format", "json"});
  auto client = world.client();
  client->get("/api/v1/gp/25544?format=tle");
  client->get("/api/v1/gp/25544?format=tle");
  client->get("/api/v1/gp/25544/history");
  client->get("/api/v1/gp?search=x&api_key=" + world.key());
  client->get("/api/v1/nowhere");
  EXPECT_EQ(world.server().stop(), 0);
  const std::string log = world.server().stderr_text();
  simdjson::dom::parser parser;
  std::vector<std::string> paths;
  std::size_t start = 0;
  int hits = 0;
  while (start < log.size()) {
    const std::size_t end = log.find('\n', start);
    const std::string line = log.substr(start, end - start);
    start = end == std::string::npos ? log.size() : end + 1;
    simdjson::dom::element entry;
    ASSERT_EQ(parser.parse(line).get(entry), simdjson::SUCCESS) << line;
    for (const char* field : {"time", "client", "method", "path", "status", "bytes", "duration_us",
                              "key_id", "lane", "cache_hit"}) {
      EXPECT_FALSE(entry[field].error()) << field << " missing: " << line;
    }
    paths.emplace_back(entry["path"].get_string().value());
    hits += entry["cache_hit"].get_bool().value() ? 1 : 0;
    if (paths.back() == "/api/v1/gp/25544/history") {
      EXPECT_EQ(entry["lane"].get_string().value(), "heavy");
      EXPECT_EQ(entry["key_id"].get_int64().value(), 1);
      EXPECT_EQ(entry["status"].get_int64().value(), 200);
    }
    if (paths.back() == "/api/v1/nowhere") {
      EXPECT_TRUE(entry["lane"].is_null()) << "a path without a lane";
    }
  }
  EXPECT_EQ(paths,
            (std::vector<std::string>{"/api/v1/gp/25544?format=tle", "/api/v1/gp/25544?format=tle",
                                      "/api/v1/gp/25544/history",
                                      "/api/v1/gp?search=x&api_key=gpq_***", "/api/v1/nowhere"}))
      << log;
  EXPECT_EQ(hits, 1) << "the second TLE came from the reply cache";
  EXPECT_EQ(log.find(world.key().substr(4)), std::string::npos) << "no key material";
}

}  // namespace
}  // namespace gpq::test
