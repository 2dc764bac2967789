// Import throughput: synthetic 3LE and OMM CSV files through the real importer,
// into an empty database and into one that already holds many sets.
//
//   build/bench/gpq_import_bench --benchmark_repetitions=3 --benchmark_report_aggregates_only=true
//
// GPQ_BENCH_DIR (default /tmp/gpq-bench) keeps the large base database between runs;
// GPQ_BENCH_BASE_SETS sets its size (default 10,000,000).
#include <benchmark/benchmark.h>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <unistd.h>

#include <fmt/core.h>

#include "gpq/format.h"

#include "storage/database.h"
#include "support/synthetic_tle.h"
#include "sync/importer.h"

namespace gpq::bench {
namespace {

namespace fs = std::filesystem;

constexpr std::int64_t kFileSets = 1'000'000;
constexpr std::int32_t kObjects = 30'000;

fs::path bench_dir() {
  const char* dir = std::getenv("GPQ_BENCH_DIR");
  fs::path path = dir != nullptr ? dir : "/tmp/gpq-bench";
  fs::create_directories(path);
  return path;
}

std::int64_t base_sets() {
  const char* text = std::getenv("GPQ_BENCH_BASE_SETS");
  return text != nullptr ? std::atoll(text) : 10'000'000;
}

// Sets number `first`..`first+count` of the synthetic sequence as a file.
fs::path synthetic_file(const std::string& kind, std::int64_t first, std::int64_t count) {
  const fs::path path = bench_dir() / fmt::format("sets-{}-{}.{}", first, count, kind);
  if (fs::exists(path)) {
    return path;
  }
  std::ofstream out(path, std::ios::binary);
  std::string buffer;
  const auto writer = make_set_list_writer(kind == "csv" ? Format::csv : Format::tle);
  writer->begin(buffer);
  for (std::int64_t i = first; i < first + count; ++i) {
    writer->set(test::synthetic_set(i, kObjects), buffer);
    if (buffer.size() > (1 << 20)) {
      out << buffer;
      buffer.clear();
    }
  }
  writer->end(buffer);
  out << buffer;
  return path;
}

std::uint64_t import(const fs::path& db_path, const fs::path& file) {
  auto db = storage::Database::open(db_path, storage::Database::Mode::read_write);
  sync::Importer importer(*db, {});
  const std::vector<fs::path> paths{file};
  return importer.run(paths).sets_read;
}

// A database of base_sets() synthetic sets, made once and copied for every run.
fs::path base_database() {
  const fs::path path = bench_dir() / fmt::format("base-{}.db", base_sets());
  if (!fs::exists(path)) {
    const fs::path partial = path.string() + ".partial";
    fs::remove(partial);
    for (std::int64_t first = 0; first < base_sets(); first += kFileSets) {
      const fs::path file = synthetic_file("3le", first, std::min(kFileSets, base_sets() - first));
      import(partial, file);
      fs::remove(file);
    }
    fs::rename(partial, path);
  }
  return path;
}

void run_import(benchmark::State& state, const std::string& kind, bool into_base) {
  const std::int64_t first = into_base ? base_sets() : 0;
  const fs::path file = synthetic_file(kind, first, kFileSets);
  const fs::path db_path = bench_dir() / "run.db";
  std::uint64_t sets = 0;
  for (auto _ : state) {
    state.PauseTiming();
    for (const char* suffix : {"", "-wal", "-shm"}) {
      fs::remove(db_path.string() + suffix);
    }
    if (into_base) {
      fs::copy_file(base_database(), db_path);
      ::sync();  // do not let the copy's write-back run inside the timed import
    }
    state.ResumeTiming();
    sets += import(db_path, file);
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(sets));
  if (into_base) {
    const double bytes = static_cast<double>(fs::file_size(db_path));
    state.counters["bytes_per_set"] = bytes / static_cast<double>(base_sets() + kFileSets);
  }
}

void BM_Import3leIntoEmpty(benchmark::State& state) {
  run_import(state, "3le", false);
}
void BM_ImportCsvIntoEmpty(benchmark::State& state) {
  run_import(state, "csv", false);
}
void BM_Import3leIntoBase(benchmark::State& state) {
  run_import(state, "3le", true);
}
void BM_ImportCsvIntoBase(benchmark::State& state) {
  run_import(state, "csv", true);
}

BENCHMARK(BM_Import3leIntoEmpty)->Unit(benchmark::kMillisecond)->Iterations(1)->UseRealTime();
BENCHMARK(BM_ImportCsvIntoEmpty)->Unit(benchmark::kMillisecond)->Iterations(1)->UseRealTime();
BENCHMARK(BM_Import3leIntoBase)->Unit(benchmark::kMillisecond)->Iterations(1)->UseRealTime();
BENCHMARK(BM_ImportCsvIntoBase)->Unit(benchmark::kMillisecond)->Iterations(1)->UseRealTime();

}  // namespace
}  // namespace gpq::bench

BENCHMARK_MAIN();
