#include "orbit/node_states.h"

#include <cmath>

#include "orbit/approach_refine.h"
#include "orbit/sgp4_batch.h"
#include "orbit/sweep_bounds.h"

namespace gpq::orbit {

NodeStates::NodeStates(std::span<const ScreeningObject> objects, std::span<const RadialBand> bands,
                       TimePoint origin)
    : objects_(objects),
      offsets_(objects.size()),
      interpolated_(objects.size()),
      cursors_(objects.size()),
      held_(objects.size()) {
  for (std::size_t i = 0; i < objects.size(); ++i) {
    offsets_[i] = minutes_between(origin, objects[i].epoch);
    interpolated_[i] = bands[i].low_km >= kEarthRadiusKm && std::isfinite(bands[i].high_km);
  }
}

void NodeStates::prepare(std::span<const std::uint32_t> objects, double seconds) {
  const auto first = static_cast<std::int64_t>(std::floor(seconds / kNodeSeconds));
  // Which slots each object needs filled: from `from_slot_[n]` on (kNodes: none). Slot k holds
  // node first - 1 + k.
  from_slot_.assign(objects.size(), kNodes);
  for (std::size_t n = 0; n < objects.size(); ++n) {
    const std::uint32_t i = objects[n];
    Held& held = held_[i];
    if (!interpolated_[i] || held.first == first) {
      continue;
    }
    if (held.first == first - 1) {  // one interval on: three nodes kept
      for (std::size_t k = 0; k + 1 < kNodes; ++k) {
        held.position[k] = held.position[k + 1];
        held.valid[k] = held.valid[k + 1];
      }
      from_slot_[n] = kNodes - 1;
    } else {
      from_slot_[n] = 0;
    }
    held.first = first;
  }
  // Slot by slot, so that each object's nodes come in time order (a resonant set's integration
  // runs forward).
  batch_objects_.clear();
  batch_slots_.clear();
  for (std::size_t slot = 0; slot < kNodes; ++slot) {
    for (std::size_t n = 0; n < objects.size(); ++n) {
      if (from_slot_[n] <= slot) {
        batch_objects_.push_back(objects[n]);
        batch_slots_.push_back(slot);
      }
    }
  }
  const std::size_t count = batch_objects_.size();
  sets_.resize(count);
  minutes_.resize(count);
  cursor_pointers_.resize(count);
  results_.resize(count);
  for (std::size_t m = 0; m < count; ++m) {
    const std::uint32_t i = batch_objects_[m];
    const double node = static_cast<double>(first - 1 + static_cast<std::int64_t>(batch_slots_[m]));
    sets_[m] = objects_[i].propagator;
    minutes_[m] = offsets_[i] + node * kNodeSeconds / 60;
    cursor_pointers_[m] = &cursors_[i];
  }
  propagate_batch(sets_, minutes_, cursor_pointers_, results_);
  for (std::size_t m = 0; m < count; ++m) {
    Held& held = held_[batch_objects_[m]];
    held.position[batch_slots_[m]] = results_[m].state.position_km;
    held.valid[batch_slots_[m]] = results_[m].error == Sgp4Error::none;
  }
}

bool NodeStates::state(std::uint32_t i, double seconds, TemeState& out) {
  const Held& held = held_[i];
  const bool all_valid = held.valid[0] && held.valid[1] && held.valid[2] && held.valid[3];
  if (!interpolated_[i] || !all_valid) {
    // Near a decay, or an error at a node beyond the window: SGP4 itself.
    const Sgp4Result r = objects_[i].propagator->propagate(offsets_[i] + seconds / 60, cursors_[i]);
    out = r.state;
    return r.error == Sgp4Error::none;
  }
  const double h = kNodeSeconds;
  const double u = seconds / h - static_cast<double>(held.first);
  const double u2 = u * u;
  const double u3 = u2 * u;
  // The Lagrange basis of the nodes at u = -1, 0, 1, 2 and its derivative in u.
  const std::array<double, kNodes> weight{-(u3 - 3 * u2 + 2 * u) / 6, (u3 - 2 * u2 - u + 2) / 2,
                                          -(u3 - u2 - 2 * u) / 2, (u3 - u) / 6};
  const std::array<double, kNodes> slope{-(3 * u2 - 6 * u + 2) / 6, (3 * u2 - 4 * u - 1) / 2,
                                         -(3 * u2 - 2 * u - 2) / 2, (3 * u2 - 1) / 6};
  for (int k = 0; k < 3; ++k) {
    double p = 0;
    double v = 0;
    for (std::size_t n = 0; n < kNodes; ++n) {
      p += weight[n] * held.position[n][static_cast<std::size_t>(k)];
      v += slope[n] * held.position[n][static_cast<std::size_t>(k)];
    }
    out.position_km[k] = p;
    out.velocity_km_s[k] = v / h;
  }
  return true;
}

}  // namespace gpq::orbit
