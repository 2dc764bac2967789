// SGP4 positions of many objects at nodes a fixed time apart, and each object's state between
// two nodes from the cubic through the positions at the four nodes around it (two either side),
// its velocity that cubic's derivative: the grid sweep samples every 30 s and propagates only at
// the nodes. The interpolation's error is bounded (kNodePositionErrorKm, kNodeVelocityErrorKmS);
// the sweep widens its filters by it, and every approach is still refined on SGP4 itself.
//
// Positions only: SGP4's velocity leaves out the secular rates of its mean elements, so on a
// strongly decaying orbit it differs from the rate of SGP4's own position by tens of m/s; the
// filters bound how the positions move, so they take the positions' rate.
#pragma once

#include <array>
#include <cstdint>
#include <limits>
#include <span>
#include <vector>

#include "orbit/radial_band.h"
#include "orbit/screening.h"

namespace gpq::orbit {

inline constexpr double kNodeSeconds = 120;

// Cubic interpolation through four nodes h apart, on the middle interval, errs by at most
// 9/16 h^4 M4 / 24 in position and (2 h^3 M4 / 24 + 9/16 h^4 M5 / 120) in velocity, M4 and M5
// the largest fourth and fifth derivatives of the position. On a Kepler orbit M4 is at most
// 2.2 mu v^2 / r^4 (at perigee; from circular to e = 0.97); four times that, at one earth
// radius and the parabolic speed there (11.2 km/s), bounds it for SGP4 with its J2 and drag
// terms: M4 <= 2.7e-7 km/s^4, and M5 <= 5 M4 v / r <= 2.4e-9 km/s^5. At h = 120 s: 1.31 km
// and 42 m/s, rounded up (the largest error measured on Space-Track's catalog is 204 m and
// 5.8 m/s: tests/real_data/radial_band_test.cc). That holds where SGP4 stays in its theory above
// the earth: objects whose radial band may reach the ground or has no top (decaying, or elements
// leaving the theory) are propagated at every instant instead.
inline constexpr double kNodePositionErrorKm = 1.5;
inline constexpr double kNodeVelocityErrorKmS = 0.05;

class NodeStates {
 public:
  // Nodes at j * kNodeSeconds after `origin`; bands[i] is objects[i]'s radial band over the
  // instants asked for.
  NodeStates(std::span<const ScreeningObject> objects, std::span<const RadialBand> bands,
             TimePoint origin);

  // Makes ready the four nodes around `seconds` (after the origin) for each of `objects`,
  // propagating in batches those it does not hold yet. Calls are expected in time order: an
  // object moving to the next interval keeps three of its nodes.
  void prepare(std::span<const std::uint32_t> objects, double seconds);

  // Object i's interpolated state at `seconds`, prepare()d. For an object not interpolated, or
  // where SGP4 gave no state at one of the nodes, SGP4's own at `seconds`; false where that
  // fails too.
  bool state(std::uint32_t i, double seconds, TemeState& out);

 private:
  static constexpr std::int64_t kNone = std::numeric_limits<std::int64_t>::min();
  static constexpr std::size_t kNodes = 4;  // nodes first - 1 .. first + 2

  struct Held {
    std::int64_t first = kNone;  // node index of the interval's start
    std::array<std::array<double, 3>, kNodes> position{};
    std::array<bool, kNodes> valid{};
  };

  std::span<const ScreeningObject> objects_;
  std::vector<double> offsets_;  // minutes from each set's epoch to the origin
  std::vector<char> interpolated_;
  std::vector<ResonanceCursor> cursors_;
  std::vector<Held> held_;
  // One batch: (object, node slot) in time order of the nodes.
  std::vector<std::uint32_t> batch_objects_;
  std::vector<std::size_t> batch_slots_;
  std::vector<std::size_t> from_slot_;  // by position in prepare()'s objects
  std::vector<const Sgp4Propagator*> sets_;
  std::vector<double> minutes_;
  std::vector<ResonanceCursor*> cursor_pointers_;
  std::vector<Sgp4Result> results_;
};

}  // namespace gpq::orbit
