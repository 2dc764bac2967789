// The server's figures for Prometheus (docs/SERVE.md "Metrics"). The request path counts with
// relaxed atomics and takes no lock; a scrape reads them with the facts of its moment (open
// connections, the data generation, each source's syncs) and writes them in the text exposition
// format 0.0.4. Every label set is bounded: endpoints are the route table's paths, status codes
// a fixed list.
#pragma once

#include <array>
#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gpq/query.h"

#include "http/api/routes.h"
#include "http/limits/limit_book.h"
#include "http/limits/rate_limiter.h"
#include "http/server/webhook_deliverer.h"

namespace gpq::http {

// A latency histogram with fixed buckets (100 µs to 10 s), counted with relaxed atomics.
class LatencyHistogram {
 public:
  static constexpr std::array<std::int64_t, 16> kBoundsMicros = {
      100,    250,     500,     1'000,   2'500,     5'000,     10'000,    25'000,
      50'000, 100'000, 250'000, 500'000, 1'000'000, 2'500'000, 5'000'000, 10'000'000};

  void observe(std::chrono::microseconds took) noexcept;
  // `name`_bucket{`labels`,le="..."} (cumulative, +Inf last), `name`_sum (seconds), `name`_count.
  // `labels` is empty or `a="b",c="d"`.
  void write(std::string_view name, std::string_view labels, std::string& out) const;
  std::uint64_t count() const noexcept;

 private:
  std::array<std::atomic<std::uint64_t>, kBoundsMicros.size() + 1> counts_{};
  std::atomic<std::uint64_t> sum_micros_{0};
};

// What a scrape reads at its moment, beside the counters.
struct ScrapeFacts {
  TimePoint now;
  std::int64_t open_connections = 0;
  std::int64_t open_streams = 0;
  std::uint64_t reply_cache_hits = 0;
  std::uint64_t reply_cache_misses = 0;
  std::int64_t reply_cache_bytes = 0;
  std::optional<std::int64_t> data_generation;  // none while the database cannot be read
  std::vector<SourceSync> sources;
  std::vector<SyncRunTally> runs;
  std::optional<TimePoint> peer_pulled_at;  // a replica's newest pull
  bool redis = false;                       // the Redis figures are written only for a fleet
};

class ServerMetrics {
 public:
  // The endpoint label of a request: a route's, the page's, or none of them.
  static constexpr std::size_t kRoutes = 0
#define GPQ_METRICS_COUNT_ROUTE(name, path, access, lane, instant) +1
      GPQ_ENDPOINTS(GPQ_METRICS_COUNT_ROUTE)
#undef GPQ_METRICS_COUNT_ROUTE
      ;
  static constexpr std::size_t kPage = kRoutes;
  static constexpr std::size_t kUnrouted = kRoutes + 1;
  static std::size_t label_of(Endpoint endpoint) noexcept {
    return static_cast<std::size_t>(endpoint);
  }

  // Any thread.
  void answered(std::size_t endpoint, int status, std::chrono::microseconds took) noexcept;
  void refused(Lane lane, LimitReason why) noexcept;
  void redis_command(std::chrono::microseconds took, bool failed) noexcept;
  void webhook_delivery(DeliveryOutcome outcome) noexcept;

  // The whole exposition: these counters, `facts`, and the process's own figures.
  void write(const ScrapeFacts& facts, std::string& out) const;

 private:
  // The status codes gpq answers with; another one counts as "other".
  static constexpr std::array<int, 18> kCodes = {200, 206, 304, 400, 401, 403, 404, 405, 406,
                                                 408, 413, 414, 422, 429, 431, 500, 502, 503};
  static constexpr std::size_t kLabels = kRoutes + 2;

  std::array<std::array<std::atomic<std::uint64_t>, kCodes.size() + 1>, kLabels> requests_{};
  std::array<LatencyHistogram, kLabels> durations_{};
  std::array<std::array<std::atomic<std::uint64_t>, 2>, 2> refused_{};  // [lane][why]
  LatencyHistogram redis_round_trips_;
  std::atomic<std::uint64_t> redis_errors_{0};
  std::array<std::atomic<std::uint64_t>, 3> deliveries_{};  // by DeliveryOutcome
};

}  // namespace gpq::http
