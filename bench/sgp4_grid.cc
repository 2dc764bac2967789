// gpq's side of bench/sgp4_peers: SGP4 over a grid of real sets and instants, timed in process,
// so that satellite.js and python3-sgp4 can propagate the very same lines at the very same
// instants (bench/sgp4_peers/run.sh drives all of them).
//
//   gpq_sgp4_grid prepare CATALOG.3le WORKDIR   near.tle, deep.tle and instants.txt in WORKDIR
//   gpq_sgp4_grid run WORKDIR                    one JSON line per kind: propagations, seconds
//
// `prepare` keeps the sets whose lines gpq reads and whose SGP4 initialisation succeeds, split
// at SGP4's 225-minute period (near-earth SGP4, deep-space SDP4), each as its two lines; the
// instants are 16, every 90 minutes from the catalog's newest epoch's day. `run` propagates
// every set at every instant (set by set, instants in order, as the peers do) two ways, one
// call at a time and in batches (sgp4_batch.h), each repeating the grid until a second has
// passed, and writes the positions of every 50th set at the first instant to
// WORKDIR/sample-gpq.txt for the cross-check.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include <fmt/core.h>

#include "gpq/tle.h"

#include "orbit/sgp4.h"
#include "orbit/sgp4_batch.h"

namespace {

namespace fs = std::filesystem;
using gpq::ElementSet;
using gpq::orbit::Sgp4Propagator;

constexpr int kInstants = 16;
constexpr std::int64_t kStepMicros = 90LL * 60 * 1'000'000;
constexpr std::size_t kSampleEvery = 50;

struct Grid {
  std::vector<ElementSet> sets;
  std::vector<Sgp4Propagator> propagators;
  std::vector<double> minutes;  // set-major: minutes[set * kInstants + instant]
};

// The two lines of every readable set of a 3LE or 2LE file (name lines skipped).
std::vector<std::pair<std::string, std::string>> read_lines(const fs::path& path) {
  std::ifstream in(path);
  std::vector<std::pair<std::string, std::string>> pairs;
  std::string line;
  std::string line1;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') {
      line.pop_back();
    }
    if (line.starts_with("1 ")) {
      line1 = line;
    } else if (line.starts_with("2 ") && !line1.empty()) {
      pairs.emplace_back(line1, line);
      line1.clear();
    }
  }
  return pairs;
}

int prepare(const fs::path& catalog, const fs::path& work) {
  std::ofstream near(work / "near.tle");
  std::ofstream deep(work / "deep.tle");
  std::int64_t newest = 0;
  std::size_t counts[2] = {0, 0};
  for (const auto& [line1, line2] : read_lines(catalog)) {
    ElementSet set;
    std::string error;
    if (!gpq::parse_tle(line1, line2, set, error)) {
      continue;
    }
    const Sgp4Propagator propagator(set);
    if (propagator.init_error() != gpq::orbit::Sgp4Error::none) {
      continue;
    }
    (propagator.deep_space() ? deep : near) << line1 << '\n' << line2 << '\n';
    ++counts[propagator.deep_space() ? 1 : 0];
    newest = std::max(newest, set.epoch.unix_micros());
  }
  const std::int64_t day = 86'400'000'000LL;
  const std::int64_t first = newest / day * day;  // the newest epoch's day, 00:00 UTC
  std::ofstream instants(work / "instants.txt");
  for (int k = 0; k < kInstants; ++k) {
    instants << (first + k * kStepMicros) / 1'000'000 << '\n';  // unix seconds
  }
  std::printf("%zu near-earth and %zu deep-space sets, %d instants from %s\n", counts[0], counts[1],
              kInstants,
              gpq::format_iso8601_millis(gpq::TimePoint::from_unix_micros(first)).c_str());
  return 0;
}

Grid load(const fs::path& tle, const std::vector<std::int64_t>& instants) {
  Grid grid;
  for (const auto& [line1, line2] : read_lines(tle)) {
    ElementSet set;
    std::string error;
    gpq::parse_tle(line1, line2, set, error);
    grid.propagators.emplace_back(set);
    for (const std::int64_t t : instants) {
      grid.minutes.push_back(static_cast<double>(t * 1'000'000 - set.epoch.unix_micros()) / 60e6);
    }
    grid.sets.push_back(std::move(set));
  }
  return grid;
}

// Runs `pass` (one pass over the grid) until at least a second has passed, and prints one JSON
// line: propagations, seconds, and a checksum of the x coordinates so that nothing is skipped.
template <typename Pass>
void time_passes(const Grid& grid, const char* tool, const char* kind, const Pass& pass) {
  using Clock = std::chrono::steady_clock;
  const Clock::time_point start = Clock::now();
  double checksum = 0;
  std::int64_t propagations = 0;
  double seconds = 0;
  do {
    checksum += pass();
    propagations += static_cast<std::int64_t>(grid.propagators.size()) * kInstants;
    seconds = std::chrono::duration<double>(Clock::now() - start).count();
  } while (seconds < 1.0);
  std::printf(
      "{\"tool\":\"%s\",\"kind\":\"%s\",\"sets\":%zu,\"propagations\":%lld,"
      "\"seconds\":%.6f,\"checksum\":%.6f}\n",
      tool, kind, grid.propagators.size(), static_cast<long long>(propagations), seconds, checksum);
}

