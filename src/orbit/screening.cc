// The sweep: every object's SGP4 state at instants `kStepSeconds` apart; at each instant a grid
// of cells finds the pairs close enough that, moving as their relative velocity and the bound
// on their relative acceleration allow, they could come within the threshold in the half-step
// either side; each such pair's bracket is checked for a sign change of the range rate and
// refined on SGP4 (approach_refine.h). docs/CONJUNCTIONS.md derives the bounds.
#include "orbit/screening.h"

#include <algorithm>
#include <cmath>
#include <memory>
#include <optional>
#include <thread>
#include <tuple>

#include "orbit/approach_refine.h"
#include "orbit/band_filter.h"
#include "orbit/sgp4_batch.h"

namespace gpq::orbit {
namespace {

constexpr double kStepSeconds = 20;
constexpr double kMuKm3S2 = 398600.8;  // WGS-72, the sets' own
constexpr double kEarthRadiusKm = 6378.135;
constexpr double kJ2 = 1.082616e-3;
// SGP4 is not Newton's law: its short-period terms and drag are allowed half again as much.
constexpr double kAccelerationSafety = 1.5;

// A bound on |acceleration| within `half_step` seconds of a state at `radius_km` moving at
// `speed_km_s`: point-mass gravity at the lowest radius it can reach, with J2's radial and
// latitudinal terms (at most 4.5 J2 (R/r)^2 of it), times the safety factor.
double acceleration_bound(double radius_km, double speed_km_s, double half_step) {
  const double lowest = std::max(radius_km - speed_km_s * half_step - 1.0, 6000.0);
  const double ratio = kEarthRadiusKm / lowest;
  return kAccelerationSafety * kMuKm3S2 / (lowest * lowest) * (1 + 4.5 * kJ2 * ratio * ratio);
}

struct Candidate {
  std::uint32_t first;
  std::uint32_t second;
};

// Positions and velocities of every object at one instant, and what the filters need of them.
struct Snapshot {
  std::vector<double> x, y, z, vx, vy, vz, acceleration;
  std::vector<char> valid;
  double top_speed = 0;
  double top_acceleration = 0;

  explicit Snapshot(std::size_t n)
      : x(n), y(n), z(n), vx(n), vy(n), vz(n), acceleration(n), valid(n) {}
};

std::uint64_t cell_key(std::int64_t ix, std::int64_t iy, std::int64_t iz) {
  constexpr std::int64_t kBias = 1 << 20;
  return (static_cast<std::uint64_t>(ix + kBias) << 42) |
         (static_cast<std::uint64_t>(iy + kBias) << 21) | static_cast<std::uint64_t>(iz + kBias);
}

class Sweep {
 public:
  Sweep(std::span<const ScreeningObject> objects, std::span<const RadialBand> bands,
        const ScreeningWindow& window)
      : objects_(objects),
        bands_(bands),
        window_(window),
        length_seconds_(static_cast<double>(window.to.unix_micros() - window.from.unix_micros()) /
                        1e6),
        snapshot_(objects.size()),
        propagators_(objects.size()),
        offsets_(objects.size()),
        minutes_(objects.size()),
        cursors_(objects.size()),
        cursor_pointers_(objects.size()),
        results_(objects.size()),
        has_failed_(objects.size()) {
    for (std::size_t i = 0; i < objects.size(); ++i) {
      propagators_[i] = objects[i].propagator;
      offsets_[i] = minutes_between(window.from, objects[i].epoch);
      cursor_pointers_[i] = &cursors_[i];
    }
  }

  // Samples k * kStepSeconds whose half-steps either side cover the window.
  std::uint32_t sample_count() const {
    const double beyond_first = length_seconds_ - kStepSeconds / 2;
    return beyond_first <= 0
               ? 1
               : static_cast<std::uint32_t>(std::ceil(beyond_first / kStepSeconds)) + 1;
  }

  // The samples [begin, end): their candidates, refined.
  void run(std::uint32_t begin, std::uint32_t end) {
    for (std::uint32_t k = begin; k < end; ++k) {
      take_snapshot(k);
      find_candidates(k);
      refine_candidates(k);
    }
  }

  std::vector<Approach> approaches;
  std::vector<std::uint32_t> failed;
  std::uint64_t candidates = 0;

 private:
  // Sample k covers [lower, upper] (seconds after the window's start), its half-steps cut to
  // the window, and is taken at its own instant, or the window's edge where that is outside.
  double lower_of(std::uint32_t k) const {
    return std::clamp(k * kStepSeconds - kStepSeconds / 2, 0.0, length_seconds_);
  }
  double upper_of(std::uint32_t k) const {
    return std::clamp(k * kStepSeconds + kStepSeconds / 2, 0.0, length_seconds_);
  }
  double seconds_of(std::uint32_t k) const {
    return std::clamp(k * kStepSeconds, lower_of(k), upper_of(k));
  }

