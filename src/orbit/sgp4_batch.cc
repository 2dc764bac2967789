#include "orbit/sgp4_batch.h"

#include <atomic>
#include <cstddef>

#include "orbit/deep_space_input.h"
#include "orbit/lanes.h"
#include "orbit/near_earth_state.h"

namespace gpq::orbit {
namespace {

// Four sets' terms side by side, under the names near_earth_state reads in Sgp4Terms.
struct TermsLanes {
  struct {
    Mask4 simplified_drag;
    Vec4 mean_anomaly_rate, perigee_rate, node_rate, node_drag, eta, c1, c4, c5, d2, d3, d4;
    Vec4 t2cof, t3cof, t4cof, t5cof, omgcof, xmcof, delmo, sin_mean_anomaly, aycof, xlcof;
    Vec4 cos_inclination, sin_inclination, con41, x1mth2, x7thm1;
  } near;
  struct {
    Vec4 mean_anomaly, perigee, node, mean_motion, eccentricity, inclination, bstar;
    Vec4 semi_major_axis;
  } epoch;
  struct {
    Vec4 xke, j2, radius_km, km_s_per_unit;
  } gravity;
};

template <typename Field>
GPQ_LANES Vec4 gather(const Sgp4Propagator* const* sets, const Field& field) {
  return Vec4{field(sets[0]->terms()), field(sets[1]->terms()), field(sets[2]->terms()),
              field(sets[3]->terms())};
}

// A lambda returning a Mask4 would be a call out of line at -O0, across the AVX/SSE2 calling
// difference: the mask is built in an inlined function like every other Vec4.
template <typename Flag>
GPQ_LANES Mask4 gather_mask(const Sgp4Propagator* const* sets, const Flag& flag) {
  return Mask4{flag(sets[0]->terms()) ? -1 : 0, flag(sets[1]->terms()) ? -1 : 0,
               flag(sets[2]->terms()) ? -1 : 0, flag(sets[3]->terms()) ? -1 : 0};
}

GPQ_LANES TermsLanes gather_terms(const Sgp4Propagator* const* s) {
  TermsLanes t;
  t.near.simplified_drag =
      gather_mask(s, [](const Sgp4Terms& x) { return x.near.simplified_drag; });
  t.near.mean_anomaly_rate = gather(s, [](const Sgp4Terms& x) { return x.near.mean_anomaly_rate; });
  t.near.perigee_rate = gather(s, [](const Sgp4Terms& x) { return x.near.perigee_rate; });
  t.near.node_rate = gather(s, [](const Sgp4Terms& x) { return x.near.node_rate; });
  t.near.node_drag = gather(s, [](const Sgp4Terms& x) { return x.near.node_drag; });
  t.near.eta = gather(s, [](const Sgp4Terms& x) { return x.near.eta; });
  t.near.c1 = gather(s, [](const Sgp4Terms& x) { return x.near.c1; });
  t.near.c4 = gather(s, [](const Sgp4Terms& x) { return x.near.c4; });
  t.near.c5 = gather(s, [](const Sgp4Terms& x) { return x.near.c5; });
  t.near.d2 = gather(s, [](const Sgp4Terms& x) { return x.near.d2; });
  t.near.d3 = gather(s, [](const Sgp4Terms& x) { return x.near.d3; });
  t.near.d4 = gather(s, [](const Sgp4Terms& x) { return x.near.d4; });
  t.near.t2cof = gather(s, [](const Sgp4Terms& x) { return x.near.t2cof; });
  t.near.t3cof = gather(s, [](const Sgp4Terms& x) { return x.near.t3cof; });
  t.near.t4cof = gather(s, [](const Sgp4Terms& x) { return x.near.t4cof; });
  t.near.t5cof = gather(s, [](const Sgp4Terms& x) { return x.near.t5cof; });
  t.near.omgcof = gather(s, [](const Sgp4Terms& x) { return x.near.omgcof; });
  t.near.xmcof = gather(s, [](const Sgp4Terms& x) { return x.near.xmcof; });
  t.near.delmo = gather(s, [](const Sgp4Terms& x) { return x.near.delmo; });
  t.near.sin_mean_anomaly = gather(s, [](const Sgp4Terms& x) { return x.near.sin_mean_anomaly; });
  t.near.aycof = gather(s, [](const Sgp4Terms& x) { return x.near.aycof; });
  t.near.xlcof = gather(s, [](const Sgp4Terms& x) { return x.near.xlcof; });
  t.near.cos_inclination = gather(s, [](const Sgp4Terms& x) { return x.near.cos_inclination; });
  t.near.sin_inclination = gather(s, [](const Sgp4Terms& x) { return x.near.sin_inclination; });
  t.near.con41 = gather(s, [](const Sgp4Terms& x) { return x.near.con41; });
  t.near.x1mth2 = gather(s, [](const Sgp4Terms& x) { return x.near.x1mth2; });
  t.near.x7thm1 = gather(s, [](const Sgp4Terms& x) { return x.near.x7thm1; });
  t.epoch.mean_anomaly = gather(s, [](const Sgp4Terms& x) { return x.epoch.mean_anomaly; });
  t.epoch.perigee = gather(s, [](const Sgp4Terms& x) { return x.epoch.perigee; });
  t.epoch.node = gather(s, [](const Sgp4Terms& x) { return x.epoch.node; });
  t.epoch.mean_motion = gather(s, [](const Sgp4Terms& x) { return x.epoch.mean_motion; });
  t.epoch.eccentricity = gather(s, [](const Sgp4Terms& x) { return x.epoch.eccentricity; });
  t.epoch.inclination = gather(s, [](const Sgp4Terms& x) { return x.epoch.inclination; });
  t.epoch.bstar = gather(s, [](const Sgp4Terms& x) { return x.epoch.bstar; });
  t.epoch.semi_major_axis = gather(s, [](const Sgp4Terms& x) { return x.epoch.semi_major_axis; });
  t.gravity.xke = gather(s, [](const Sgp4Terms& x) { return x.gravity.xke; });
  t.gravity.j2 = gather(s, [](const Sgp4Terms& x) { return x.gravity.j2; });
  t.gravity.radius_km = gather(s, [](const Sgp4Terms& x) { return x.gravity.radius_km; });
  t.gravity.km_s_per_unit = gather(s, [](const Sgp4Terms& x) { return x.gravity.km_s_per_unit; });
  return t;
}

// Four deep-space sets' osculating inputs and earth constants side by side.
struct DeepLanes {
  OsculatingInputOf<Vec4> in;
  struct {
    Vec4 xke, j2, radius_km, km_s_per_unit;
  } gravity;
};

template <typename Field>
GPQ_LANES Vec4 gather_inputs(const OsculatingInput* in, const Field& field) {
  return Vec4{field(in[0]), field(in[1]), field(in[2]), field(in[3])};
}

GPQ_LANES DeepLanes gather_deep(const Sgp4Propagator* const* s, const OsculatingInput* in) {
  using In = OsculatingInput;
  DeepLanes d;
  d.in.semi_major_axis = gather_inputs(in, [](const In& x) { return x.semi_major_axis; });
  d.in.mean_motion = gather_inputs(in, [](const In& x) { return x.mean_motion; });
  d.in.eccentricity = gather_inputs(in, [](const In& x) { return x.eccentricity; });
  d.in.inclination = gather_inputs(in, [](const In& x) { return x.inclination; });
  d.in.node = gather_inputs(in, [](const In& x) { return x.node; });
  d.in.perigee = gather_inputs(in, [](const In& x) { return x.perigee; });
  d.in.mean_anomaly = gather_inputs(in, [](const In& x) { return x.mean_anomaly; });
  d.in.sin_inclination = gather_inputs(in, [](const In& x) { return x.sin_inclination; });
  d.in.cos_inclination = gather_inputs(in, [](const In& x) { return x.cos_inclination; });
  d.in.aycof = gather_inputs(in, [](const In& x) { return x.aycof; });
  d.in.xlcof = gather_inputs(in, [](const In& x) { return x.xlcof; });
  d.in.con41 = gather_inputs(in, [](const In& x) { return x.con41; });
  d.in.x1mth2 = gather_inputs(in, [](const In& x) { return x.x1mth2; });
  d.in.x7thm1 = gather_inputs(in, [](const In& x) { return x.x7thm1; });
  d.gravity.xke = gather(s, [](const Sgp4Terms& x) { return x.gravity.xke; });
  d.gravity.j2 = gather(s, [](const Sgp4Terms& x) { return x.gravity.j2; });
  d.gravity.radius_km = gather(s, [](const Sgp4Terms& x) { return x.gravity.radius_km; });
  d.gravity.km_s_per_unit = gather(s, [](const Sgp4Terms& x) { return x.gravity.km_s_per_unit; });
  return d;
}

// The lanes' states and codes into out[0..3].
GPQ_LANES void scatter(const StateOf<Vec4>& state, Mask4 error, Sgp4Result* out) {
  for (int lane = 0; lane < kLanes; ++lane) {
    out[lane].error = static_cast<Sgp4Error>(error[lane]);
    for (int i = 0; i < 3; ++i) {
      out[lane].state.position_km[i] = state.position_km[i][lane];
      out[lane].state.velocity_km_s[i] = state.velocity_km_s[i][lane];
    }
  }
}

// Four near-earth sets at their times, into out[0..3].
GPQ_LANES void propagate_four(const Sgp4Propagator* const* sets, const double* minutes,
                              Sgp4Result* out) {
  const TermsLanes terms = gather_terms(sets);
  StateOf<Vec4> state{};
  const Mask4 error =
      near_earth_state(terms, Vec4{minutes[0], minutes[1], minutes[2], minutes[3]}, state);
  scatter(state, error, out);
}

// The osculating stage of four deep-space sets, into out[0..3].
GPQ_LANES void osculate_four(const Sgp4Propagator* const* sets, const OsculatingInput* inputs,
                             Sgp4Result* out) {
  const DeepLanes lanes = gather_deep(sets, inputs);
  StateOf<Vec4> state{};
  const Mask4 error = osculating(lanes.in, lanes.gravity, state);
  scatter(state, error, out);
}

// The lanes' work, compiled once for AVX2 and once for SSE2.
struct Lanes {
  void (*near_earth)(const Sgp4Propagator* const*, const double*, Sgp4Result*);
  void (*deep_space)(const Sgp4Propagator* const*, const OsculatingInput*, Sgp4Result*);
};

__attribute__((target("avx2"))) void propagate_four_avx2(const Sgp4Propagator* const* sets,
                                                         const double* minutes, Sgp4Result* out) {
  propagate_four(sets, minutes, out);
}

__attribute__((target("avx2"))) void osculate_four_avx2(const Sgp4Propagator* const* sets,
                                                        const OsculatingInput* inputs,
                                                        Sgp4Result* out) {
  osculate_four(sets, inputs, out);
}

void propagate_four_sse2(const Sgp4Propagator* const* sets, const double* minutes,
                         Sgp4Result* out) {
  propagate_four(sets, minutes, out);
}

void osculate_four_sse2(const Sgp4Propagator* const* sets, const OsculatingInput* inputs,
                        Sgp4Result* out) {
  osculate_four(sets, inputs, out);
}

std::atomic<bool> may_use_avx2{true};

Lanes lanes() {
#ifdef __OPTIMIZE__
  static const bool has_avx2 = __builtin_cpu_supports("avx2");
#else
  // Unoptimised (the sanitizer build), the stages' lambdas and the library functions they
  // call stay out of line, compiled for SSE2: a Vec4 passed to one from AVX2 code crosses the
  // two calling conventions. The SSE2 copy has none to cross.
  static const bool has_avx2 = false;
#endif
  if (has_avx2 && may_use_avx2.load(std::memory_order_relaxed)) {
    return {propagate_four_avx2, osculate_four_avx2};
  }
  return {propagate_four_sse2, osculate_four_sse2};
}

// Pairs waiting for their four lanes: where each goes in `out`, its set, and its time (near
// earth) or its osculating input (deep space).
template <typename Item>
struct Waiting {
  const Sgp4Propagator* sets[kLanes];
  Item items[kLanes];
  std::size_t index[kLanes];
  int count = 0;

