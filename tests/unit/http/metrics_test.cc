// The metrics' exposition: each family once with its HELP and TYPE, counters by bounded labels,
// histograms cumulative with +Inf equal to their count, label values escaped.
#include "http/server/metrics.h"

#include <chrono>
#include <regex>
#include <set>
#include <string>

#include <gtest/gtest.h>

namespace gpq::http {
namespace {

using std::chrono::microseconds;

std::string exposition(const ServerMetrics& metrics, const ScrapeFacts& facts = {}) {
  std::string out;
  metrics.write(facts, out);
  return out;
}

bool has_line(const std::string& text, const std::string& line) {
  return text.find("\n" + line + "\n") != std::string::npos || text.starts_with(line + "\n");
}

TEST(ServerMetricsTest, RequestsAreCountedByEndpointAndCode) {
  ServerMetrics metrics;
  const std::size_t latest = ServerMetrics::label_of(Endpoint::latest);
  metrics.answered(latest, 200, microseconds(300));
  metrics.answered(latest, 200, microseconds(40'000));
  metrics.answered(latest, 429, microseconds(50));
  metrics.answered(ServerMetrics::kPage, 200, microseconds(10));
  metrics.answered(ServerMetrics::kUnrouted, 404, microseconds(10));
  metrics.answered(ServerMetrics::kUnrouted, 299, microseconds(10));  // a code not listed
  const std::string text = exposition(metrics);
  EXPECT_TRUE(has_line(text, R"(gpq_http_requests_total{endpoint="/gp/{id}",code="200"} 2)"))
      << text;
  EXPECT_TRUE(has_line(text, R"(gpq_http_requests_total{endpoint="/gp/{id}",code="429"} 1)"));
  EXPECT_TRUE(has_line(text, R"(gpq_http_requests_total{endpoint="page",code="200"} 1)"));
  EXPECT_TRUE(has_line(text, R"(gpq_http_requests_total{endpoint="none",code="404"} 1)"));
  EXPECT_TRUE(has_line(text, R"(gpq_http_requests_total{endpoint="none",code="other"} 1)"));
  // The histogram: 50 µs and 300 µs and 40 ms; cumulative, +Inf equal to the count.
  EXPECT_TRUE(has_line(
      text, R"(gpq_http_request_duration_seconds_bucket{endpoint="/gp/{id}",le="0.0001"} 1)"));
  EXPECT_TRUE(has_line(
      text, R"(gpq_http_request_duration_seconds_bucket{endpoint="/gp/{id}",le="0.0005"} 2)"));
  EXPECT_TRUE(has_line(
      text, R"(gpq_http_request_duration_seconds_bucket{endpoint="/gp/{id}",le="0.025"} 2)"));
  EXPECT_TRUE(has_line(
      text, R"(gpq_http_request_duration_seconds_bucket{endpoint="/gp/{id}",le="0.05"} 3)"));
  EXPECT_TRUE(has_line(
      text, R"(gpq_http_request_duration_seconds_bucket{endpoint="/gp/{id}",le="+Inf"} 3)"));
  EXPECT_TRUE(has_line(text, R"(gpq_http_request_duration_seconds_count{endpoint="/gp/{id}"} 3)"));
  EXPECT_TRUE(
      has_line(text, R"(gpq_http_request_duration_seconds_sum{endpoint="/gp/{id}"} 0.04035)"));
}

TEST(ServerMetricsTest, EveryFamilyIsDeclaredOnceAndEverySampleBelongsToOne) {
  ServerMetrics metrics;
  metrics.answered(0, 200, microseconds(1));
  metrics.refused(Lane::heavy, LimitReason::quota);
  metrics.redis_command(microseconds(800), true);
  ScrapeFacts facts;
  facts.now = TimePoint::from_unix_micros(1'000'000'000'000'000);
  facts.data_generation = 7;
  SourceSync source;
  source.source = "celestrak";
  source.last_success = TimePoint::from_unix_micros(999'999'000'000'000);
  facts.sources.push_back(source);
  facts.runs.push_back({"cele\"strak", "ok", 3});
  facts.peer_pulled_at = TimePoint::from_unix_micros(999'999'940'000'000);
  facts.redis = true;
  const std::string text = exposition(metrics, facts);
  std::set<std::string> declared;
  const std::regex type(R"(^# TYPE ([a-z_]+) (counter|gauge|histogram)$)");
  const std::regex sample(R"(^([a-z_]+)(\{[^}]*\})? [-+0-9.eInf]+$)");
  std::size_t start = 0;
  while (start < text.size()) {
    const std::size_t end = text.find('\n', start);
    ASSERT_NE(end, std::string::npos) << "the last line ends too";
    const std::string line = text.substr(start, end - start);
    start = end + 1;
    std::smatch match;
    if (std::regex_match(line, match, type)) {
      EXPECT_TRUE(declared.insert(match[1]).second) << "declared twice: " << line;
    } else if (!line.starts_with("# HELP ")) {
      ASSERT_TRUE(std::regex_match(line, match, sample)) << line;
      std::string family = match[1];
      for (const char* suffix : {"_bucket", "_sum", "_count"}) {
        if (!declared.contains(family) && family.ends_with(suffix)) {
          family.resize(family.size() - std::string(suffix).size());
        }
      }
      EXPECT_TRUE(declared.contains(family)) << "a sample before its family: " << line;
    }
  }
  EXPECT_TRUE(has_line(text, R"(gpq_http_rate_limited_total{lane="heavy",reason="quota"} 1)"));
  EXPECT_TRUE(has_line(text, R"(gpq_http_rate_limited_total{lane="standard",reason="rate"} 0)"));
  EXPECT_TRUE(has_line(text, "gpq_data_generation 7"));
  EXPECT_TRUE(has_line(text, R"(gpq_sync_last_success_age_seconds{source="celestrak"} 1000)"));
  EXPECT_TRUE(has_line(text, R"(gpq_sync_runs_total{source="cele\"strak",outcome="ok"} 3)"));
  EXPECT_TRUE(has_line(text, "gpq_redis_errors_total 1"));
  EXPECT_TRUE(has_line(text, "gpq_replica_last_pull_age_seconds 60"));
  EXPECT_TRUE(has_line(text, "gpq_redis_round_trip_seconds_count 1"));
  EXPECT_NE(text.find("\nprocess_resident_memory_bytes "), std::string::npos);
}

TEST(ServerMetricsTest, RedisFiguresOnlyForAFleet) {
  const std::string text = exposition(ServerMetrics());
  EXPECT_EQ(text.find("gpq_redis_"), std::string::npos);
}

}  // namespace
}  // namespace gpq::http