  void take_snapshot(std::uint32_t k) {
    const double s = seconds_of(k);
    for (std::size_t i = 0; i < objects_.size(); ++i) {
      minutes_[i] = offsets_[i] + s / 60;
    }
    propagate_batch(propagators_, minutes_, cursor_pointers_, results_);
    Snapshot& n = snapshot_;
    n.top_speed = 0;
    n.top_acceleration = 0;
    for (std::size_t i = 0; i < objects_.size(); ++i) {
      const Sgp4Result& r = results_[i];
      n.valid[i] = r.error == Sgp4Error::none;
      if (!n.valid[i]) {
        if (!has_failed_[i]) {
          has_failed_[i] = 1;
          failed.push_back(static_cast<std::uint32_t>(i));
        }
        continue;
      }
      const auto& p = r.state.position_km;
      const auto& v = r.state.velocity_km_s;
      n.x[i] = p[0], n.y[i] = p[1], n.z[i] = p[2];
      n.vx[i] = v[0], n.vy[i] = v[1], n.vz[i] = v[2];
      const double speed = std::sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
      const double radius = std::sqrt(p[0] * p[0] + p[1] * p[1] + p[2] * p[2]);
      n.acceleration[i] = acceleration_bound(radius, speed, kStepSeconds / 2);
      n.top_speed = std::max(n.top_speed, speed);
      n.top_acceleration = std::max(n.top_acceleration, n.acceleration[i]);
    }
  }

  // The filter of one pair at sample k: the closest approach of their relative motion taken as
  // straight within the sample's half-steps, less the most their relative acceleration can bend
  // it there, is within the threshold.
  bool may_approach(std::size_t i, std::size_t j, double before, double after) const {
    const Snapshot& n = snapshot_;
    const double dx = n.x[j] - n.x[i], dy = n.y[j] - n.y[i], dz = n.z[j] - n.z[i];
    const double ux = n.vx[j] - n.vx[i], uy = n.vy[j] - n.vy[i], uz = n.vz[j] - n.vz[i];
    const double half = std::max(before, after);
    const double bend = 0.5 * (n.acceleration[i] + n.acceleration[j]) * half * half;
    const double reach = window_.threshold_km + bend;
    const double d2 = dx * dx + dy * dy + dz * dz;
    const double u2 = ux * ux + uy * uy + uz * uz;
    const double quick = reach + std::sqrt(u2) * half;
    if (d2 > quick * quick) {
      return false;
    }
    double tau = u2 > 0 ? -(dx * ux + dy * uy + dz * uz) / u2 : 0.0;
    tau = std::clamp(tau, -before, after);
    const double cx = dx + ux * tau, cy = dy + uy * tau, cz = dz + uz * tau;
    return cx * cx + cy * cy + cz * cz <= reach * reach;
  }

  void find_candidates(std::uint32_t k) {
    const Snapshot& n = snapshot_;
    const double before = seconds_of(k) - lower_of(k);
    const double after = upper_of(k) - seconds_of(k);
    const double half = std::max(before, after);
    // A pair farther apart than this at the sample cannot pass may_approach.
    const double cell =
        window_.threshold_km + n.top_acceleration * half * half + 2 * n.top_speed * half + 1.0;
    cells_.clear();
    for (std::size_t i = 0; i < objects_.size(); ++i) {
      if (!n.valid[i]) {
        continue;
      }
      cells_.push_back({cell_key(static_cast<std::int64_t>(std::floor(n.x[i] / cell)),
                                 static_cast<std::int64_t>(std::floor(n.y[i] / cell)),
                                 static_cast<std::int64_t>(std::floor(n.z[i] / cell))),
                        static_cast<std::uint32_t>(i)});
    }
    std::sort(cells_.begin(), cells_.end(),
              [](const Entry& a, const Entry& b) { return a.key < b.key; });
    const auto consider = [&](std::uint32_t i, std::uint32_t j) {
      if (pairable(objects_[i], objects_[j]) &&
          bands_[i].overlaps(bands_[j], window_.threshold_km) &&
          may_approach(i, j, before, after)) {
        pending_.push_back({std::min(i, j), std::max(i, j)});
      }
    };
    for (std::size_t a = 0; a < cells_.size();) {
      std::size_t end = a;
      while (end < cells_.size() && cells_[end].key == cells_[a].key) {
        ++end;
      }
      // Pairs within the cell, then with the 13 neighbours "after" it (each pair of cells once).
      for (std::size_t p = a; p < end; ++p) {
        for (std::size_t q = p + 1; q < end; ++q) {
          consider(cells_[p].object, cells_[q].object);
        }
      }
      const std::uint64_t key = cells_[a].key;
      for (const std::uint64_t offset : forward_offsets()) {
        const std::uint64_t neighbour = key + offset;
        auto first =
            std::lower_bound(cells_.begin() + static_cast<std::ptrdiff_t>(end), cells_.end(),
                             neighbour, [](const Entry& e, std::uint64_t v) { return e.key < v; });
        for (; first != cells_.end() && first->key == neighbour; ++first) {
          for (std::size_t p = a; p < end; ++p) {
            consider(cells_[p].object, first->object);
          }
        }
      }
      a = end;
    }
  }