double x_of(const gpq::orbit::Sgp4Result& r) {
  return r.error == gpq::orbit::Sgp4Error::none ? r.state.position_km[0] : 0.0;
}

// Set by set, instant by instant, through Sgp4Propagator::propagate: a set's instants in
// order, its resonance integration going on from one to the next (ResonanceCursor), as the
// peers' satellite records carry theirs.
void time_one_by_one(const Grid& grid, const char* kind) {
  time_passes(grid, "gpq propagate()", kind, [&] {
    double checksum = 0;
    for (std::size_t s = 0; s < grid.propagators.size(); ++s) {
      gpq::orbit::ResonanceCursor cursor;
      for (int k = 0; k < kInstants; ++k) {
        checksum += x_of(grid.propagators[s].propagate(grid.minutes[s * kInstants + k], cursor));
      }
    }
    return checksum;
  });
}

// The same grid, set by set, through propagate_batch in runs of 1,024 propagations: near-earth
// sets four (AVX2) or eight (AVX-512) at a time in vector lanes; deep-space ones up to the
// osculating stage one by one (each set's pairs with one cursor, in order), that stage in the
// lanes.
void time_batch(const Grid& grid, const char* kind, const char* tool) {
  std::vector<const Sgp4Propagator*> sets;
  std::vector<gpq::orbit::ResonanceCursor> cursors(grid.propagators.size());
  std::vector<gpq::orbit::ResonanceCursor*> cursor_of;
  for (std::size_t s = 0; s < grid.propagators.size(); ++s) {
    sets.insert(sets.end(), kInstants, &grid.propagators[s]);
    cursor_of.insert(cursor_of.end(), kInstants, &cursors[s]);
  }
  constexpr std::size_t kRun = 1024;
  std::vector<gpq::orbit::Sgp4Result> out(kRun);
  time_passes(grid, tool, kind, [&] {
    std::fill(cursors.begin(), cursors.end(), gpq::orbit::ResonanceCursor{});
    double checksum = 0;
    for (std::size_t first = 0; first < sets.size(); first += kRun) {
      const std::size_t n = std::min(kRun, sets.size() - first);
      gpq::orbit::propagate_batch(std::span(sets).subspan(first, n),
                                  std::span(grid.minutes).subspan(first, n),
                                  std::span(cursor_of).subspan(first, n), std::span(out).first(n));
      for (std::size_t i = 0; i < n; ++i) {
        checksum += x_of(out[i]);
      }
    }
    return checksum;
  });
}

void write_sample(const Grid& grid, const char* kind, std::ofstream& out) {
  for (std::size_t s = 0; s < grid.propagators.size(); s += kSampleEvery) {
    const gpq::orbit::Sgp4Result r = grid.propagators[s].propagate(grid.minutes[s * kInstants]);
    if (r.error == gpq::orbit::Sgp4Error::none) {
      out << fmt::format("{} {} {:.17g} {:.17g} {:.17g}\n", kind, s, r.state.position_km[0],
                         r.state.position_km[1], r.state.position_km[2]);
    }
  }
}

int run(const fs::path& work) {
  std::vector<std::int64_t> instants;
  std::ifstream in(work / "instants.txt");
  for (std::int64_t t = 0; in >> t;) {
    instants.push_back(t);
  }
  const Grid near = load(work / "near.tle", instants);
  const Grid deep = load(work / "deep.tle", instants);
  std::ofstream sample(work / "sample-gpq.txt");
  write_sample(near, "near", sample);
  write_sample(deep, "deep", sample);
  for (const auto& [grid, kind] : {std::pair(&near, "near"), std::pair(&deep, "deep")}) {
    time_one_by_one(*grid, kind);
    // Each kind of lanes this processor has, the default (AVX2) first.
    using gpq::orbit::BatchLanes;
    for (const auto& [lanes, tool] :
         {std::pair(BatchLanes::avx2, "gpq propagate_batch() AVX2"),
          std::pair(BatchLanes::avx512, "gpq propagate_batch() AVX-512")}) {
      const BatchLanes before = gpq::orbit::limit_batch_lanes(lanes);
      if (gpq::orbit::batch_lanes() == lanes) {
        time_batch(*grid, kind, tool);
      }
      gpq::orbit::limit_batch_lanes(before);
    }
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  const std::vector<std::string> args(argv + 1, argv + argc);
  if (args.size() == 3 && args[0] == "prepare") {
    return prepare(args[1], args[2]);
  }
  if (args.size() == 2 && args[0] == "run") {
    return run(args[1]);
  }
  std::cerr << "usage: gpq_sgp4_grid prepare CATALOG.3le WORKDIR | run WORKDIR\n";
  return 2;
}
