// Many propagations at once, in vector lanes chosen at run time: four wide in AVX2 registers
// where the processor has them, else in SSE2 pairs; eight wide in AVX-512 registers where the
// processor has them and GPQ_SGP4_LANES=avx512 asks for them (GPQ_SGP4_LANES=sse2: the pairs). Sets
// of the near-earth theory (SGP4) go through the lanes whole; deep-space ones (SDP4) up to the
// osculating stage one by one (the lunar-solar terms, the resonance integration), then that stage
// in the lanes. Elements outside the theory go one by one. Every state is bit for bit the one
// Sgp4Propagator::propagate gives, so that the whole catalog at an instant and one object's state
// agree to the last digit.
#pragma once

#include <span>
#include <string_view>

#include "orbit/sgp4.h"

namespace gpq::orbit {

// out[i] = sets[i]->propagate(minutes[i]) for every i; the spans have one size. Any sets in
// any order, the same set more than once included (an ephemeris is one set at many times).
// Allocates nothing; thread-safe as propagate() is.
void propagate_batch(std::span<const Sgp4Propagator* const> sets, std::span<const double> minutes,
                     std::span<Sgp4Result> out) noexcept;

// The same, out[i] = sets[i]->propagate(minutes[i], *cursors[i]) where cursors[i] is not null:
// a resonant set's integration goes on from its cursor's last call (Sgp4Propagator::propagate),
// the pairs taken in order. One cursor may serve several pairs of one set; not thread-safe for
// the cursors.
void propagate_batch(std::span<const Sgp4Propagator* const> sets, std::span<const double> minutes,
                     std::span<ResonanceCursor* const> cursors, std::span<Sgp4Result> out) noexcept;

// The lanes propagate_batch runs on this processor.
enum class BatchLanes { sse2, avx2, avx512 };
BatchLanes batch_lanes() noexcept;
// "sse2", "avx2", "avx512": the names GPQ_SGP4_LANES takes.
std::string_view to_string(BatchLanes lanes) noexcept;

// For tests and benchmarks: run at most these lanes, the next narrower where the processor
// lacks them (avx512: the widest it has). Returns the limit it replaces.
BatchLanes limit_batch_lanes(BatchLanes widest) noexcept;

}  // namespace gpq::orbit
