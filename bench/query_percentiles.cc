// Median and p99 of single queries of the query core, warm and cold, as JSON for
// bench/peer_table.py, which sets them beside DuckDB's (bench/duckdb/peer.mjs):
//
//   gpq_query_percentiles --db MIRROR [--warm-samples 1000] [--cold-samples 20]
//
// The questions, object ids and epoch are those of gpq_query_bench. Warm: one store, the
// samples cycling through the ids. Cold: for each sample the kernel's page cache is dropped
// and a new store opened; only the query is timed. Percentiles of single calls need a clock
// around each call, which Google Benchmark does not give, hence a plain program.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <functional>
#include <memory>
#include <string>
#include <unistd.h>
#include <vector>

#include <fmt/format.h>

#include "gpq/format.h"
#include "gpq/query_service.h"

#include "storage/sqlite_store.h"

namespace gpq::bench {
namespace {

struct Opened {
  std::unique_ptr<storage::SqliteStore> store;
  std::unique_ptr<QueryService> core;
};

Opened open_mirror(const std::filesystem::path& path) {
  Opened opened;
  opened.store = storage::SqliteStore::open(path);
  opened.core = std::make_unique<QueryService>(*opened.store);
  return opened;
}

// The ids and epoch of gpq_query_bench: every 1/997th current object, and the middle of the
// first one's history.
struct Questions {
  std::vector<std::int32_t> ids;
  TimePoint middle;
};

Questions pick_questions(QueryService& core) {
  Paging all;
  all.all = true;
  std::vector<std::int32_t> every;
  core.search({}, all, [&](const ElementSet& set) { every.push_back(set.norad_id); });
  Questions q;
  for (std::size_t i = 0; i < every.size(); i += std::max<std::size_t>(1, every.size() / 997)) {
    q.ids.push_back(every[i]);
  }
  const RangeInfo range = core.range(q.ids.front());
  q.middle = TimePoint::from_unix_micros(
      (range.earliest_epoch.unix_micros() + range.latest_epoch.unix_micros()) / 2);
  return q;
}

// Drops the kernel's page cache (root), else evicts the mirror's files from it.
void drop_cache(const std::filesystem::path& path) {
  ::sync();
  if (std::ofstream drop("/proc/sys/vm/drop_caches"); drop && (drop << "1\n") && drop.flush()) {
    return;
  }
  for (const std::string& name : {path.string(), path.string() + "-wal"}) {
    const int fd = ::open(name.c_str(), O_RDONLY);
    if (fd >= 0) {
      ::posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
      ::close(fd);
    }
  }
}

// One question: sample `i` asks about ids[i % n] (or the epoch shifted by i seconds).
using Question = std::function<void(QueryService&, std::size_t)>;

std::vector<std::pair<std::string, Question>> questions(const Questions& q) {
  auto out = std::make_shared<std::string>();
  return {
      {"latest",
       [&q, out](QueryService& core, std::size_t i) {
         out->clear();
         write_set(Format::json, core.latest(q.ids[i % q.ids.size()]), *out);
       }},
      {"nearest",
       [&q](QueryService& core, std::size_t i) {
         (void)core.nearest({q.ids[i % q.ids.size()], q.middle});
       }},
      {"history_page_500",
       [&q, out](QueryService& core, std::size_t i) {
         out->clear();
         Paging paging;
         paging.per_page = 500;
         const auto writer = make_set_list_writer(Format::json);
         writer->begin(*out);
         HistoryMeta meta;
         core.history(
             {q.ids[i % q.ids.size()], std::nullopt, std::nullopt, SourceFilter::all}, paging,
             [&](const ElementSet& set) { writer->set(set, *out); }, &meta);
         writer->end(*out);
       }},
      {"snapshot_page_500",
       [&q](QueryService& core, std::size_t i) {
         Paging paging;
         paging.per_page = 500;
         // A new epoch each time: no cached snapshot answers it.
         const SnapshotQuery query{
             TimePoint::from_unix_micros(q.middle.unix_micros() +
                                         static_cast<std::int64_t>(i) * 1'000'000),
             std::nullopt, std::nullopt, std::nullopt};
         std::int64_t rows = 0;
         core.snapshot(query, paging, [&](const ElementSet&) { ++rows; });
       }},
  };
}

double micros_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start)
      .count();
}

std::pair<double, double> median_p99(std::vector<double> samples) {
  std::sort(samples.begin(), samples.end());
  const std::size_t n = samples.size();
  const double median = n % 2 == 1 ? samples[n / 2] : (samples[n / 2 - 1] + samples[n / 2]) / 2;
  const std::size_t p99 = std::min(n - 1, static_cast<std::size_t>(static_cast<double>(n) * 0.99));
  return {median, samples[p99]};
}

int run(int argc, char** argv) {
  std::filesystem::path db;
  std::size_t warm_samples = 1000;
  std::size_t cold_samples = 20;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string flag = argv[i];
    if (flag == "--db") {
      db = argv[i + 1];
    } else if (flag == "--warm-samples") {
      warm_samples = std::strtoull(argv[i + 1], nullptr, 10);
    } else if (flag == "--cold-samples") {
      cold_samples = std::strtoull(argv[i + 1], nullptr, 10);
    }
  }
  if (db.empty() || warm_samples == 0 || cold_samples == 0) {
    std::fputs("usage: gpq_query_percentiles --db MIRROR [--warm-samples N] [--cold-samples N]\n",
               stderr);
    return 2;
  }
  Opened warm = open_mirror(db);
  const Questions q = pick_questions(*warm.core);
  // Every warm figure before any cold one: a drop of the page cache would chill the rest.
  const auto asked = questions(q);
  std::vector<std::vector<double>> warm_us(asked.size());
  std::vector<std::vector<double>> cold_us(asked.size());
  for (std::size_t k = 0; k < asked.size(); ++k) {
    const Question& ask = asked[k].second;
    for (std::size_t i = 0; i < q.ids.size(); ++i) {
      ask(*warm.core, i);  // one pass over every id first: warm means cached
    }
    for (std::size_t i = 0; i < warm_samples; ++i) {
      const auto start = std::chrono::steady_clock::now();
      ask(*warm.core, i);
      warm_us[k].push_back(micros_since(start));
    }
  }
  warm = {};
  for (std::size_t k = 0; k < asked.size(); ++k) {
    for (std::size_t i = 0; i < cold_samples; ++i) {
      drop_cache(db);
      Opened cold = open_mirror(db);
      const auto start = std::chrono::steady_clock::now();
      asked[k].second(*cold.core, i * 7919);  // spread over the ids
      cold_us[k].push_back(micros_since(start));
    }
  }
  std::string json = "{";
  for (std::size_t k = 0; k < asked.size(); ++k) {
    const auto [warm_median, warm_p99] = median_p99(warm_us[k]);
    const auto [cold_median, cold_p99] = median_p99(cold_us[k]);
    json += fmt::format(
        R"({}"{}":{{"warm_median_us":{:.1f},"warm_p99_us":{:.1f},"cold_median_us":{:.1f},)"
        R"("cold_p99_us":{:.1f}}})",
        k > 0 ? "," : "", asked[k].first, warm_median, warm_p99, cold_median, cold_p99);
  }
  json += "}\n";
  std::fputs(json.c_str(), stdout);
  return 0;
}

}  // namespace
}  // namespace gpq::bench

int main(int argc, char** argv) {
  return gpq::bench::run(argc, argv);
}