  // Adds a pair; when the lanes are full, runs them and puts their results in `out`.
  template <typename Run>
  void add(const Sgp4Propagator* set, const Item& item, std::size_t i, std::span<Sgp4Result> out,
           Run run) {
    sets[count] = set;
    items[count] = item;
    index[count] = i;
    if (++count == kLanes) {
      Sgp4Result results[kLanes];
      run(sets, items, results);
      for (int lane = 0; lane < kLanes; ++lane) {
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
      near.add(&set, minutes[i], i, out, run.near_earth);
    } else {
      // The lunar-solar terms and the resonance one by one (with the pair's cursor, in order),
      // the osculating stage in the lanes.
      OsculatingInput in{};
      ResonanceCursor* cursor = cursors.empty() ? nullptr : cursors[i];
      const Sgp4Error error = deep_space_input(set.terms(), minutes[i], cursor, in);
      if (error != Sgp4Error::none) {
        out[i] = Sgp4Result{error, {}};
      } else {
        deep.add(&set, in, i, out, run.deep_space);
      }
    }
  }
  // Fewer than four left of a kind: the same states one by one.
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

bool batch_uses_avx2() noexcept {
  return lanes().near_earth == propagate_four_avx2;
}

void TEST_batch_may_use_avx2(bool may) noexcept {
  may_use_avx2.store(may);
}

}  // namespace gpq::orbit