  // The 13 neighbour cells whose key is greater: (dx, dy, dz) lexicographically after (0, 0, 0).
  static const std::vector<std::uint64_t>& forward_offsets() {
    static const std::vector<std::uint64_t> kOffsets = [] {
      std::vector<std::uint64_t> offsets;
      for (int dx = -1; dx <= 1; ++dx) {
        for (int dy = -1; dy <= 1; ++dy) {
          for (int dz = -1; dz <= 1; ++dz) {
            if (dx > 0 || (dx == 0 && (dy > 0 || (dy == 0 && dz > 0)))) {
              offsets.push_back(cell_key(dx, dy, dz) - cell_key(0, 0, 0));
            }
          }
        }
      }
      return offsets;
    }();
    return kOffsets;
  }

  void refine_candidates(std::uint32_t k) {
    candidates += pending_.size();
    const double lo = lower_of(k);
    const double hi = upper_of(k);
    for (const Candidate& c : pending_) {
      const PairTrajectory pair(objects_, c.first, c.second, window_.from);
      const std::optional<double> f_lo = pair.closing(lo);
      const std::optional<double> f_hi = pair.closing(hi);
      if (!f_lo || !f_hi || !(*f_lo < 0 && *f_hi >= 0)) {
        continue;  // no approach turns to recession inside: a minimum at an edge is a neighbour's
      }
      if (auto approach =
              refine_approach(pair, window_.from, lo, hi, *f_lo, *f_hi, window_.threshold_km)) {
        approaches.push_back(*approach);
      }
    }
    pending_.clear();
  }

  struct Entry {
    std::uint64_t key;
    std::uint32_t object;
  };

  std::span<const ScreeningObject> objects_;
  std::span<const RadialBand> bands_;
  ScreeningWindow window_;
  double length_seconds_;
  Snapshot snapshot_;
  std::vector<const Sgp4Propagator*> propagators_;
  std::vector<double> offsets_;
  std::vector<double> minutes_;
  std::vector<ResonanceCursor> cursors_;
  std::vector<ResonanceCursor*> cursor_pointers_;
  std::vector<Sgp4Result> results_;
  std::vector<char> has_failed_;
  std::vector<Entry> cells_;
  std::vector<Candidate> pending_;
};

}  // namespace

std::vector<Approach> screen(std::span<const ScreeningObject> objects,
                             const ScreeningWindow& window, ScreeningCounts* counts,
                             unsigned threads) {
  if (threads == 0) {
    threads = std::max(1U, std::thread::hardware_concurrency());
  }
  // The apogee/perigee filter first: only objects whose radial band meets a partner's are
  // propagated; the sweep indexes them in `kept`'s order, which keeps first < second.
  const std::vector<RadialBand> all_bands = radial_bands(objects, window);
  const std::vector<std::uint32_t> kept =
      objects_with_partners(objects, all_bands, window.threshold_km);
  std::vector<ScreeningObject> subset;
  std::vector<RadialBand> bands;
  subset.reserve(kept.size());
  bands.reserve(kept.size());
  for (const std::uint32_t i : kept) {
    subset.push_back(objects[i]);
    bands.push_back(all_bands[i]);
  }
  std::vector<std::unique_ptr<Sweep>> sweeps;
  for (unsigned t = 0; t < threads; ++t) {
    sweeps.push_back(std::make_unique<Sweep>(subset, bands, window));
  }
  const std::uint32_t samples = sweeps.front()->sample_count();
  std::vector<std::thread> workers;
  for (unsigned t = 0; t < threads; ++t) {
    const std::uint32_t begin = static_cast<std::uint32_t>(std::uint64_t{samples} * t / threads);
    const std::uint32_t end =
        static_cast<std::uint32_t>(std::uint64_t{samples} * (t + 1) / threads);
    workers.emplace_back([&sweep = *sweeps[t], begin, end] { sweep.run(begin, end); });
  }
  for (std::thread& worker : workers) {
    worker.join();
  }
  std::vector<Approach> all;
  std::vector<std::uint32_t> failed;
  std::uint64_t candidates = 0;
  for (const auto& sweep : sweeps) {
    for (Approach approach : sweep->approaches) {
      approach.first = kept[approach.first];
      approach.second = kept[approach.second];
      all.push_back(approach);
    }
    for (const std::uint32_t i : sweep->failed) {
      failed.push_back(kept[i]);
    }
    candidates += sweep->candidates;
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
