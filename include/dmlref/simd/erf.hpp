#pragma once
// ELEMENT_WISE_ERF in vector lanes (contract: ops/erf.hpp). Budget: 2 ULP FLOAT32, 1 ULP
// FLOAT16 from golden (docs/reliability.md has what the sweeps measured).
//
// How, in double lanes for both output types: a = |g| (g = x, or fma(x, Scale, Bias) with
// one rounding), z = a^2;
//   a < 1:      erf a = 2/sqrt(pi) a sum_n (-1)^n z^n / (n! (2n+1)), n <= 17 (the omitted
//               tail is below 2^-57);
//   1 <= a < 4: erf a = 2/sqrt(pi) a e^-z F(z), F = sum_n (2z)^n / (2n+1)!! by 48 terms (the
//               omitted tail is below 2^-31 of F for z < 16), e^-z = 2^(-z log2 e)
//               (simd/exp2_log2.hpp, within 2^-28 relatively);
//   a >= 4:     1 (1 - erf 4 < 2^-25.9);
// then g's sign bit. Within 2^-27 relatively: rounded once to FLOAT32, within 0.5 + 2^-3
// ULP; to FLOAT16 through FLOAT32, within 0.5 + 2^-12 ULP. Lanes whose g is Inf or NaN take
// the golden formula (C's special values, golden's canonical NaN).

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "dmlref/core/data_type.hpp"
#include "dmlref/core/isa.hpp"
#include "dmlref/ops/erf.hpp"
#include "dmlref/simd/exp2_log2.hpp"
#include "dmlref/simd/kernel.hpp"
#include "dmlref/simd/lanes.hpp"
#include "dmlref/simd/pow.hpp"

namespace dmlref::simd {
inline namespace DMLREF_ISA_NAMESPACE {

namespace detail_erf {

/// sum_n (-1)^n z^n / (n! (2n+1)), n <= 17, by Horner's rule: erf a = 2/sqrt(pi) a times it at
/// z = a^2 (the omitted tail is below z^18 / (18! 37), 2^-57 for z < 1).
inline doubles alternating_series(doubles z) noexcept {
  doubles p(-0x1.7271cbe5863ecp-54);                    // -1/(17! 35)
  p = mul_add(p, z, doubles(0x1.a173a167fba4dp-50));     // 1/(16! 33)
  p = mul_add(p, z, doubles(-0x1.bc6250fb14231p-46));    // -1/(15! 31)
  p = mul_add(p, z, doubles(0x1.bd577e658d020p-42));     // 1/(14! 29)
  p = mul_add(p, z, doubles(-0x1.a289ee7e40f74p-38));    // -1/(13! 27)
  p = mul_add(p, z, doubles(0x1.6f448e13e85e1p-34));     // 1/(12! 25)
  p = mul_add(p, z, doubles(-0x1.2b67310aa9f3ap-30));    // -1/(11! 23)
  p = mul_add(p, z, doubles(0x1.c2e3054870b38p-27));     // 1/(10! 21)
  p = mul_add(p, z, doubles(-0x1.3777c55568ccdp-23));    // -1/(9! 19)
  p = mul_add(p, z, doubles(0x1.87a00187a0018p-20));     // 1/(8! 17)
  p = mul_add(p, z, doubles(-0x1.bbd779334ef0bp-17));    // -1/(7! 15)
  p = mul_add(p, z, doubles(0x1.c01c01c01c01cp-14));     // 1/(6! 13)
  p = mul_add(p, z, doubles(-0x1.8d3018d3018d3p-11));    // -1/(5! 11)
  p = mul_add(p, z, doubles(0x1.2f684bda12f68p-8));      // 1/(4! 9)
  p = mul_add(p, z, doubles(-0x1.8618618618618p-6));     // -1/(3! 7)
  p = mul_add(p, z, doubles(0x1.999999999999ap-4));      // 1/(2! 5)
  p = mul_add(p, z, doubles(-0x1.5555555555555p-2));     // -1/(1! 3)
  return mul_add(p, z, doubles(1.0));
}

/// erf|x| in double lanes, x finite.
inline doubles erf_magnitude(doubles x) noexcept {
  const doubles a = xsimd::min(xsimd::abs(x), doubles(4.0));
  const doubles z = a * a;
  // a < 1: the alternating Taylor series.
  const doubles small = alternating_series(z);
  // 1 <= a < 4: the positive series times e^-z.
  const doubles twice = z + z;
  doubles term(1.0), sum(1.0);
  for (int n = 0; n < 48; ++n) {
    term = term * twice * doubles(1.0 / static_cast<double>(2 * n + 3));
    sum = sum + term;
  }
  const doubles large = sum * exp2_for_float(z * doubles(-0x1.71547652b82fep+0));  // -log2 e
  const doubles series = simd::select(a < doubles(1.0), small, large);
  return simd::select(a >= doubles(4.0), doubles(1.0), doubles(0x1.20dd750429b6dp+0) * a * series);
}

}  // namespace detail_erf

template <class T>
struct kernel<ops::erf, T, T> {
  static constexpr bool available = is_float_element_v<T>;
  static constexpr std::size_t step = width;
  static constexpr bool paired = false;

  template <class Source>
  DMLREF_DETAIL_ALWAYS_INLINE static void block(const ops::erf& op, T* out, std::size_t i, Source in) {
    const floats g = detail_pow::scaled(load_floats(in, i), op.scale_and_bias);
    const auto special = detail_pow::magnitude_at_least(g, 0x7F800000u);  // Inf, NaN
    const floats x = simd::select(special, floats(0.0f), g);
    doubles low, high;
    widen(x, low, high);
    const floats magnitude = narrow(detail_erf::erf_magnitude(low), detail_erf::erf_magnitude(high));
    const uint32s sign = detail_pow::bits_of(x) & uint32s(0x80000000u);
    const floats y = xsimd::bitwise_cast<floats>(detail_pow::bits_of(magnitude) | sign);
    detail_pow::store_patched(out, i, y, special, [&](std::size_t k) { return op(detail_pow::element(in, i, k)); });
  }
};

}  // namespace DMLREF_ISA_NAMESPACE
}  // namespace dmlref::simd
