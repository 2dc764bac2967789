#include "orbit/sgp4_batch.h"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "orbit/deep_space_input.h"
#include "orbit/lanes.h"
#include "orbit/near_earth_state.h"

namespace gpq::orbit {
namespace {

// A lane's sets' terms side by side, under the names near_earth_state reads in Sgp4Terms.
template <typename Vec>
struct TermsLanes {
  struct {
    IntOf<Vec> simplified_drag;
    Vec mean_anomaly_rate, perigee_rate, node_rate, node_drag, eta, c1, c4, c5, d2, d3, d4;
    Vec t2cof, t3cof, t4cof, t5cof, omgcof, xmcof, delmo, sin_mean_anomaly, aycof, xlcof;
    Vec cos_inclination, sin_inclination, con41, x1mth2, x7thm1;
  } near;
  struct {
    Vec mean_anomaly, perigee, node, mean_motion, eccentricity, inclination, bstar;
    Vec semi_major_axis;
  } epoch;
  struct {
    Vec xke, j2, radius_km, km_s_per_unit;
  } gravity;
};

template <typename Vec, typename Field>
GPQ_LANES Vec gather(const Sgp4Propagator* const* sets, const Field& field) {
  return lanes_of<Vec>([&](int lane) { return field(sets[lane]->terms()); });
}

// A lambda returning a mask would be a call out of line at -O0, across the AVX/SSE2 calling
// difference: the mask is built in an inlined function like every other vector.
template <typename Vec, typename Flag>
GPQ_LANES IntOf<Vec> gather_mask(const Sgp4Propagator* const* sets, const Flag& flag) {
  return lanes_of<IntOf<Vec>>(
      [&](int lane) { return flag(sets[lane]->terms()) ? std::int64_t{-1} : std::int64_t{0}; });
}

template <typename Vec>
GPQ_LANES TermsLanes<Vec> gather_terms(const Sgp4Propagator* const* s) {
  TermsLanes<Vec> t;
  t.near.simplified_drag =
      gather_mask<Vec>(s, [](const Sgp4Terms& x) { return x.near.simplified_drag; });
  t.near.mean_anomaly_rate =
      gather<Vec>(s, [](const Sgp4Terms& x) { return x.near.mean_anomaly_rate; });
  t.near.perigee_rate = gather<Vec>(s, [](const Sgp4Terms& x) { return x.near.perigee_rate; });
  t.near.node_rate = gather<Vec>(s, [](const Sgp4Terms& x) { return x.near.node_rate; });
  t.near.node_drag = gather<Vec>(s, [](const Sgp4Terms& x) { return x.near.node_drag; });
  t.near.eta = gather<Vec>(s, [](const Sgp4Terms& x) { return x.near.eta; });
  t.near.c1 = gather<Vec>(s, [](const Sgp4Terms& x) { return x.near.c1; });
  t.near.c4 = gather<Vec>(s, [](const Sgp4Terms& x) { return x.near.c4; });
  t.near.c5 = gather<Vec>(s, [](const Sgp4Terms& x) { return x.near.c5; });
  t.near.d2 = gather<Vec>(s, [](const Sgp4Terms& x) { return x.near.d2; });
  t.near.d3 = gather<Vec>(s, [](const Sgp4Terms& x) { return x.near.d3; });
  t.near.d4 = gather<Vec>(s, [](const Sgp4Terms& x) { return x.near.d4; });
  t.near.t2cof = gather<Vec>(s, [](const Sgp4Terms& x) { return x.near.t2cof; });
  t.near.t3cof = gather<Vec>(s, [](const Sgp4Terms& x) { return x.near.t3cof; });
  t.near.t4cof = gather<Vec>(s, [](const Sgp4Terms& x) { return x.near.t4cof; });
  t.near.t5cof = gather<Vec>(s, [](const Sgp4Terms& x) { return x.near.t5cof; });
  t.near.omgcof = gather<Vec>(s, [](const Sgp4Terms& x) { return x.near.omgcof; });
  t.near.xmcof = gather<Vec>(s, [](const Sgp4Terms& x) { return x.near.xmcof; });
  t.near.delmo = gather<Vec>(s, [](const Sgp4Terms& x) { return x.near.delmo; });
  t.near.sin_mean_anomaly =
      gather<Vec>(s, [](const Sgp4Terms& x) { return x.near.sin_mean_anomaly; });
  t.near.aycof = gather<Vec>(s, [](const Sgp4Terms& x) { return x.near.aycof; });
  t.near.xlcof = gather<Vec>(s, [](const Sgp4Terms& x) { return x.near.xlcof; });
  t.near.cos_inclination =
      gather<Vec>(s, [](const Sgp4Terms& x) { return x.near.cos_inclination; });
  t.near.sin_inclination =
      gather<Vec>(s, [](const Sgp4Terms& x) { return x.near.sin_inclination; });
  t.near.con41 = gather<Vec>(s, [](const Sgp4Terms& x) { return x.near.con41; });
  t.near.x1mth2 = gather<Vec>(s, [](const Sgp4Terms& x) { return x.near.x1mth2; });
  t.near.x7thm1 = gather<Vec>(s, [](const Sgp4Terms& x) { return x.near.x7thm1; });
  t.epoch.mean_anomaly = gather<Vec>(s, [](const Sgp4Terms& x) { return x.epoch.mean_anomaly; });
  t.epoch.perigee = gather<Vec>(s, [](const Sgp4Terms& x) { return x.epoch.perigee; });
  t.epoch.node = gather<Vec>(s, [](const Sgp4Terms& x) { return x.epoch.node; });
  t.epoch.mean_motion = gather<Vec>(s, [](const Sgp4Terms& x) { return x.epoch.mean_motion; });
  t.epoch.eccentricity = gather<Vec>(s, [](const Sgp4Terms& x) { return x.epoch.eccentricity; });
  t.epoch.inclination = gather<Vec>(s, [](const Sgp4Terms& x) { return x.epoch.inclination; });
  t.epoch.bstar = gather<Vec>(s, [](const Sgp4Terms& x) { return x.epoch.bstar; });
  t.epoch.semi_major_axis =
      gather<Vec>(s, [](const Sgp4Terms& x) { return x.epoch.semi_major_axis; });
  t.gravity.xke = gather<Vec>(s, [](const Sgp4Terms& x) { return x.gravity.xke; });
  t.gravity.j2 = gather<Vec>(s, [](const Sgp4Terms& x) { return x.gravity.j2; });
  t.gravity.radius_km = gather<Vec>(s, [](const Sgp4Terms& x) { return x.gravity.radius_km; });
  t.gravity.km_s_per_unit =
      gather<Vec>(s, [](const Sgp4Terms& x) { return x.gravity.km_s_per_unit; });
  return t;
}

// A lane's deep-space sets' osculating inputs and earth constants side by side.
template <typename Vec>
struct DeepLanes {
  OsculatingInputOf<Vec> in;
  struct {
    Vec xke, j2, radius_km, km_s_per_unit;
  } gravity;
};

template <typename Vec, typename Field>
GPQ_LANES Vec gather_inputs(const OsculatingInput* in, const Field& field) {
  return lanes_of<Vec>([&](int lane) { return field(in[lane]); });
}

template <typename Vec>
GPQ_LANES DeepLanes<Vec> gather_deep(const Sgp4Propagator* const* s, const OsculatingInput* in) {
  using In = OsculatingInput;
  DeepLanes<Vec> d;
  d.in.semi_major_axis = gather_inputs<Vec>(in, [](const In& x) { return x.semi_major_axis; });
  d.in.mean_motion = gather_inputs<Vec>(in, [](const In& x) { return x.mean_motion; });
  d.in.eccentricity = gather_inputs<Vec>(in, [](const In& x) { return x.eccentricity; });
  d.in.inclination = gather_inputs<Vec>(in, [](const In& x) { return x.inclination; });
  d.in.node = gather_inputs<Vec>(in, [](const In& x) { return x.node; });
  d.in.perigee = gather_inputs<Vec>(in, [](const In& x) { return x.perigee; });
  d.in.mean_anomaly = gather_inputs<Vec>(in, [](const In& x) { return x.mean_anomaly; });
  d.in.sin_inclination = gather_inputs<Vec>(in, [](const In& x) { return x.sin_inclination; });
  d.in.cos_inclination = gather_inputs<Vec>(in, [](const In& x) { return x.cos_inclination; });
  d.in.aycof = gather_inputs<Vec>(in, [](const In& x) { return x.aycof; });
  d.in.xlcof = gather_inputs<Vec>(in, [](const In& x) { return x.xlcof; });
  d.in.con41 = gather_inputs<Vec>(in, [](const In& x) { return x.con41; });
  d.in.x1mth2 = gather_inputs<Vec>(in, [](const In& x) { return x.x1mth2; });
  d.in.x7thm1 = gather_inputs<Vec>(in, [](const In& x) { return x.x7thm1; });
  d.gravity.xke = gather<Vec>(s, [](const Sgp4Terms& x) { return x.gravity.xke; });
  d.gravity.j2 = gather<Vec>(s, [](const Sgp4Terms& x) { return x.gravity.j2; });
  d.gravity.radius_km = gather<Vec>(s, [](const Sgp4Terms& x) { return x.gravity.radius_km; });
  d.gravity.km_s_per_unit =
      gather<Vec>(s, [](const Sgp4Terms& x) { return x.gravity.km_s_per_unit; });
  return d;
}

// The lanes' states and codes into out[0..lanes).
template <typename Vec>
GPQ_LANES void scatter(const StateOf<Vec>& state, IntOf<Vec> error, Sgp4Result* out) {
  for (int lane = 0; lane < kLanesOf<Vec>; ++lane) {
    out[lane].error = static_cast<Sgp4Error>(error[lane]);
    for (int i = 0; i < 3; ++i) {
      out[lane].state.position_km[i] = state.position_km[i][lane];
      out[lane].state.velocity_km_s[i] = state.velocity_km_s[i][lane];
    }
  }
}

// A lane's worth of near-earth sets at their times, into out[0..lanes).
template <typename Vec>
GPQ_LANES void propagate_lanes(const Sgp4Propagator* const* sets, const double* minutes,
                               Sgp4Result* out) {
  const TermsLanes<Vec> terms = gather_terms<Vec>(sets);
  const Vec at = lanes_of<Vec>([&](int lane) { return minutes[lane]; });
  StateOf<Vec> state{};
  const IntOf<Vec> error = near_earth_state(terms, at, state);
  scatter<Vec>(state, error, out);
}

// The osculating stage of a lane's worth of deep-space sets, into out[0..lanes).
template <typename Vec>
GPQ_LANES void osculate_lanes(const Sgp4Propagator* const* sets, const OsculatingInput* inputs,
                              Sgp4Result* out) {
  const DeepLanes<Vec> lanes = gather_deep<Vec>(sets, inputs);
  StateOf<Vec> state{};
  const IntOf<Vec> error = osculating(lanes.in, lanes.gravity, state);
  scatter<Vec>(state, error, out);
}

// The lanes' work for one instruction set: `width` sets at a time.
struct Lanes {
  int width;
  void (*near_earth)(const Sgp4Propagator* const*, const double*, Sgp4Result*);
  void (*deep_space)(const Sgp4Propagator* const*, const OsculatingInput*, Sgp4Result*);
};

__attribute__((target("avx512f"))) void propagate_eight_avx512(const Sgp4Propagator* const* sets,
                                                               const double* minutes,
                                                               Sgp4Result* out) {
  propagate_lanes<Vec8>(sets, minutes, out);
}

__attribute__((target("avx512f"))) void osculate_eight_avx512(const Sgp4Propagator* const* sets,
                                                              const OsculatingInput* inputs,
                                                              Sgp4Result* out) {
  osculate_lanes<Vec8>(sets, inputs, out);
}

__attribute__((target("avx2"))) void propagate_four_avx2(const Sgp4Propagator* const* sets,
                                                         const double* minutes, Sgp4Result* out) {
  propagate_lanes<Vec4>(sets, minutes, out);
}

__attribute__((target("avx2"))) void osculate_four_avx2(const Sgp4Propagator* const* sets,
                                                        const OsculatingInput* inputs,
                                                        Sgp4Result* out) {
  osculate_lanes<Vec4>(sets, inputs, out);
}

void propagate_four_sse2(const Sgp4Propagator* const* sets, const double* minutes,
                         Sgp4Result* out) {
  propagate_lanes<Vec4>(sets, minutes, out);
}

void osculate_four_sse2(const Sgp4Propagator* const* sets, const OsculatingInput* inputs,
                        Sgp4Result* out) {
  osculate_lanes<Vec4>(sets, inputs, out);
}

constexpr Lanes kAvx512{8, propagate_eight_avx512, osculate_eight_avx512};
constexpr Lanes kAvx2{4, propagate_four_avx2, osculate_four_avx2};
constexpr Lanes kSse2{4, propagate_four_sse2, osculate_four_sse2};

// AVX-512's eight lanes only when asked (GPQ_SGP4_LANES=avx512): on the processors measured so
// far they ran slower than AVX2's four (docs/ORBIT.md, "Speed"), their 512-bit products going
// through one unit where 256-bit ones have two.
BatchLanes lanes_from_environment() {
  const char* asked = std::getenv("GPQ_SGP4_LANES");
  const std::string_view name = asked == nullptr ? "" : asked;
  for (const BatchLanes lanes : {BatchLanes::sse2, BatchLanes::avx512}) {
    if (name == to_string(lanes)) {
      return lanes;
    }
  }
  return BatchLanes::avx2;
}

std::atomic<BatchLanes> widest_allowed{lanes_from_environment()};

Lanes lanes() {
#ifdef __OPTIMIZE__
  static const bool has_avx512 = __builtin_cpu_supports("avx512f");
  static const bool has_avx2 = __builtin_cpu_supports("avx2");
#else
  // Unoptimised (the sanitizer build), the stages' lambdas and the library functions they
  // call stay out of line, compiled for SSE2: a vector passed to one from AVX code crosses the
  // two calling conventions. The SSE2 copy has none to cross.
  static const bool has_avx512 = false;
  static const bool has_avx2 = false;
#endif
  const BatchLanes allowed = widest_allowed.load(std::memory_order_relaxed);
  if (has_avx512 && allowed == BatchLanes::avx512) {
    return kAvx512;
  }
  if (has_avx2 && allowed != BatchLanes::sse2) {
    return kAvx2;
  }
  return kSse2;
}

// Pairs waiting for their lanes: where each goes in `out`, its set, and its time (near earth)
// or its osculating input (deep space).
template <typename Item>
struct Waiting {
  static constexpr int kMostLanes = 8;
  const Sgp4Propagator* sets[kMostLanes];
  Item items[kMostLanes];
  std::size_t index[kMostLanes];
  int count = 0;

