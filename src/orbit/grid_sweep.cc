// The grid sweep: every current object's state at each sample (every object, but when following
// the archive), interpolated between SGP4 nodes two minutes apart (node_states.h); at each sample
// a grid of cells (cell_grid.h) finds the pairs close enough that, moving as their relative
// velocity and the bound on their relative acceleration allow, they could come within the
// threshold (widened by the interpolation's error) in the half-step either side; each such
// pair's bracket is checked for a sign change of the range rate and refined on SGP4 itself
// (approach_refine.h). docs/CONJUNCTIONS.md derives the bounds.
#include <algorithm>
#include <array>
#include <cmath>
#include <optional>

#include "orbit/approach_refine.h"
#include "orbit/cell_grid.h"
#include "orbit/node_states.h"
#include "orbit/set_propagation.h"
#include "orbit/sweep.h"
#include "orbit/sweep_bounds.h"

namespace gpq::orbit {
namespace {

// Cells are sized for objects up to this speed (a circular orbit 200 km up moves at 7.8 km/s):
// a pair of such objects can only come within reach from neighbouring cells. A faster object
// (near the perigee of an eccentric orbit: under 1% of the catalog at any instant) is paired
// with the objects of the wider block of cells it can reach.
constexpr double kCellSpeedKmS = 8;
// Faster than this (the escape speed at the earth's surface is 11.2 km/s; SGP4's states of an
// object in its last hours can move at thousands of km/s), an object is paired with every other
// directly: a block sized for it would hold the whole catalog.
constexpr double kBlockSpeedKmS = 12;

class GridSweep {
 public:
  GridSweep(std::span<const ScreeningObject> objects, std::span<const RadialBand> bands,
            const ScreeningWindow& window)
      : objects_(objects),
        bands_(bands),
        window_(window),
        grid_(window, kGridStepSeconds),
        nodes_(objects, bands, window.from),
        has_failed_(objects.size()),
        by_start_(objects.size()) {
    for (std::uint32_t i = 0; i < objects.size(); ++i) {
      by_start_[i] = i;
    }
    std::stable_sort(by_start_.begin(), by_start_.end(), [&](std::uint32_t a, std::uint32_t b) {
      return objects[a].from_seconds < objects[b].from_seconds;
    });
  }

  // The samples [begin, end): their candidates, refined.
  void run(std::uint32_t begin, std::uint32_t end) {
    for (std::uint32_t k = begin; k < end; ++k) {
      update_current(k);
      take_snapshot(k);
      find_candidates(k);
      refine_pending(objects_, window_, grid_, k, pending_, part);
    }
  }

  SweepPart part;

 private:
  // current_: the objects whose set is current somewhere in sample k's interval. Samples come
  // in order, so objects join in order of their start and leave once they have ended.
  void update_current(std::uint32_t k) {
    const double lower = grid_.lower(k);
    const double upper = grid_.upper(k);
    std::erase_if(current_, [&](std::uint32_t i) { return objects_[i].to_seconds <= lower; });
    for (; next_start_ < by_start_.size() && objects_[by_start_[next_start_]].from_seconds < upper;
         ++next_start_) {
      if (objects_[by_start_[next_start_]].current_within(lower, upper)) {
        current_.push_back(by_start_[next_start_]);
      }
    }
  }

