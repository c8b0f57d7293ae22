#pragma once
// x * y + z rounded once to float, on every target the fast path is built for.
//
// Contract: fma_once(x, y, z) is the correctly rounded x * y + z (round to nearest even, the
// default floating-point environment), with fmaf's NaNs, infinities and signed zeros. Where
// the target has the FMA instruction (__FMA__), or off Windows (glibc, musl and the other C
// libraries dmlref is tested with have an exact fmaf), it is std::fma. On Windows without
// __FMA__ it is fma_in_double: MinGW-w64's fmaf rounds the product before adding (tens of ULP
// off), so the C library is not relied on there.

#include <cmath>
#include <cstdint>
#include <cstring>

namespace dmlref::detail {

/// x * y + z computed in double: the product of two floats is exact there; the sum's rounding
/// error is recovered exactly (Knuth's TwoSum), and an inexact sum is replaced by its neighbour
/// toward the exact one when its last bit is even (rounding to odd), whose one rounding to
/// float's 24 bits is then the exact sum's (double keeps more than 24 + 1 bits). Valid for
/// every float input: no intermediate overflows or underflows in double.
inline float fma_in_double(float x, float y, float z) noexcept {
  const double p = static_cast<double>(x) * static_cast<double>(y);
  const double b = z;
  const double s = p + b;
  if (!std::isfinite(s)) return static_cast<float>(s);
  const double bb = s - p;
  const double e = (p - (s - bb)) + (b - bb);  // s + e == p + b exactly
  std::uint64_t bits = 0;
  std::memcpy(&bits, &s, sizeof bits);
  if (e != 0 && (bits & 1u) == 0) {
    bits = (e > 0) == (s > 0) ? bits + 1 : bits - 1;  // one unit of s's magnitude toward p + b
    double odd = 0;
    std::memcpy(&odd, &bits, sizeof odd);
    return static_cast<float>(odd);
  }
  return static_cast<float>(s);
}

/// x * y + z with one rounding (see the contract above).
inline float fma_once(float x, float y, float z) noexcept {
#if defined(__FMA__) || !defined(_WIN32)
  return std::fma(x, y, z);
#else
  return fma_in_double(x, y, z);
#endif
}

}  // namespace dmlref::detail
