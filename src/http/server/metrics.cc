#include "http/server/metrics.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <sys/resource.h>
#include <unistd.h>

#include <fmt/format.h>

namespace gpq::http {
namespace {

constexpr auto kRelaxed = std::memory_order_relaxed;

void family(std::string_view name, std::string_view type, std::string_view help, std::string& out) {
  fmt::format_to(std::back_inserter(out), "# HELP {} {}\n# TYPE {} {}\n", name, help, name, type);
}

// A label value as the exposition format escapes it.
std::string escaped(std::string_view value) {
  std::string text;
  for (const char c : value) {
    if (c == '\\' || c == '"') {
      text += '\\';
      text += c;
    } else if (c == '\n') {
      text += "\\n";
    } else {
      text += c;
    }
  }
  return text;
}

double seconds_of(std::int64_t micros) {
  return static_cast<double>(micros) / 1e6;
}

std::string_view endpoint_label(std::size_t label) {
  if (label == ServerMetrics::kPage) {
    return "page";
  }
  if (label == ServerMetrics::kUnrouted) {
    return "none";
  }
  return path_of(static_cast<Endpoint>(label));
}

// The process's own figures, under the names every Prometheus client library uses.
void write_process(std::string& out) {
  const long page = sysconf(_SC_PAGESIZE);
  std::int64_t virtual_pages = 0;
  std::int64_t resident_pages = 0;
  std::ifstream("/proc/self/statm") >> virtual_pages >> resident_pages;
  family("process_resident_memory_bytes", "gauge", "Resident memory size in bytes.", out);
  fmt::format_to(std::back_inserter(out), "process_resident_memory_bytes {}\n",
                 resident_pages * page);
  family("process_virtual_memory_bytes", "gauge", "Virtual memory size in bytes.", out);
  fmt::format_to(std::back_inserter(out), "process_virtual_memory_bytes {}\n",
                 virtual_pages * page);
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  const double cpu = static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
                     static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
  family("process_cpu_seconds_total", "counter", "User and system CPU time spent in seconds.", out);
  fmt::format_to(std::back_inserter(out), "process_cpu_seconds_total {:.6f}\n", cpu);
  std::error_code error;
  const auto fds = std::distance(std::filesystem::directory_iterator("/proc/self/fd", error),
                                 std::filesystem::directory_iterator());
  family("process_open_fds", "gauge", "Number of open file descriptors.", out);
  fmt::format_to(std::back_inserter(out), "process_open_fds {}\n", fds);
  rlimit files{};
  getrlimit(RLIMIT_NOFILE, &files);
  family("process_max_fds", "gauge", "Maximum number of open file descriptors.", out);
  fmt::format_to(std::back_inserter(out), "process_max_fds {}\n", files.rlim_cur);
  // Field 22 of /proc/self/stat: the start in clock ticks after boot (btime in /proc/stat).
  std::string stat;
  std::getline(std::ifstream("/proc/self/stat"), stat);
  std::istringstream fields(stat.substr(stat.rfind(')') + 2));
  std::string field;
  for (int i = 3; i <= 22 && fields >> field; ++i) {
  }
  std::int64_t boot = 0;
  std::ifstream kernel("/proc/stat");
  for (std::string key; kernel >> key;) {
    if (key == "btime") {
      kernel >> boot;
      break;
    }
  }
  const double started =
      static_cast<double>(boot) + static_cast<double>(std::stoll(field.empty() ? "0" : field)) /
                                      static_cast<double>(sysconf(_SC_CLK_TCK));
  family("process_start_time_seconds", "gauge",
         "Start time of the process since unix epoch in seconds.", out);
  fmt::format_to(std::back_inserter(out), "process_start_time_seconds {:.2f}\n", started);
}

}  // namespace

void LatencyHistogram::observe(std::chrono::microseconds took) noexcept {
  const auto bound = std::lower_bound(kBoundsMicros.begin(), kBoundsMicros.end(), took.count());
  counts_[static_cast<std::size_t>(bound - kBoundsMicros.begin())].fetch_add(1, kRelaxed);
  sum_micros_.fetch_add(static_cast<std::uint64_t>(std::max<std::int64_t>(0, took.count())),
                        kRelaxed);
}

std::uint64_t LatencyHistogram::count() const noexcept {
  std::uint64_t total = 0;
  for (const auto& bucket : counts_) {
    total += bucket.load(kRelaxed);
  }
  return total;
}

void LatencyHistogram::write(std::string_view name, std::string_view labels,
                             std::string& out) const {
  const std::string_view comma = labels.empty() ? "" : ",";
  std::uint64_t cumulative = 0;
  for (std::size_t i = 0; i < counts_.size(); ++i) {
    cumulative += counts_[i].load(kRelaxed);
    const std::string le =
        i < kBoundsMicros.size() ? fmt::format("{}", seconds_of(kBoundsMicros[i])) : "+Inf";
    fmt::format_to(std::back_inserter(out), "{}_bucket{{{}{}le=\"{}\"}} {}\n", name, labels, comma,
                   le, cumulative);
  }
  const std::string braces = labels.empty() ? "" : fmt::format("{{{}}}", labels);
  fmt::format_to(std::back_inserter(out), "{}_sum{} {}\n{}_count{} {}\n", name, braces,
                 seconds_of(static_cast<std::int64_t>(sum_micros_.load(kRelaxed))), name, braces,
                 cumulative);
}

void ServerMetrics::answered(std::size_t endpoint, int status,
                             std::chrono::microseconds took) noexcept {
  const std::size_t label = std::min(endpoint, kUnrouted);
  const auto code = std::find(kCodes.begin(), kCodes.end(), status);
  requests_[label][static_cast<std::size_t>(code - kCodes.begin())].fetch_add(1, kRelaxed);
  durations_[label].observe(took);
}

void ServerMetrics::refused(Lane lane, LimitReason why) noexcept {
  refused_[static_cast<std::size_t>(lane)][static_cast<std::size_t>(why)].fetch_add(1, kRelaxed);
}

void ServerMetrics::redis_command(std::chrono::microseconds took, bool failed) noexcept {
  redis_round_trips_.observe(took);
  if (failed) {
    redis_errors_.fetch_add(1, kRelaxed);
  }
}

void ServerMetrics::webhook_delivery(DeliveryOutcome outcome) noexcept {
  deliveries_[static_cast<std::size_t>(outcome)].fetch_add(1, kRelaxed);
}

void ServerMetrics::write(const ScrapeFacts& facts, std::string& out) const {
  auto line = std::back_inserter(out);
  family("gpq_http_requests_total", "counter",
         "Requests answered, by endpoint (the API path, page, or none) and status code.", out);
  for (std::size_t label = 0; label < kLabels; ++label) {
    for (std::size_t code = 0; code <= kCodes.size(); ++code) {
      if (const std::uint64_t n = requests_[label][code].load(kRelaxed); n > 0) {
        fmt::format_to(line, "gpq_http_requests_total{{endpoint=\"{}\",code=\"{}\"}} {}\n",
                       endpoint_label(label),
                       code < kCodes.size() ? std::to_string(kCodes[code]) : "other", n);
      }
    }
  }
  family("gpq_http_request_duration_seconds", "histogram",
         "Time from a request's head to its answer, by endpoint.", out);
  for (std::size_t label = 0; label < kLabels; ++label) {
    if (durations_[label].count() > 0) {
      durations_[label].write("gpq_http_request_duration_seconds",
                              fmt::format("endpoint=\"{}\"", endpoint_label(label)), out);
    }
  }
  family("gpq_http_rate_limited_total", "counter",
         "Requests answered 429, by rate lane and reason (rate or quota).", out);
  for (const Lane lane : {Lane::standard, Lane::heavy}) {
    for (const LimitReason why : {LimitReason::rate, LimitReason::quota}) {
      fmt::format_to(
          line, "gpq_http_rate_limited_total{{lane=\"{}\",reason=\"{}\"}} {}\n",
          lane == Lane::standard ? "standard" : "heavy",
          why == LimitReason::rate ? "rate" : "quota",
          refused_[static_cast<std::size_t>(lane)][static_cast<std::size_t>(why)].load(kRelaxed));
    }
  }
  family("gpq_reply_cache_hits_total", "counter", "Answers given from the reply cache.", out);
  fmt::format_to(line, "gpq_reply_cache_hits_total {}\n", facts.reply_cache_hits);
  family("gpq_reply_cache_misses_total", "counter",
         "Cacheable requests the reply cache did not hold.", out);
  fmt::format_to(line, "gpq_reply_cache_misses_total {}\n", facts.reply_cache_misses);
  family("gpq_reply_cache_bytes", "gauge", "Bytes of the bodies the reply cache holds.", out);
  fmt::format_to(line, "gpq_reply_cache_bytes {}\n", facts.reply_cache_bytes);
  family("gpq_http_open_connections", "gauge", "Client connections open.", out);
  fmt::format_to(line, "gpq_http_open_connections {}\n", facts.open_connections);
  family("gpq_http_open_streams", "gauge", "Streams open (/changes).", out);
  fmt::format_to(line, "gpq_http_open_streams {}\n", facts.open_streams);
  if (facts.data_generation) {
    family("gpq_data_generation", "gauge",
           "The mirror's data generation: it changes whenever sets, records or groups do.", out);
    fmt::format_to(line, "gpq_data_generation {}\n", *facts.data_generation);
  }
  family("gpq_sync_last_success_timestamp_seconds", "gauge",
         "When each source's newest successful sync ended, unix seconds.", out);
  for (const SourceSync& source : facts.sources) {
    if (source.last_success) {
      fmt::format_to(line, "gpq_sync_last_success_timestamp_seconds{{source=\"{}\"}} {}\n",
                     escaped(source.source), seconds_of(source.last_success->unix_micros()));
    }
  }
  family("gpq_sync_last_success_age_seconds", "gauge",
         "Seconds since each source's newest successful sync ended.", out);
  for (const SourceSync& source : facts.sources) {
    if (source.last_success) {
      fmt::format_to(line, "gpq_sync_last_success_age_seconds{{source=\"{}\"}} {}\n",
                     escaped(source.source),
                     seconds_of(facts.now.unix_micros() - source.last_success->unix_micros()));
    }
  }
  family("gpq_sync_runs_total", "counter", "Sync runs recorded, by source and outcome.", out);
  for (const SyncRunTally& tally : facts.runs) {
    fmt::format_to(line, "gpq_sync_runs_total{{source=\"{}\",outcome=\"{}\"}} {}\n",
                   escaped(tally.source), escaped(tally.outcome), tally.runs);
  }
  if (facts.peer_pulled_at) {
    family("gpq_replica_last_pull_age_seconds", "gauge",
           "A replica's lag: seconds since its newest pull from the peer it follows committed.",
           out);
    fmt::format_to(line, "gpq_replica_last_pull_age_seconds {}\n",
                   seconds_of(facts.now.unix_micros() - facts.peer_pulled_at->unix_micros()));
  }
  family("gpq_webhook_deliveries_total", "counter",
         "Webhook POSTs by outcome: delivered (2xx), retried (to be tried again), failed (given "
         "up after the retry window).",
         out);
  constexpr std::array<std::string_view, 3> kOutcomes = {"delivered", "retried", "failed"};
  for (std::size_t k = 0; k < kOutcomes.size(); ++k) {
    fmt::format_to(line, "gpq_webhook_deliveries_total{{outcome=\"{}\"}} {}\n", kOutcomes[k],
                   deliveries_[k].load(kRelaxed));
  }
  if (facts.redis) {
    family("gpq_redis_round_trip_seconds", "histogram",
           "Time of each use of the fleet's Redis (one or more commands).", out);
    redis_round_trips_.write("gpq_redis_round_trip_seconds", "", out);
    family("gpq_redis_errors_total", "counter",
           "Uses of Redis that failed (no answer, a timeout, an error reply).", out);
    fmt::format_to(line, "gpq_redis_errors_total {}\n", redis_errors_.load(kRelaxed));
  }
  write_process(out);
}

}  // namespace gpq::http
