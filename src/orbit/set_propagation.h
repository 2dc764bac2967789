// One element set propagated to an instant, or why SGP4 gives no state there, in the words
// every answer uses: `gpq state` refuses with them, a row of the catalog's states carries them.
#pragma once

#include <string>

#include "gpq/element_set.h"
#include "gpq/time.h"

#include "orbit/sgp4.h"

namespace gpq::orbit {

struct SetPropagation {
  TemeState state;
  std::string problem;  // empty: `state` is valid (finite)
};

// Whether every component of `state` is finite: SGP4 can give a state that is not, and no error.
bool finite(const TemeState& state);

// `t` as SGP4's time: minutes after the set's epoch.
double minutes_after_epoch(const ElementSet& set, TimePoint t);

// Why SGP4 must not propagate `set` at all, in the words above: its EPHEMERIS_TYPE is not
// SGP4's (SGP4-XP's 4 above all; docs/ORBIT.md). Empty for an SGP4 set.
std::string theory_problem(const ElementSet& set);
// Throws Error{unprocessable} with theory_problem(set) when it is not empty.
void require_sgp4_set(const ElementSet& set);

// Why `result` (`set` propagated to `t`) is no state, in the words above; empty when it is one.
std::string propagation_problem(const Sgp4Result& result, const ElementSet& set, TimePoint t);

// `propagator` must be prepared from `set`. Allocates only for a problem. With a `cursor`
// (Sgp4Propagator::propagate), a resonant set's integration goes on from its last call.
SetPropagation propagate_set(const Sgp4Propagator& propagator, const ElementSet& set, TimePoint t,
                             ResonanceCursor* cursor = nullptr);

}  // namespace gpq::orbit
