// The catalog's states in process, step by step, over a real mirror file:
//
//   GPQ_BENCH_DB=/tmp/st.db build/bench/gpq_catalog_state_bench --benchmark_repetitions=5
//   --benchmark_report_aggregates_only=true
//
// Every object at one instant (the mirror's newest epoch unless GPQ_BENCH_EPOCH names one):
// the snapshot's sets alone, then propagated, then written as JSON and CSV as the front ends
// write them. bench/sgp4_peers/serve_catalog.sh measures the same through `gpq serve`.
#include <benchmark/benchmark.h>
#include <cstdlib>
#include <memory>
#include <span>
#include <string>

#include "gpq/orbit_format.h"
#include "gpq/query_service.h"

#include "orbit/orbit_service.h"
#include "storage/sqlite_store.h"

namespace gpq::bench {
namespace {

struct Mirror {
  std::unique_ptr<storage::SqliteStore> store;
  std::unique_ptr<QueryService> core;
  TimePoint instant;
};

Mirror& mirror() {
  static Mirror m = [] {
    const char* path = std::getenv("GPQ_BENCH_DB");
    Mirror made;
    made.store = storage::SqliteStore::open(path != nullptr ? path : "/tmp/gpq-bench/st.db");
    made.core = std::make_unique<QueryService>(*made.store);
    const char* epoch = std::getenv("GPQ_BENCH_EPOCH");
    made.instant = epoch != nullptr ? parse_date("GPQ_BENCH_EPOCH", epoch)
                                    : made.core->status().latest_epoch.value_or(TimePoint());
    return made;
  }();
  return m;
}

CatalogStateQuery query() {
  CatalogStateQuery q;
  q.epoch = mirror().instant;
  return q;
}

Paging every() {
  Paging paging;
  paging.all = true;
  return paging;
}

void BM_SnapshotSets(benchmark::State& state) {
  std::int64_t rows = 0;
  for (auto _ : state) {
    rows = mirror()
               .core
               ->snapshot(query().members(), every(),
                          [](const ElementSet& set) { benchmark::DoNotOptimize(&set); })
               .total;
  }
  state.counters["rows"] = static_cast<double>(rows);
}

void BM_CatalogStates(benchmark::State& state) {
  const orbit::OrbitService service(*mirror().core);
  const CatalogStateQuery q = query();
  std::int64_t rows = 0;
  for (auto _ : state) {
    const auto visit = [](std::span<const CatalogStateRow> chunk) {
      benchmark::DoNotOptimize(chunk.data());
    };
    rows = service.catalog_state(q, every(), visit).page.total;
  }
  state.counters["rows"] = static_cast<double>(rows);
}

void written(benchmark::State& state, Format format) {
  const orbit::OrbitService service(*mirror().core);
  const CatalogStateQuery q = query();
  std::string out;
  for (auto _ : state) {
    out.clear();
    const auto writer = make_catalog_state_writer(format, q);
    writer->begin(out);
    const CatalogStatePage page = service.catalog_state(
        q, every(), [&](std::span<const CatalogStateRow> rows) { writer->rows(rows, out); });
    writer->end(page, {}, {}, out);
    benchmark::DoNotOptimize(out.data());
  }
  state.counters["bytes"] = static_cast<double>(out.size());
}

void BM_CatalogStatesJson(benchmark::State& state) {
  written(state, Format::json);
}
void BM_CatalogStatesCsv(benchmark::State& state) {
  written(state, Format::csv);
}

BENCHMARK(BM_SnapshotSets)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_CatalogStates)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_CatalogStatesJson)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_CatalogStatesCsv)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace gpq::bench

BENCHMARK_MAIN();
