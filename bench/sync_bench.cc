// A full CelesTrak sync from a loopback upstream: every group of the API and the SATCAT,
// built from the real files of $GPQ_REAL_DATA, through the real `gpq sync` process into an
// empty database. Baseline: `gpq sync --from` of the same bodies as local files.
//
//   GPQ_REAL_DATA=../shared/data build/bench/gpq_sync_bench --benchmark_repetitions=3
//
// Groups without a file of their own (starlink, oneweb, weather, geo) are the rows of the
// active file whose names match, as CelesTrak's own lists would be; the SATCAT is the
// Space-Track catalogue of $GPQ_REAL_DATA/satcat (current and decayed), served at
// /pub/satcat.csv (gpq recognises the format from the content).
#include <benchmark/benchmark.h>
#include <chrono>
#include <filesystem>
#include <fstream>

#include "gpq/request.h"

#include "read_any.h"
#include "support/fake_upstream.h"
#include "support/process.h"
#include "support/temp_dir.h"

namespace gpq::bench {
namespace {

namespace fs = std::filesystem;

// The first file in `dir` whose name contains `part`, or an empty path.
fs::path find_file(const fs::path& dir, std::string_view part) {
  for (const auto& entry : fs::directory_iterator(dir)) {
    if (entry.path().filename().string().find(part) != std::string::npos) {
      return entry.path();
    }
  }
  return {};
}

// Header plus the rows of `csv` whose OBJECT_NAME starts with one of `prefixes`.
std::string rows_named(const std::string& csv, std::initializer_list<std::string_view> prefixes) {
  std::string out = csv.substr(0, csv.find('\n') + 1);
  std::size_t start = out.size();
  while (start < csv.size()) {
    const std::size_t end = csv.find('\n', start);
    const std::string_view row(csv.data() + start,
                               (end == std::string::npos ? csv.size() : end + 1) - start);
    for (const std::string_view prefix : prefixes) {
      if (row.starts_with(prefix)) {
        out += row;
        break;
      }
    }
    start = end == std::string::npos ? csv.size() : end + 1;
  }
  return out;
}

struct Bodies {
  std::vector<std::pair<std::string, std::string>> by_target;
  std::size_t bytes = 0;
};

Bodies real_bodies(const fs::path& data) {
  Bodies bodies;
  const std::string active = read_any(find_file(data / "gp", "_active_"));
  for (const std::string_view group : kGroups) {
    const fs::path file = find_file(data / "gp", "_" + std::string(group) + "_");
    std::string body = !file.empty()         ? read_any(file)
                       : group == "starlink" ? rows_named(active, {"STARLINK"})
                       : group == "oneweb"   ? rows_named(active, {"ONEWEB"})
                       : group == "weather"
                           ? rows_named(active, {"NOAA", "GOES", "METEOSAT", "METOP", "FENGYUN",
                                                 "HIMAWARI", "METEOR"})
                           : rows_named(active, {"INTELSAT", "SES", "EUTELSAT", "GALAXY", "ASTRA"});
    bodies.bytes += body.size();
    bodies.by_target.emplace_back("/NORAD/elements/gp.php?FORMAT=csv&GROUP=" + std::string(group),
                                  std::move(body));
  }
  std::string satcat = read_any(find_file(data / "satcat", "satcat_current"));
  const std::string decayed = read_any(find_file(data / "satcat", "satcat_decayed"));
  // Two JSON arrays into one: drop the first's ']' and the second's '['.
  satcat.erase(satcat.find_last_of(']'));
  satcat += "," + decayed.substr(decayed.find('[') + 1);
  bodies.bytes += satcat.size();
  bodies.by_target.emplace_back("/pub/satcat.csv", std::move(satcat));
  return bodies;
}

void BM_CelestrakFullSync(benchmark::State& state) {
  const char* data = std::getenv("GPQ_REAL_DATA");
  if (data == nullptr) {
    state.SkipWithError("set GPQ_REAL_DATA");
    return;
  }
  const Bodies bodies = real_bodies(data);
  test::FakeUpstream upstream;
  for (const auto& [target, body] : bodies.by_target) {
    upstream.serve(target, body);
  }
  for (auto _ : state) {
    const test::TempDir dir;
    const auto started = std::chrono::steady_clock::now();
    const test::ProcessResult r =
        test::run_gpq({"--db", (dir.path() / "gpq.db").string(), "--quiet", "sync",
                       "--celestrak-url", upstream.url(), "--config", "/dev/null"});
    const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - started;
    if (r.exit_code != 0) {
      state.SkipWithError(r.err.c_str());
      return;
    }
    state.SetIterationTime(elapsed.count());
  }
  state.counters["bytes"] = static_cast<double>(bodies.bytes);
}
BENCHMARK(BM_CelestrakFullSync)->UseManualTime()->Iterations(1)->Unit(benchmark::kMillisecond);

// The same bodies as local files, imported with --from: what the download path adds.
void BM_SameBodiesFromFiles(benchmark::State& state) {
  const char* data = std::getenv("GPQ_REAL_DATA");
  if (data == nullptr) {
    state.SkipWithError("set GPQ_REAL_DATA");
    return;
  }
  const test::TempDir files;
  int index = 0;
  for (const auto& [target, body] : real_bodies(data).by_target) {
    std::ofstream(files.path() / (std::to_string(index++) + ".dat")) << body;
  }
  for (auto _ : state) {
    const test::TempDir dir;
    const auto started = std::chrono::steady_clock::now();
    const test::ProcessResult r =
        test::run_gpq({"--db", (dir.path() / "gpq.db").string(), "--quiet", "sync", "--from",
                       files.path().string(), "--source", "celestrak"});
    const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - started;
    if (r.exit_code != 0) {
      state.SkipWithError(r.err.c_str());
      return;
    }
    state.SetIterationTime(elapsed.count());
  }
}
BENCHMARK(BM_SameBodiesFromFiles)->UseManualTime()->Iterations(1)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace gpq::bench

BENCHMARK_MAIN();
