// SGP4's near-earth stages are written once, as templates over `Real`: `double` for one set,
// or Vec4 / Vec8, four or eight sets side by side in GCC's vector extension (SSE2 pairs by
// default, AVX registers inside a function compiled for AVX2, AVX-512 registers inside one
// compiled for AVX-512: sgp4_batch.cc). These are the operations the stages use that differ
// between them; all give the same bits lane by lane (IEEE arithmetic, no fused multiply-add:
// -ffp-contract=off for this library), so a set propagated alone or in a batch has the same
// state.
#pragma once

#include <bit>
#include <cmath>
#include <cstdint>
#include <type_traits>
#include <utility>

// The stages must be inlined into the function that runs them, to be compiled for its
// instruction set (a copy out of line would be the default's, SSE2).
#define GPQ_LANES inline __attribute__((always_inline))

// A vector passes in AVX registers only where AVX is enabled; every function taking one is
// inlined, so no call ever crosses that difference.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wpsabi"

namespace gpq::orbit {

// Four sets in AVX2 registers (or SSE2 pairs), eight in AVX-512 registers.
using Vec4 = double __attribute__((vector_size(32)));
using Mask4 = std::int64_t __attribute__((vector_size(32)));  // comparisons: -1 true, 0 false
using Vec8 = double __attribute__((vector_size(64)));
using Mask8 = std::int64_t __attribute__((vector_size(64)));

template <typename V>
concept LaneVector = std::is_same_v<V, Vec4> || std::is_same_v<V, Vec8>;
// Mask4, Mask8, or what a comparison of lanes gives: clang's has `long long` elements where
// std::int64_t is `long`, the same bits under another name.
template <typename M>
concept LaneMask = !std::is_arithmetic_v<M> && (sizeof(M) == 32 || sizeof(M) == 64) &&
                   std::is_integral_v<std::remove_cvref_t<decltype(std::declval<M>()[0])>> &&
                   sizeof(std::declval<M>()[0]) == 8;

// How many sets a Real holds.
template <typename Real>
inline constexpr int kLanesOf = static_cast<int>(sizeof(Real) / sizeof(double));

// The integer type that goes with a Real: error codes, bits.
template <typename Real>
using IntOf = std::conditional_t<std::is_same_v<Real, double>, std::int64_t,
                                 std::conditional_t<std::is_same_v<Real, Vec4>, Mask4, Mask8>>;

// A constant in every lane.
template <typename Real>
GPQ_LANES Real splat(double value) {
  if constexpr (std::is_same_v<Real, double>) {
    return value;
  } else {
    return lanes_of<Real>([value](int) { return value; });
  }
}
template <typename Real>
GPQ_LANES IntOf<Real> splat_int(std::int64_t value) {
  if constexpr (std::is_same_v<Real, double>) {
    return value;
  } else {
    return lanes_of<IntOf<Real>>([value](int) { return value; });
  }
}

GPQ_LANES double select(bool mask, double a, double b) {
  return mask ? a : b;
}
GPQ_LANES std::int64_t select(bool mask, std::int64_t a, std::int64_t b) {
  return mask ? a : b;
}
template <LaneMask M, typename V>
requires(LaneVector<V> || LaneMask<V>) && (sizeof(V) == sizeof(M)) GPQ_LANES V
    select(M mask, V a, V b) {
  return mask ? a : b;
}

GPQ_LANES bool any(bool mask) {
  return mask;
}
template <LaneMask M>
GPQ_LANES bool any(M mask) {
  std::int64_t some = 0;
  for (int lane = 0; lane < kLanesOf<M>; ++lane) {
    some |= mask[lane];
  }
  return some != 0;
}
GPQ_LANES bool all(bool mask) {
  return mask;
}
template <LaneMask M>
GPQ_LANES bool all(M mask) {
  std::int64_t every = -1;
  for (int lane = 0; lane < kLanesOf<M>; ++lane) {
    every &= mask[lane];
  }
  return every != 0;
}

// A vector (or mask) whose lane i is value(i): the compiler makes one vector instruction of
// the loop where there is one. `value` returns a scalar, so at -O0 no vector crosses a call.
template <typename Out, typename Value>
GPQ_LANES Out lanes_of(const Value& value) {
  Out out;
  for (int lane = 0; lane < kLanesOf<Out>; ++lane) {
    out[lane] = value(lane);
  }
  return out;
}

GPQ_LANES double magnitude(double x) {
  return __builtin_fabs(x);
}
template <LaneVector V>
GPQ_LANES V magnitude(V x) {
  return lanes_of<V>([&](int lane) { return __builtin_fabs(x[lane]); });
}

GPQ_LANES double root(double x) {
  return __builtin_sqrt(x);
}
template <LaneVector V>
GPQ_LANES V root(V x) {
  return lanes_of<V>([&](int lane) { return __builtin_sqrt(x[lane]); });
}

// pow, lane by lane: only a resonance's changed mean motion needs it (SDP4, never in a batch).
GPQ_LANES double power(double x, double y) {
  return std::pow(x, y);
}
template <LaneVector V>
GPQ_LANES V power(V x, double y) {
  return lanes_of<V>([&](int lane) { return std::pow(x[lane], y); });
}

// atan2, lane by lane: only a short-period correction over 0.01 rad needs it (decaying orbits).
GPQ_LANES double atan2_of(double y, double x) {
  return std::atan2(y, x);
}
template <LaneVector V>
GPQ_LANES V atan2_of(V y, V x) {
  return lanes_of<V>([&](int lane) { return std::atan2(y[lane], x[lane]); });
}

GPQ_LANES std::int64_t bits_of(double x) {
  return std::bit_cast<std::int64_t>(x);
}
template <LaneVector V>
GPQ_LANES IntOf<V> bits_of(V x) {
  // The builtin, not std::bit_cast: a library function is a call out of line at -O0, and a
  // vector must not cross one (see above).
  return __builtin_bit_cast(IntOf<V>, x);
}

// The nearest integer (ties to even) of |x| < 2^51, and its value modulo 4 for x in that range,
// by adding 1.5 * 2^52: the sum's last bits are the integer. SSE2 has no rounding instruction.
inline constexpr double kRoundingShift = 6755399441055744.0;

template <typename Real>
GPQ_LANES Real nearest_integer(Real x) {
  return (x + kRoundingShift) - kRoundingShift;
}

// x rounded towards zero (std::trunc), for |x| < 2^51.
template <typename Real>
GPQ_LANES Real toward_zero(Real x) {
  const Real n = nearest_integer(x);
  return select(x >= 0.0 && n > x, n - 1.0, select(x < 0.0 && n < x, n + 1.0, n));
}

}  // namespace gpq::orbit

#pragma GCC diagnostic pop
