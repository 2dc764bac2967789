// SGP4/SDP4: the position and velocity of a satellite from its General Perturbations element
// set, as Spacetrack Report #3 (Hoots & Roehrich 1980) defines the model, with the revisions
// of Vallado, Crawford, Hujsak & Kelso, "Revisiting Spacetrack Report #3" (AIAA 2006-6753).
// docs/ORBIT.md describes what is implemented and how it is checked.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

#include "gpq/element_set.h"

#include "orbit/gravity.h"
#include "orbit/sgp4_terms.h"

namespace gpq::orbit {

// The reference's error codes, with its numbers.
enum class Sgp4Error : std::uint8_t {
  none = 0,
  mean_eccentricity = 1,       // mean eccentricity outside -0.001 .. < 1
  mean_motion = 2,             // mean motion not above 0
  perturbed_eccentricity = 3,  // eccentricity after the lunar-solar periodics outside 0 .. 1
  semi_latus_rectum = 4,       // semi-latus rectum below 0
  suborbital = 5,              // never returned: the reference no longer reports it
  decayed = 6,                 // radius below one earth radius
};

// "mean eccentricity out of range" ...
std::string_view to_string(Sgp4Error error) noexcept;

struct Sgp4Options {
  GravityModel gravity = GravityModel::wgs72;
  OperationMode mode = OperationMode::improved;
};

// True Equator, Mean Equinox frame of the element set's epoch.
struct TemeState {
  std::array<double, 3> position_km{};
  std::array<double, 3> velocity_km_s{};
};

// `state` is meaningful only when `error` is none.
struct Sgp4Result {
  Sgp4Error error = Sgp4Error::none;
  TemeState state;
};

// An element set prepared for propagation. Copyable, 1 KB, no heap; propagate() is const and
// thread-safe. Construction never throws: a set SGP4 cannot handle gives its error at epoch
// (init_error()) and propagate() still answers for every time.
class Sgp4Propagator {
 public:
  explicit Sgp4Propagator(const ElementSet& set, const Sgp4Options& options = {}) noexcept;

  // The state `minutes` after the set's epoch (negative: before), or the error SGP4 gives
  // there. Allocates nothing, throws nothing. The deep-space resonance integration starts at
  // epoch on every call (720-minute steps), so its cost grows with |minutes|.
  Sgp4Result propagate(double minutes) const noexcept;
  // The same, continuing a deep-space resonance integration from `cursor` where the last call
  // with it stopped (one cursor per set and thread, default-constructed at first): the state is
  // bitwise propagate(minutes)'s, in fewer steps when successive times move away from epoch (an
  // ephemeris, a grid of instants), as the reference's satellite record carries its integrator.
  Sgp4Result propagate(double minutes, ResonanceCursor& cursor) const noexcept;

  // The error of the propagation to epoch that the reference's sgp4init runs and reports.
  // Computed when asked, not in the constructor: a caller that propagates anyway (the whole
  // catalog at an instant prepares thousands of sets for one propagation each) need not pay
  // for a second one.
  Sgp4Error init_error() const noexcept { return propagate(0.0).error; }
  // Period of 225 minutes or more: the SDP4 branch (lunar-solar terms, resonances).
  bool deep_space() const noexcept { return terms_.deep_space; }
  // False when the elements cannot enter the theory at all (e >= 1, n <= 0): terms() then
  // holds nothing, and propagate() gives the error at every time.
  bool in_theory() const noexcept { return invalid_input_ == Sgp4Error::none; }
  const Sgp4Terms& terms() const noexcept { return terms_; }

 private:
  Sgp4Result propagate(double minutes, ResonanceCursor* cursor) const noexcept;

  Sgp4Terms terms_;
  // Set when the elements cannot enter the theory at all (e >= 1, n <= 0): propagate()
  // returns it without computing.
  Sgp4Error invalid_input_ = Sgp4Error::none;
};

}  // namespace gpq::orbit
