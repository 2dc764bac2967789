// screen(): the apogee/perigee filter, then one of the two sweeps (sweep.h) over the objects it
// leaves, the window's samples split between threads, and their approaches merged.
#include "orbit/screening.h"

#include <algorithm>
#include <thread>

#include "orbit/approach_refine.h"
#include "orbit/band_filter.h"
#include "orbit/sweep.h"

namespace gpq::orbit {
namespace {

// Up to this many primary objects, each other object is looked at only when it can be within
// reach of one (the primary sweep); beyond, a grid at every sample is cheaper.
constexpr std::size_t kFewPrimaries = 32;

}  // namespace

std::vector<Approach> screen(std::span<const ScreeningObject> objects,
                             const ScreeningWindow& window, ScreeningCounts* counts,
                             unsigned threads) {
  if (threads == 0) {
    threads = std::max(1U, std::thread::hardware_concurrency());
  }
  // Only objects whose radial band meets a partner's are swept; the sweep indexes them in
  // `kept`'s order, which keeps first < second.
  const std::vector<RadialBand> all_bands = radial_bands(objects, window);
  const std::vector<std::uint32_t> kept =
      objects_with_partners(objects, all_bands, window.threshold_km);
  std::vector<ScreeningObject> subset;
  std::vector<RadialBand> bands;
  subset.reserve(kept.size());
  bands.reserve(kept.size());
  std::vector<std::int32_t> primaries;  // their NORAD ids: following the archive, one object
                                        // may be several sets
  for (const std::uint32_t i : kept) {
    subset.push_back(objects[i]);
    bands.push_back(all_bands[i]);
    if (objects[i].primary) {
      primaries.push_back(objects[i].norad_id);
    }
  }
  std::sort(primaries.begin(), primaries.end());
  const bool few = std::unique(primaries.begin(), primaries.end()) - primaries.begin() <=
                   static_cast<std::ptrdiff_t>(kFewPrimaries);
  const auto sweep = few ? sweep_from_primaries : sweep_by_grid;
  const std::uint32_t samples =
      SampleGrid(window, few ? kPrimaryStepSeconds : kGridStepSeconds).count();
  std::vector<SweepPart> parts(threads);
  std::vector<std::thread> workers;
  for (unsigned t = 0; t < threads; ++t) {
    const auto begin = static_cast<std::uint32_t>(std::uint64_t{samples} * t / threads);
    const auto end = static_cast<std::uint32_t>(std::uint64_t{samples} * (t + 1) / threads);
    workers.emplace_back(
        [&, t, begin, end] { parts[t] = sweep(subset, bands, window, begin, end); });
  }
  for (std::thread& worker : workers) {
    worker.join();
  }
  std::vector<Approach> all;
  std::vector<std::uint32_t> failed;
  std::uint64_t candidates = 0;
  for (const SweepPart& part : parts) {
    for (Approach approach : part.approaches) {
      approach.first = kept[approach.first];
      approach.second = kept[approach.second];
      all.push_back(approach);
    }
    for (const std::uint32_t i : part.failed) {
      failed.push_back(kept[i]);
    }
    candidates += part.candidates;
  }
  std::sort(all.begin(), all.end(), tca_order);
  if (counts != nullptr) {
    std::sort(failed.begin(), failed.end());
    failed.erase(std::unique(failed.begin(), failed.end()), failed.end());
    counts->samples = samples;
    counts->candidates = candidates;
    counts->screened = kept.size();
    counts->failed = std::move(failed);
  }
  return all;
}

}  // namespace gpq::orbit
