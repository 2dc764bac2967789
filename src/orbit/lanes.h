// SGP4's near-earth stages are written once, as templates over `Real`: `double` for one set,
// or Vec4, four sets side by side in GCC's vector extension (SSE2 pairs by default, AVX
// registers inside a function compiled for AVX2: sgp4_batch.cc). These are the operations the
// stages use that differ between the two; both give the same bits lane by lane (IEEE
// arithmetic, no fused multiply-add in ISO C++ mode), so a set propagated alone or in a batch
// has the same state.
#pragma once

#include <bit>
#include <cmath>
#include <cstdint>
#include <type_traits>

// The stages must be inlined into the function that runs them, to be compiled for its
// instruction set (a copy out of line would be the default's, SSE2).
#define GPQ_LANES inline __attribute__((always_inline))

// Vec4 passes in AVX registers only where AVX is enabled; every function taking one is
// inlined, so no call ever crosses that difference.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wpsabi"

namespace gpq::orbit {

using Vec4 = double __attribute__((vector_size(32)));
using Mask4 = std::int64_t __attribute__((vector_size(32)));  // comparisons: -1 true, 0 false
inline constexpr int kLanes = 4;

// The integer type that goes with a Real: error codes, bits.
template <typename Real>
using IntOf = std::conditional_t<std::is_same_v<Real, double>, std::int64_t, Mask4>;

// A constant in every lane.
template <typename Real>
GPQ_LANES Real splat(double value) {
  if constexpr (std::is_same_v<Real, double>) {
    return value;
  } else {
    return Real{value, value, value, value};
  }
}
template <typename Real>
GPQ_LANES IntOf<Real> splat_int(std::int64_t value) {
  if constexpr (std::is_same_v<Real, double>) {
    return value;
  } else {
    return IntOf<Real>{value, value, value, value};
  }
}

GPQ_LANES double select(bool mask, double a, double b) {
  return mask ? a : b;
}
GPQ_LANES Vec4 select(Mask4 mask, Vec4 a, Vec4 b) {
  return mask ? a : b;
}
GPQ_LANES std::int64_t select(bool mask, std::int64_t a, std::int64_t b) {
  return mask ? a : b;
}
GPQ_LANES Mask4 select(Mask4 mask, Mask4 a, Mask4 b) {
  return mask ? a : b;
}

GPQ_LANES bool any(bool mask) {
  return mask;
}
GPQ_LANES bool any(Mask4 mask) {
  return (mask[0] | mask[1] | mask[2] | mask[3]) != 0;
}
GPQ_LANES bool all(bool mask) {
  return mask;
}
GPQ_LANES bool all(Mask4 mask) {
  return (mask[0] & mask[1] & mask[2] & mask[3]) != 0;
}

GPQ_LANES double magnitude(double x) {
  return __builtin_fabs(x);
}
GPQ_LANES Vec4 magnitude(Vec4 x) {
  return Vec4{__builtin_fabs(x[0]), __builtin_fabs(x[1]), __builtin_fabs(x[2]),
              __builtin_fabs(x[3])};
}

GPQ_LANES double root(double x) {
  return __builtin_sqrt(x);
}
GPQ_LANES Vec4 root(Vec4 x) {
  return Vec4{__builtin_sqrt(x[0]), __builtin_sqrt(x[1]), __builtin_sqrt(x[2]),
              __builtin_sqrt(x[3])};
}

// pow, lane by lane: only a resonance's changed mean motion needs it (SDP4, never in a batch).
GPQ_LANES double power(double x, double y) {
  return std::pow(x, y);
}
GPQ_LANES Vec4 power(Vec4 x, double y) {
  return Vec4{std::pow(x[0], y), std::pow(x[1], y), std::pow(x[2], y), std::pow(x[3], y)};
}

// atan2, lane by lane: only a short-period correction over 0.01 rad needs it (decaying orbits).
GPQ_LANES double atan2_of(double y, double x) {
  return std::atan2(y, x);
}
GPQ_LANES Vec4 atan2_of(Vec4 y, Vec4 x) {
  return Vec4{std::atan2(y[0], x[0]), std::atan2(y[1], x[1]), std::atan2(y[2], x[2]),
              std::atan2(y[3], x[3])};
}

GPQ_LANES std::int64_t bits_of(double x) {
  return std::bit_cast<std::int64_t>(x);
}
GPQ_LANES Mask4 bits_of(Vec4 x) {
  // The builtin, not std::bit_cast: a library function is a call out of line at -O0, and a
  // Vec4 must not cross one (see above).
  return __builtin_bit_cast(Mask4, x);
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