  // The state of every current object at sample k, interpolated between SGP4 nodes
  // (node_states.h), with what the filters need of it.
  void take_snapshot(std::uint32_t k) {
    const double s = grid_.at(k);
    nodes_.prepare(current_, s);
    sampled_.clear();
    quick_.clear();
    fast_.clear();
    top_speed_ = 0;
    top_quick_speed_ = 0;
    top_acceleration_ = 0;
    for (const std::uint32_t i : current_) {
      TemeState state;
      if (!nodes_.state(i, s, state) || !finite(state)) {
        if (!has_failed_[i]) {
          has_failed_[i] = 1;
          part.failed.push_back(i);
        }
        continue;
      }
      const auto& p = state.position_km;
      const auto& v = state.velocity_km_s;
      const double speed = std::sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
      const double radius = std::sqrt(p[0] * p[0] + p[1] * p[1] + p[2] * p[2]);
      const ScreeningObject& object = objects_[i];
      const Particle sampled{p,
                             v,
                             acceleration_bound(radius, speed, kGridStepSeconds / 2),
                             bands_[i],
                             i,
                             object.norad_id,
                             object.group,
                             object.primary};
      top_acceleration_ = std::max(top_acceleration_, sampled.acceleration);
      const auto at = static_cast<std::uint32_t>(sampled_.size());
      if (speed > kBlockSpeedKmS) {
        fast_.push_back(at);
      } else if (speed > kCellSpeedKmS) {
        quick_.push_back({at, speed + kNodeVelocityErrorKmS, {}});
        top_quick_speed_ = std::max(top_quick_speed_, speed + kNodeVelocityErrorKmS);
      } else {
        top_speed_ = std::max(top_speed_, speed + kNodeVelocityErrorKmS);
      }
      sampled_.push_back(sampled);
    }
  }

  // What the pair filters read of an object at one sample, laid out in cell order so that the
  // pairs of neighbouring cells read neighbouring memory.
  struct Particle {
    std::array<double, 3> position;
    std::array<double, 3> velocity;
    double acceleration;
    RadialBand band;
    std::uint32_t object;
    std::int32_t norad_id;
    std::int32_t group;
    bool primary;
  };

  // The filters of one pair at sample k: radial bands within reach, the closest approach of
  // their relative motion taken as straight within the sample's half-steps, less the most their
  // relative acceleration can bend it there, within the threshold, and screened as a pair.
  bool may_approach(const Particle& a, const Particle& b, double before, double after,
                    double reach_km) const {
    return a.band.overlaps(b.band, window_.threshold_km) &&
           may_come_within({b.position[0] - a.position[0], b.position[1] - a.position[1],
                            b.position[2] - a.position[2]},
                           {b.velocity[0] - a.velocity[0], b.velocity[1] - a.velocity[1],
                            b.velocity[2] - a.velocity[2]},
                           a.acceleration + b.acceleration, before, after, reach_km) &&
           pairable(a, b);
  }

