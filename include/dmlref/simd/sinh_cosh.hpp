#pragma once
// ELEMENT_WISE_SINH and ELEMENT_WISE_COSH in vector lanes (contracts: ops/sinh.hpp,
// ops/cosh.hpp). Budget: 2 ULP FLOAT32, 1 ULP FLOAT16 from golden (docs/reliability.md
// records what the sweeps measured).
//
// How, in double lanes (simd/hyperbolic_lanes.hpp), a = |g|:
//   sinh, a < 1/2: a (1 + z/3! + z^2/5! + z^3/7! + z^4/9! + z^5/11!), z = a^2; the omitted
//              tail is below z^6/13! < 2^-44 relatively.
//   sinh, a >= 1/2: (E - 1/E)/2, E = 2^(a log2 e) (simd/exp2_log2.hpp: within 2^-28
//              relatively; a log2 e within 2^-52 of itself, which moves E by less than 2^-44
//              while E is finite in FLOAT32): the relative error is at most 2^-27.9 coth a <=
//              2^-26.7.
//   cosh:      (E + 1/E)/2, within 2^-27.9 relatively.
// Rounded once to FLOAT32: within 0.5 + 2^-2.7 ULP; to FLOAT16 through FLOAT32: within
// 0.5 + 2^-12 ULP. Past a = 256 log(2) E is 2^256 and the result overflows as it should.
// Lanes whose g is Inf or NaN take the golden formula.

#include <cstddef>
#include <type_traits>

#include "dmlref/core/data_type.hpp"
#include "dmlref/core/isa.hpp"
#include "dmlref/ops/cosh.hpp"
#include "dmlref/ops/sinh.hpp"
#include "dmlref/simd/exp2_log2.hpp"
#include "dmlref/simd/hyperbolic_lanes.hpp"
#include "dmlref/simd/kernel.hpp"
#include "dmlref/simd/pow.hpp"

namespace dmlref::simd {
inline namespace DMLREF_ISA_NAMESPACE {

namespace detail_sinh_cosh {

inline doubles sinh_magnitude(doubles a) noexcept {
  const doubles z = a * a;
  doubles p(0x1.ae64567f544e4p-26);                  // 1/11!
  p = mul_add(p, z, doubles(0x1.71de3a556c734p-19));  // 1/9!
  p = mul_add(p, z, doubles(0x1.a01a01a01a01ap-13));  // 1/7!
  p = mul_add(p, z, doubles(0x1.1111111111111p-7));   // 1/5!
  p = mul_add(p, z, doubles(0x1.5555555555555p-3));   // 1/3!
  const doubles small = mul_add(a * z, p, a);
  const doubles e = exp2_for_float(a * doubles(0x1.71547652b82fep+0));
  const doubles large = doubles(0.5) * (e - doubles(1.0) / e);
  return simd::select(a < doubles(0.5), small, large);
}

inline doubles cosh_value(doubles g) noexcept {
  const doubles e = exp2_for_float(xsimd::abs(g) * doubles(0x1.71547652b82fep+0));
  return doubles(0.5) * (e + doubles(1.0) / e);
}

}  // namespace detail_sinh_cosh

template <class T>
struct kernel<ops::sinh, T, T> {
  static constexpr bool available = is_float_element_v<T>;
  static constexpr std::size_t step = width;
  static constexpr bool paired = std::is_same_v<T, float16>;

  template <class Source>
  DMLREF_DETAIL_ALWAYS_INLINE static void block(const ops::sinh& op, T* out, std::size_t i, Source in) {
    detail_hyperbolic::block<true, T>(
        op, op.scale_and_bias, out, i, in, [](floats g) { return detail_pow::magnitude_at_least(g, 0x7F800000u); },
        detail_sinh_cosh::sinh_magnitude);
  }
};

template <class T>
struct kernel<ops::cosh, T, T> {
  static constexpr bool available = is_float_element_v<T>;
  static constexpr std::size_t step = width;
  static constexpr bool paired = std::is_same_v<T, float16>;

  template <class Source>
  DMLREF_DETAIL_ALWAYS_INLINE static void block(const ops::cosh& op, T* out, std::size_t i, Source in) {
    detail_hyperbolic::block<false, T>(
        op, op.scale_and_bias, out, i, in, [](floats g) { return detail_pow::magnitude_at_least(g, 0x7F800000u); },
        detail_sinh_cosh::cosh_value);
  }
};

}  // namespace DMLREF_ISA_NAMESPACE
}  // namespace dmlref::simd