  // Adds a pair; when the `width` lanes are full, runs them and puts their results in `out`.
  template <typename Run>
  void add(const Sgp4Propagator* set, const Item& item, std::size_t i, int width,
           std::span<Sgp4Result> out, Run run) {
    sets[count] = set;
    items[count] = item;
    index[count] = i;
    if (++count == width) {
      Sgp4Result results[kMostLanes];
      run(sets, items, results);
      for (int lane = 0; lane < width; ++lane) {
        out[index[lane]] = results[lane];
      }
      count = 0;
    }
  }
};

void run_batch(std::span<const Sgp4Propagator* const> sets, std::span<const double> minutes,
               std::span<ResonanceCursor* const> cursors, std::span<Sgp4Result> out) {
  const Lanes run = lanes();
  Waiting<double> near;
  Waiting<OsculatingInput> deep;
  for (std::size_t i = 0; i < sets.size(); ++i) {
    const Sgp4Propagator& set = *sets[i];
    if (!set.in_theory()) {
      out[i] = set.propagate(minutes[i]);
    } else if (!set.deep_space()) {
      near.add(&set, minutes[i], i, run.width, out, run.near_earth);
    } else {
      // The lunar-solar terms and the resonance one by one (with the pair's cursor, in order),
      // the osculating stage in the lanes.
      OsculatingInput in{};
      ResonanceCursor* cursor = cursors.empty() ? nullptr : cursors[i];
      const Sgp4Error error = deep_space_input(set.terms(), minutes[i], cursor, in);
      if (error != Sgp4Error::none) {
        out[i] = Sgp4Result{error, {}};
      } else {
        deep.add(&set, in, i, run.width, out, run.deep_space);
      }
    }
  }
  // Fewer than a lane's worth left of a kind: the same states one by one.
  for (int lane = 0; lane < near.count; ++lane) {
    out[near.index[lane]] = near.sets[lane]->propagate(near.items[lane]);
  }
  for (int lane = 0; lane < deep.count; ++lane) {
    Sgp4Result& result = out[deep.index[lane]];
    result.error =
        osculating_state(deep.items[lane], deep.sets[lane]->terms().gravity, result.state);
  }
}

}  // namespace

void propagate_batch(std::span<const Sgp4Propagator* const> sets, std::span<const double> minutes,
                     std::span<Sgp4Result> out) noexcept {
  run_batch(sets, minutes, {}, out);
}

void propagate_batch(std::span<const Sgp4Propagator* const> sets, std::span<const double> minutes,
                     std::span<ResonanceCursor* const> cursors,
                     std::span<Sgp4Result> out) noexcept {
  run_batch(sets, minutes, cursors, out);
}

std::string_view to_string(BatchLanes lanes) noexcept {
  switch (lanes) {
    case BatchLanes::sse2:
      return "sse2";
    case BatchLanes::avx512:
      return "avx512";
    case BatchLanes::avx2:
      break;
  }
  return "avx2";
}

BatchLanes batch_lanes() noexcept {
  const Lanes run = lanes();
  if (run.near_earth == kAvx512.near_earth) {
    return BatchLanes::avx512;
  }
  return run.near_earth == kAvx2.near_earth ? BatchLanes::avx2 : BatchLanes::sse2;
}

BatchLanes limit_batch_lanes(BatchLanes widest) noexcept {
  return widest_allowed.exchange(widest);
}

}  // namespace gpq::orbit