  void find_candidates(std::uint32_t k) {
    const double before = grid_.at(k) - grid_.lower(k);
    const double after = grid_.upper(k) - grid_.at(k);
    const double half = std::max(before, after);
    // The threshold widened by what the interpolation may err for the two objects.
    const double reach =
        window_.threshold_km + 2 * kNodePositionErrorKm + 2 * kNodeVelocityErrorKmS * half;
    // Two objects at speeds v and w farther apart than this plus (v + w) half at the sample
    // cannot pass may_approach.
    const double bent = reach + top_acceleration_ * half * half + 1.0;
    const double cell = bent + 2 * top_speed_ * half;
    // Indices beyond +-2^19 cells (10 million km at 20 km cells) join the edge cell: objects in
    // neighbouring cells stay in neighbouring or the same cells, and the keys fit 63 bits.
    const auto index = [&](const std::array<double, 3>& p) {
      constexpr double kEdge = 1 << 19;
      std::array<std::int64_t, 3> out{};
      for (std::size_t axis = 0; axis < 3; ++axis) {
        out[axis] =
            static_cast<std::int64_t>(std::clamp(std::floor(p[axis] / cell), -kEdge, kEdge));
      }
      return out;
    };
    // Cells differ by at most ceil(D / cell) where positions differ by at most D.
    const auto block = [&](double reach_of_pair) {
      return static_cast<std::int64_t>(std::ceil(reach_of_pair / cell));
    };
    grid_cells_.clear();
    quick_cells_.clear();
    std::size_t next_quick = 0;
    std::size_t next_fast = 0;
    for (std::uint32_t m = 0; m < sampled_.size(); ++m) {
      const auto cell_of = index(sampled_[m].position);
      if (next_fast < fast_.size() && fast_[next_fast] == m) {
        ++next_fast;
      } else if (next_quick < quick_.size() && quick_[next_quick].at == m) {
        quick_[next_quick].cell = cell_of;
        quick_cells_.add(static_cast<std::uint32_t>(next_quick++), cell_of[0], cell_of[1],
                         cell_of[2]);
      } else {
        grid_cells_.add(m, cell_of[0], cell_of[1], cell_of[2]);
      }
    }
    grid_cells_.sort();
    quick_cells_.sort();
    particles_.clear();
    for (const CellGrid::Entry& entry : grid_cells_.entries()) {
      particles_.push_back(sampled_[entry.item]);
    }
    const auto consider = [&](const Particle& a, const Particle& b) {
      if (may_approach(a, b, before, after, reach)) {
        pending_.push_back({std::min(a.object, b.object), std::max(a.object, b.object)});
      }
    };
    grid_cells_.for_each_neighbour_pair(
        [&](std::size_t p, std::size_t q) { consider(particles_[p], particles_[q]); });
    // Each quicker object against the others in the block of cells it can reach: the slower
    // ones in grid_cells_, and the quicker ones after it in quick_cells_'s order.
    const auto quick_entries = quick_cells_.entries();
    const std::int64_t among_quick = block(bent + 2 * top_quick_speed_ * half);
    for (std::size_t e = 0; e < quick_entries.size(); ++e) {
      const Quick& quick = quick_[quick_entries[e].item];
      const Particle& a = sampled_[quick.at];
      const auto& cell_of = quick.cell;
      grid_cells_.for_each_near(cell_of[0], cell_of[1], cell_of[2],
                                block(bent + (quick.speed + top_speed_) * half),
                                [&](std::size_t q) { consider(a, particles_[q]); });
      quick_cells_.for_each_near(cell_of[0], cell_of[1], cell_of[2], among_quick,
                                 [&](std::size_t q) {
                                   if (q > e) {
                                     consider(a, sampled_[quick_[quick_entries[q].item].at]);
                                   }
                                 });
    }
    // Each object faster than the blocks allow against every other.
    for (std::size_t f = 0; f < fast_.size(); ++f) {
      const Particle& a = sampled_[fast_[f]];
      for (const Particle& b : particles_) {
        consider(a, b);
      }
      for (const Quick& quick : quick_) {
        consider(a, sampled_[quick.at]);
      }
      for (std::size_t g = f + 1; g < fast_.size(); ++g) {
        consider(a, sampled_[fast_[g]]);
      }
    }
  }

  std::span<const ScreeningObject> objects_;
  std::span<const RadialBand> bands_;
  ScreeningWindow window_;
  SampleGrid grid_;
  NodeStates nodes_;
  std::vector<char> has_failed_;
  std::vector<std::uint32_t> by_start_;  // objects in order of from_seconds
  std::size_t next_start_ = 0;           // by_start_[next_start_] has not yet been current
  std::vector<std::uint32_t> current_;
  // The current objects SGP4 gives a state for at the sample, and the largest speed of those
  // the cells are sized for, of the quicker ones, and the largest acceleration bound.
  std::vector<Particle> sampled_;
  // Those of sampled_ faster than kCellSpeedKmS up to kBlockSpeedKmS: their position in it
  // (ascending), speed with the interpolation's error, and cell (once find_candidates has
  // sized the cells).
  struct Quick {
    std::uint32_t at;
    double speed;
    std::array<std::int64_t, 3> cell{};
  };
  std::vector<Quick> quick_;
  // Those of sampled_ (positions in it, ascending) faster than kBlockSpeedKmS.
  std::vector<std::uint32_t> fast_;
  double top_speed_ = 0;
  double top_quick_speed_ = 0;
  double top_acceleration_ = 0;
  CellGrid grid_cells_;              // the objects the cells are sized for, by cell
  std::vector<Particle> particles_;  // in grid_cells_'s order
  CellGrid quick_cells_;             // quick_ (positions in it), by cell
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
