// The grid sweep: every object's SGP4 state at every sample; at each sample a grid of cells
// finds the pairs close enough that, moving as their relative velocity and the bound on their
// relative acceleration allow, they could come within the threshold in the half-step either
// side; each such pair's bracket is checked for a sign change of the range rate and refined on
// SGP4 (approach_refine.h). docs/CONJUNCTIONS.md derives the bounds.
#include <algorithm>
#include <cmath>
#include <optional>

#include "orbit/approach_refine.h"
#include "orbit/sgp4_batch.h"
#include "orbit/sweep.h"
#include "orbit/sweep_bounds.h"

namespace gpq::orbit {
namespace {

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

class GridSweep {
 public:
  GridSweep(std::span<const ScreeningObject> objects, std::span<const RadialBand> bands,
            const ScreeningWindow& window)
      : objects_(objects),
        bands_(bands),
        window_(window),
        grid_(window),
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

  // The samples [begin, end): their candidates, refined.
  void run(std::uint32_t begin, std::uint32_t end) {
    for (std::uint32_t k = begin; k < end; ++k) {
      take_snapshot(k);
      find_candidates(k);
      refine_pending(objects_, window_, grid_, k, pending_, part);
    }
  }

  SweepPart part;

 private:
  void take_snapshot(std::uint32_t k) {
    const double s = grid_.at(k);
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
          part.failed.push_back(static_cast<std::uint32_t>(i));
        }
        continue;
      }
      const auto& p = r.state.position_km;
      const auto& v = r.state.velocity_km_s;
      n.x[i] = p[0], n.y[i] = p[1], n.z[i] = p[2];
      n.vx[i] = v[0], n.vy[i] = v[1], n.vz[i] = v[2];
      const double speed = std::sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
      const double radius = std::sqrt(p[0] * p[0] + p[1] * p[1] + p[2] * p[2]);
      n.acceleration[i] = acceleration_bound(radius, speed, SampleGrid::kStepSeconds / 2);
      n.top_speed = std::max(n.top_speed, speed);
      n.top_acceleration = std::max(n.top_acceleration, n.acceleration[i]);
    }
  }

  // The filter of one pair at sample k: the closest approach of their relative motion taken as
  // straight within the sample's half-steps, less the most their relative acceleration can bend
  // it there, is within the threshold.
  bool may_approach(std::size_t i, std::size_t j, double before, double after) const {
    const Snapshot& n = snapshot_;
    return may_come_within({n.x[j] - n.x[i], n.y[j] - n.y[i], n.z[j] - n.z[i]},
                           {n.vx[j] - n.vx[i], n.vy[j] - n.vy[i], n.vz[j] - n.vz[i]},
                           n.acceleration[i] + n.acceleration[j], before, after,
                           window_.threshold_km);
  }

  void find_candidates(std::uint32_t k) {
    const Snapshot& n = snapshot_;
    const double before = grid_.at(k) - grid_.lower(k);
    const double after = grid_.upper(k) - grid_.at(k);
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

  struct Entry {
    std::uint64_t key;
    std::uint32_t object;
  };

  std::span<const ScreeningObject> objects_;
  std::span<const RadialBand> bands_;
  ScreeningWindow window_;
  SampleGrid grid_;
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

SweepPart sweep_by_grid(std::span<const ScreeningObject> objects, std::span<const RadialBand> bands,
                        const ScreeningWindow& window, std::uint32_t begin, std::uint32_t end) {
  GridSweep sweep(objects, bands, window);
  sweep.run(begin, end);
  return std::move(sweep.part);
}

}  // namespace gpq::orbit
