// SGP4/SDP4 propagations per second on one core, over real element sets:
//
//   GPQ_REAL_DATA=/work/shared/data build/bench/gpq_propagate_bench --benchmark_repetitions=5
//   --benchmark_report_aggregates_only=true
//
// The sets are Space-Track's whole catalog of 2025-03-03 (history/spacetrack_snapshots),
// split into near-earth (SGP4) and deep-space (SDP4) ones. Each propagation takes the next
// set in turn at the next of 1,024 times spread over +-1 day (or +-10 days) from its epoch,
// so the figures are not one set's cached path (the batch benchmark the same, 1,024 at a time
// through propagate_batch). The deep-space resonance integration runs from epoch on every call
// here (no ResonanceCursor), so its cost grows with the offset.
#include <benchmark/benchmark.h>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "gpq/element_set.h"

#include "orbit/sgp4.h"
#include "orbit/sgp4_batch.h"
#include "sync/input.h"
#include "sync/parse/parsers.h"
#include "sync/record_sink.h"

namespace gpq::bench {
namespace {

class SetList final : public sync::RecordSink {
 public:
  void element_set(ElementSet&& set) override { sets.push_back(std::move(set)); }
  void catalog_record(CatalogRecord&&) override {}
  void skip(std::uint64_t, std::string) override {}
  std::vector<ElementSet> sets;
};

struct Catalog {
  std::vector<ElementSet> sets;
  std::vector<orbit::Sgp4Propagator> near_earth;
  std::vector<orbit::Sgp4Propagator> deep_space;
  std::vector<orbit::Sgp4Propagator> resonant;  // deep space in a 12 h or 24 h resonance
};

std::optional<Catalog> load_catalog() {
  const char* dir = std::getenv("GPQ_REAL_DATA");
  if (dir == nullptr) {
    return std::nullopt;
  }
  const auto in = sync::open_file(std::filesystem::path(dir) / "history" / "spacetrack_snapshots" /
                                  "snap_satcat_2025_03_03.txt.xz");
  sync::LineReader lines(*in);
  SetList list;
  sync::parse_tle_text(lines, {}, list);
  Catalog made{std::move(list.sets), {}, {}, {}};
  for (const ElementSet& set : made.sets) {
    const orbit::Sgp4Propagator propagator(set);
    if (propagator.init_error() != orbit::Sgp4Error::none) {
      continue;
    }
    if (!propagator.deep_space()) {
      made.near_earth.push_back(propagator);
      continue;
    }
    made.deep_space.push_back(propagator);
    if (propagator.terms().deep.resonance.kind != orbit::Resonance::none) {
      made.resonant.push_back(propagator);
    }
  }
  return made;
}

// The catalog, loaded on first use; nullptr (and the benchmark skipped) without GPQ_REAL_DATA.
const Catalog* catalog(benchmark::State& state) {
  static const std::optional<Catalog> loaded = load_catalog();
  if (!loaded) {
    state.SkipWithError("GPQ_REAL_DATA is not set");
    return nullptr;
  }
  return &*loaded;
}

std::vector<double> offsets(double max_minutes) {
  std::mt19937_64 random(1);
  std::uniform_real_distribution<double> draw(-max_minutes, max_minutes);
  std::vector<double> minutes(1024);
  for (double& m : minutes) {
    m = draw(random);
  }
  return minutes;
}

// Argument: the largest offset from epoch, in days.
void propagate_each(benchmark::State& state, const std::vector<orbit::Sgp4Propagator>& sets) {
  const std::vector<double> minutes = offsets(static_cast<double>(state.range(0)) * 1440.0);
  std::size_t i = 0;
  std::size_t failed = 0;
  for (auto _ : state) {
    const orbit::Sgp4Result result = sets[i % sets.size()].propagate(minutes[i % minutes.size()]);
    benchmark::DoNotOptimize(result);
    failed += result.error != orbit::Sgp4Error::none ? 1 : 0;
    ++i;
  }
  state.SetItemsProcessed(state.iterations());
  state.counters["sets"] = static_cast<double>(sets.size());
  state.counters["errors"] =
      benchmark::Counter(static_cast<double>(failed), benchmark::Counter::kAvgIterations);
}

// The same propagations as propagate_each, 1,024 at a time through propagate_batch, in the
// lanes the second argument names (0 SSE2 pairs, 1 AVX2, 2 AVX-512; the next narrower where the
// processor lacks them).
void propagate_batches(benchmark::State& state, const std::vector<orbit::Sgp4Propagator>& sets) {
  const orbit::BatchLanes before =
      orbit::limit_batch_lanes(static_cast<orbit::BatchLanes>(state.range(1)));
  state.SetLabel(std::string(orbit::to_string(orbit::batch_lanes())));
  const std::vector<double> minutes = offsets(static_cast<double>(state.range(0)) * 1440.0);
  constexpr std::size_t kBatch = 1024;
  std::vector<const orbit::Sgp4Propagator*> batch(kBatch);
  std::vector<double> at(kBatch);
  std::vector<orbit::Sgp4Result> out(kBatch);
  std::size_t i = 0;
  for (auto _ : state) {
    for (std::size_t k = 0; k < kBatch; ++k, ++i) {
      batch[k] = &sets[i % sets.size()];
      at[k] = minutes[i % minutes.size()];
    }
    orbit::propagate_batch(batch, at, out);
    benchmark::DoNotOptimize(out.data());
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(kBatch));
  state.counters["sets"] = static_cast<double>(sets.size());
  orbit::limit_batch_lanes(before);
}

void BM_PropagateNearEarth(benchmark::State& state) {
  if (const Catalog* sets = catalog(state)) {
    propagate_each(state, sets->near_earth);
  }
}

void BM_PropagateNearEarthBatch(benchmark::State& state) {
  if (const Catalog* sets = catalog(state)) {
    propagate_batches(state, sets->near_earth);
  }
}

void BM_PropagateDeepSpaceBatch(benchmark::State& state) {
  if (const Catalog* sets = catalog(state)) {
    propagate_batches(state, sets->deep_space);
  }
}

void BM_PropagateDeepSpace(benchmark::State& state) {
  if (const Catalog* sets = catalog(state)) {
    propagate_each(state, sets->deep_space);
  }
}

void BM_PropagateResonant(benchmark::State& state) {
  if (const Catalog* sets = catalog(state)) {
    propagate_each(state, sets->resonant);
  }
}

// Preparing a set: everything computed once per element set.
void BM_Initialise(benchmark::State& state) {
  const Catalog* catalog_sets = catalog(state);
  if (catalog_sets == nullptr) {
    return;
  }
  const std::vector<ElementSet>& sets = catalog_sets->sets;
  std::size_t i = 0;
  for (auto _ : state) {
    const orbit::Sgp4Propagator propagator(sets[i++ % sets.size()]);
    benchmark::DoNotOptimize(propagator);
  }
  state.SetItemsProcessed(state.iterations());
}

BENCHMARK(BM_PropagateNearEarth)->Arg(1)->Arg(10);
BENCHMARK(BM_PropagateNearEarthBatch)->ArgsProduct({{1, 10}, {0, 1, 2}});
BENCHMARK(BM_PropagateDeepSpace)->Arg(1)->Arg(10);
BENCHMARK(BM_PropagateDeepSpaceBatch)->ArgsProduct({{1}, {0, 1, 2}});
BENCHMARK(BM_PropagateResonant)->Arg(1)->Arg(10);
BENCHMARK(BM_Initialise);

}  // namespace
}  // namespace gpq::bench

BENCHMARK_MAIN();
