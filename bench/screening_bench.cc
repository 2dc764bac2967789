// Conjunction screening over the full catalog of bench/full_catalog.py (docs/CONJUNCTIONS.md,
// "Speed"; bench/conjunctions runs it):
//
//   GPQ_BENCH_DB=/tmp/gpq-bench/full.db GPQ_BENCH_3LE=/tmp/gpq-bench/full.3le
//   build-bench/bench/gpq_screening_bench --benchmark_repetitions=3
//
// Through the query core, as `gpq conjunctions` runs it: the ISS against the catalog for 7 days
// from 2025-03-15T12:00:00Z (the catalog's day), and the catalog against itself for
// GPQ_BENCH_ALL_HOURS hours (default 1). Then screen() beside its brute-force reference
// (screen_every_pair: every pair sampled every second, no filter) on the same 300 objects of the
// 500-600 km shell for one hour: the ratio of the two is the filters' gain.
#include <algorithm>
#include <benchmark/benchmark.h>
#include <cmath>
#include <cstdlib>
#include <memory>
#include <numbers>
#include <string>
#include <vector>

#include "gpq/conjunction_query.h"
#include "gpq/query_service.h"

#include "orbit/orbit_service.h"
#include "orbit/screening.h"
#include "orbit/sweep_bounds.h"
#include "storage/sqlite_store.h"
#include "support/collecting_sink.h"
#include "sync/input.h"
#include "sync/parse/parsers.h"

namespace gpq::bench {
namespace {

const char* env_or(const char* name, const char* fallback) {
  const char* value = std::getenv(name);
  return value != nullptr ? value : fallback;
}

TimePoint catalog_day() {
  return parse_iso8601("2025-03-15T12:00:00Z").value_or(TimePoint());
}

TimePoint hours_after(TimePoint t, double hours) {
  return TimePoint::from_unix_micros(t.unix_micros() +
                                     static_cast<std::int64_t>(hours * 3600 * 1e6));
}

struct Mirror {
  std::unique_ptr<storage::SqliteStore> store;
  std::unique_ptr<QueryService> core;
  std::unique_ptr<orbit::OrbitService> orbits;
};

Mirror& mirror() {
  static Mirror m = [] {
    Mirror made;
    made.store = storage::SqliteStore::open(env_or("GPQ_BENCH_DB", "/tmp/gpq-bench/full.db"));
    made.core = std::make_unique<QueryService>(*made.store);
    made.orbits = std::make_unique<orbit::OrbitService>(*made.core);
    return made;
  }();
  return m;
}

void screen_through_core(benchmark::State& state, ConjunctionQuery query) {
  Paging paging;
  paging.per_page = 1;
  ConjunctionPage page;
  for (auto _ : state) {
    page = mirror().orbits->conjunctions(query, paging, [](auto) {});
  }
  state.counters["approaches"] = static_cast<double>(page.counts.approaches);
  state.counters["objects"] = static_cast<double>(page.counts.screened);
  state.counters["primaries"] = static_cast<double>(page.counts.primaries);
}

void BM_IssAgainstTheCatalogFor7Days(benchmark::State& state) {
  ConjunctionQuery query;
  query.from = catalog_day();
  query.to = hours_after(catalog_day(), 7 * 24);
  query.primaries.norad_ids = {25544};
  screen_through_core(state, query);
}
BENCHMARK(BM_IssAgainstTheCatalogFor7Days)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_TheCatalogAgainstItself(benchmark::State& state) {
  const double hours = std::atof(env_or("GPQ_BENCH_ALL_HOURS", "1"));
  ConjunctionQuery query;
  query.from = catalog_day();
  query.to = hours_after(catalog_day(), hours);
  state.SetLabel(std::to_string(hours) + " h");
  screen_through_core(state, query);
}
BENCHMARK(BM_TheCatalogAgainstItself)->Unit(benchmark::kMillisecond)->UseRealTime();

// 300 sets of the 3LE file whose mean altitude is between 500 and 600 km, in the file's order.
struct Subset {
  std::vector<ElementSet> sets;
  std::vector<orbit::Sgp4Propagator> propagators;
  std::vector<orbit::ScreeningObject> objects;
};

const Subset& shell_subset() {
  static const Subset subset = [] {
    const auto in = sync::open_file(env_or("GPQ_BENCH_3LE", "/tmp/gpq-bench/full.3le"));
    sync::LineReader lines(*in);
    test::CollectingSink sink;
    sync::parse_tle_text(lines, {}, sink);
    Subset made;
    for (const ElementSet& set : sink.sets) {
      const double n = set.mean_motion * 2 * std::numbers::pi / 86400;  // rad/s
      const double altitude = std::cbrt(orbit::kMuKm3S2 / (n * n)) - orbit::kEarthRadiusKm;
      if (altitude > 500 && altitude < 600 && made.sets.size() < 300) {
        made.sets.push_back(set);
      }
    }
    made.propagators.reserve(made.sets.size());
    for (const ElementSet& set : made.sets) {
      made.propagators.emplace_back(set);
      made.objects.push_back({set.norad_id, &made.propagators.back(), set.epoch, true, -1});
    }
    return made;
  }();
  return subset;
}

orbit::ScreeningWindow subset_window() {
  return {catalog_day(), hours_after(catalog_day(), 1), 5};
}

void BM_ShellSubsetScreened(benchmark::State& state) {
  std::size_t approaches = 0;
  for (auto _ : state) {
    approaches = orbit::screen(shell_subset().objects, subset_window()).size();
  }
  state.counters["objects"] = static_cast<double>(shell_subset().objects.size());
  state.counters["approaches"] = static_cast<double>(approaches);
}
BENCHMARK(BM_ShellSubsetScreened)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_ShellSubsetEveryPairEverySecond(benchmark::State& state) {
  std::size_t approaches = 0;
  for (auto _ : state) {
    approaches = orbit::screen_every_pair(shell_subset().objects, subset_window(), 1).size();
  }
  state.counters["objects"] = static_cast<double>(shell_subset().objects.size());
  state.counters["approaches"] = static_cast<double>(approaches);
}
BENCHMARK(BM_ShellSubsetEveryPairEverySecond)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->Iterations(1);

}  // namespace
}  // namespace gpq::bench

BENCHMARK_MAIN();
