#pragma once
// ELEMENT_WISE_CONSTANT_POW and ELEMENT_WISE_POW in vector lanes (contract:
// ops/constant_pow.hpp, ops/pow.hpp). Budget: ops::pow_fast_ulp_budget (2 ULP FLOAT32,
// 1 ULP FLOAT16 from golden).
//
// How:
// - g = x, or fma(x, Scale, Bias) with one rounding (the FMA instruction where the target
//   has it, the C library's exact fmaf otherwise).
// - CONSTANT_POW takes an exact cheap form for the exponents 0, 1, 2, 3, 4, 0.5, -0.5, -1,
//   -2: products and square roots in float or in double lanes (each within 1 ULP of the
//   correctly rounded result; x^2 in float and sqrt are correctly rounded).
// - Any other exponent, and POW: |g|^e = exp2(e * log2|g|) in double lanes (xsimd's log2 and
//   exp2, errors of a few double ULPs, far below one float ULP), then one rounding to the
//   output type; the sign and NaN of a negative base follow the exponent's parity.
// - Lanes whose base is 0, Inf or NaN, or whose exponent is Inf or NaN, take the golden
//   scalar formula, so C's special values hold exactly; they cost time only where present.
// Special values are decided on bit patterns, so -ffast-math cannot fold them away.

#include <cmath>
#include <cstdint>
#include <type_traits>

#include "dmlref/ops/constant_pow.hpp"
#include "dmlref/ops/pow.hpp"
#include "dmlref/simd/kernel.hpp"
#include "dmlref/simd/lanes.hpp"

namespace dmlref::simd {

namespace detail_pow {

using float_mask = xsimd::batch_bool<float, arch>;

/// An integer-lane condition as a float-lane mask (through 0/1 values: API every xsimd has).
inline float_mask as_float_mask(xsimd::batch_bool<std::int32_t, arch> condition) noexcept {
  return xsimd::batch_cast<float>(xsimd::select(condition, int32s(1), int32s(0))) == floats(1.0f);
}

/// Float lanes whose bits equal pattern.
inline float_mask bits_equal(floats x, std::uint32_t pattern) noexcept {
  return as_float_mask(xsimd::bitwise_cast<int32s>(x) == int32s(static_cast<std::int32_t>(pattern)));
}

/// Lanes whose float bits are 0, Inf or NaN (the bases and exponents the vector formula
/// does not cover), decided on the bits.
inline float_mask zero_inf_or_nan(floats x) noexcept {
  const auto magnitude = xsimd::bitwise_cast<int32s>(x) & int32s(0x7FFFFFFF);
  return as_float_mask((magnitude == int32s(0)) | (magnitude >= int32s(0x7F800000)));
}

/// g = fma(x, Scale, Bias) with one rounding. The FMA instruction is called directly: xsimd
/// 8.1's fma on AVX-512 is a product and a sum, rounded twice.
inline floats scaled(floats x, const std::optional<scale_bias>& sb) noexcept {
  if (!sb) return x;
#if defined(__AVX512F__)
  return floats(_mm512_fmadd_ps(x, _mm512_set1_ps(sb->scale), _mm512_set1_ps(sb->bias)));
#elif defined(__FMA__) && defined(__AVX__)
  return floats(_mm256_fmadd_ps(x, _mm256_set1_ps(sb->scale), _mm256_set1_ps(sb->bias)));
#elif defined(__FMA__)
  return floats(_mm_fmadd_ps(x, _mm_set1_ps(sb->scale), _mm_set1_ps(sb->bias)));
#else
  alignas(64) float lanes[width];
  x.store_aligned(lanes);
  for (auto& v : lanes) v = std::fma(v, sb->scale, sb->bias);
  return floats::load_aligned(lanes);
#endif
}

/// |g|^e with the sign and NaN of negative bases, for g finite nonzero and e finite (double
/// lanes). The exponent of 2 is clamped to +-2000, past which every result over- or
/// underflows anyway, and e to +-2^53 for the parity test (every double beyond is an even
/// integer): no lane ever reaches a conversion outside its range.
inline doubles power(doubles g, doubles e) noexcept {
  const doubles t = xsimd::min(xsimd::max(e * xsimd::log2(xsimd::abs(g)), doubles(-2000.0)), doubles(2000.0));
  const doubles magnitude = xsimd::exp2(t);
  const doubles bounded_e = xsimd::min(xsimd::max(e, doubles(-0x1p53)), doubles(0x1p53));
  const doubles half = bounded_e * doubles(0.5);
  const auto integral = xsimd::floor(bounded_e) == bounded_e;
  const auto odd = integral & (xsimd::floor(half) != half);
  const doubles signed_result = xsimd::select(odd, -magnitude, magnitude);
  const auto negative = g < doubles(0.0);
  return xsimd::select(negative, xsimd::select(integral, signed_result, doubles(std::nan(""))), magnitude);
}

/// pow in float lanes through double lanes. Lanes flagged special get a harmless base (1)
/// here; their results are replaced by golden's (store_patched).
inline floats general(floats g, doubles e_low, doubles e_high, float_mask special) noexcept {
  doubles g0, g1;
  widen(xsimd::select(special, floats(1.0f), g), g0, g1);
  return narrow(power(g0, e_low), power(g1, e_high));
}

/// The cheap exact forms of CONSTANT_POW; false when exponent has none.
inline bool cheap(float exponent, floats g, floats& out) noexcept {
  auto in_double = [&](auto f) {
    doubles g0, g1;
    widen(g, g0, g1);
    return narrow(f(g0), f(g1));
  };  // products of at most four factors: exact or rounded once in double
  if (exponent == 0.0f) {
    out = floats(1.0f);
  } else if (exponent == 1.0f) {
    out = g;
  } else if (exponent == 2.0f) {
    out = g * g;
  } else if (exponent == 3.0f) {
    out = in_double([](doubles v) { return (v * v) * v; });
  } else if (exponent == 4.0f) {
    out = in_double([](doubles v) { return (v * v) * (v * v); });
  } else if (exponent == -1.0f) {  // in double: -ffast-math may turn a float division into rcpps
    out = in_double([](doubles v) { return doubles(1.0) / v; });
  } else if (exponent == -2.0f) {
    out = in_double([](doubles v) { return doubles(1.0) / (v * v); });
  } else if (exponent == 0.5f) {
    // sqrt differs from pow only at -0 (pow gives +0) and -Inf (pow gives +Inf).
    out = xsimd::select(g == floats(0.0f), floats(0.0f), xsimd::sqrt(g));
    out = xsimd::select(bits_equal(g, 0xFF800000u), floats(INFINITY), out);
  } else if (exponent == -0.5f) {
    out = in_double([](doubles v) { return doubles(1.0) / xsimd::sqrt(v); });
    out = xsimd::select(g == floats(0.0f), floats(INFINITY), out);  // pow(-0, -0.5) = +Inf
    out = xsimd::select(bits_equal(g, 0xFF800000u), floats(0.0f), out);
  } else {
    return false;
  }
  return true;
}

/// A lane's input as the golden formula wants it.
template <class T>
T element(contiguous<T> s, std::size_t i, std::size_t k) noexcept {
  return s.data[i + k];
}
template <class T>
T element(broadcast<T> s, std::size_t, std::size_t) noexcept {
  return s.value;
}

/// Stores y, except in lanes flagged special, which take golden(k) instead.
template <class T, class Golden>
void store_patched(T* out, std::size_t i, floats y, float_mask special, Golden&& golden) {
  if (!xsimd::any(special)) {
    store_floats(out + i, y);
    return;
  }
  alignas(64) float flags[width];
  xsimd::select(special, floats(1.0f), floats(0.0f)).store_aligned(flags);
  alignas(64) T staged[width];
  store_floats(staged, y);
  for (std::size_t k = 0; k < width; ++k) out[i + k] = flags[k] != 0.0f ? golden(k) : staged[k];
}

}  // namespace detail_pow

/// CONSTANT_POW, FLOAT32 and FLOAT16.
template <class T>
struct kernel<ops::constant_pow, T, T> {
  static constexpr bool available = std::is_same_v<T, float> || std::is_same_v<T, float16>;
  static constexpr std::size_t step = width;

  template <class Source>
  static void block(const ops::constant_pow& op, T* out, std::size_t i, Source in) {
    const floats g = detail_pow::scaled(load_floats(in, i), op.scale_and_bias);
    floats y;
    if (detail_pow::cheap(op.exponent, g, y)) {
      store_floats(out + i, y);
      return;
    }
    const bool exponent_special = xsimd::any(detail_pow::zero_inf_or_nan(floats(op.exponent)));
    const auto special = detail_pow::zero_inf_or_nan(g) | detail_pow::float_mask(exponent_special);
    const doubles e(exponent_special ? 0.0 : static_cast<double>(op.exponent));
    detail_pow::store_patched(out, i, detail_pow::general(g, e, e, special), special,
                              [&](std::size_t k) { return op(detail_pow::element(in, i, k)); });
  }
};

namespace detail_pow {

/// width integer elements as int32 lanes (sign- or zero-extended; UINT32 keeps its bits).
template <class T>
int32s load_int32(contiguous<T> s, std::size_t i) noexcept {
  if constexpr (sizeof(T) == 4) {
    return int32s::load_unaligned(reinterpret_cast<const std::int32_t*>(s.data + i));
  } else {
    return xsimd::load_as<std::int32_t>(s.data + i, xsimd::unaligned_mode{});
  }
}
template <class T>
int32s load_int32(broadcast<T> s, std::size_t) noexcept {
  return int32s(static_cast<std::int32_t>(static_cast<std::uint32_t>(s.value)));
}

/// x^e modulo 2^32 by square-and-multiply over the exponent's bits (e as uint32), in
/// unsigned lanes, where wrap-around is defined.
inline int32s power_mod_2_32(int32s x, uint32s e) noexcept {
  uint32s result(1u);
  uint32s square = xsimd::bitwise_cast<uint32s>(x);
  while (xsimd::any(e != uint32s(0u))) {
    const auto bit = (e & uint32s(1u)) != uint32s(0u);
    result = xsimd::select(bit, result * square, result);
    square = square * square;
    e = e >> 1;
  }
  return xsimd::bitwise_cast<int32s>(result);
}

}  // namespace detail_pow

/// POW: a float base (FLOAT32 or FLOAT16) with an exponent of any type, or an integer base
/// with an integer exponent (exact, modulo 2^bits: computed modulo 2^32 in int32 lanes,
/// whose low bits are the narrower types' results). Integer bases with ScaleBias or a float
/// exponent take the golden kernels.
template <class T, class E>
struct kernel<ops::pow, T, T, E> {
  static constexpr bool float_base = std::is_same_v<T, float> || std::is_same_v<T, float16>;
  static constexpr bool integer_pair = std::is_integral_v<T> && std::is_integral_v<E>;
  static constexpr bool available = float_base || integer_pair;
  static constexpr std::size_t step = width;

  template <class BaseSource, class ExponentSource>
  static void block(const ops::pow& op, T* out, std::size_t i, BaseSource base, ExponentSource exponent) {
    if constexpr (float_base) {
      float_block(op, out, i, base, exponent);
    } else {
      integer_block(op, out, i, base, exponent);
    }
  }

 private:
  template <class BaseSource, class ExponentSource>
  static void float_block(const ops::pow& op, T* out, std::size_t i, BaseSource base, ExponentSource exponent) {
    const floats g = detail_pow::scaled(load_floats(base, i), op.scale_and_bias);
    auto special = detail_pow::zero_inf_or_nan(g);
    doubles e_low, e_high;
    if constexpr (is_float_element_v<E>) {
      const floats e = load_floats(exponent, i);
      const auto exponent_special = detail_pow::zero_inf_or_nan(e);
      special = special | exponent_special;
      widen(xsimd::select(exponent_special, floats(0.0f), e), e_low, e_high);
    } else {
      load_doubles(exponent, i, e_low, e_high);
    }
    detail_pow::store_patched(out, i, detail_pow::general(g, e_low, e_high, special), special, [&](std::size_t k) {
      return op(detail_pow::element(base, i, k), detail_pow::element(exponent, i, k));
    });
  }

  template <class BaseSource, class ExponentSource>
  static void integer_block(const ops::pow& op, T* out, std::size_t i, BaseSource base, ExponentSource exponent) {
    if (op.scale_and_bias) {  // the float route: golden, element by element
      for (std::size_t k = 0; k < step; ++k) {
        out[i + k] = op(detail_pow::element(base, i, k), detail_pow::element(exponent, i, k));
      }
      return;
    }
    const int32s x = detail_pow::load_int32(base, i);
    const int32s e = detail_pow::load_int32(exponent, i);
    int32s y = detail_pow::power_mod_2_32(x, xsimd::bitwise_cast<uint32s>(e));
    if constexpr (std::is_signed_v<E>) {
      // A negative exponent: 1 for x = 1, +-1 by parity for x = -1 (signed bases), else 0
      // (x = 0 is undefined; 0 is written, as golden does).
      int32s reciprocal = xsimd::select(x == int32s(1), int32s(1), int32s(0));
      if constexpr (std::is_signed_v<T>) {
        const auto odd = (e & int32s(1)) != int32s(0);
        reciprocal = xsimd::select(x == int32s(-1), xsimd::select(odd, int32s(-1), int32s(1)), reciprocal);
      }
      y = xsimd::select(e < int32s(0), reciprocal, y);
    }
    if constexpr (sizeof(T) == 4) {
      y.store_unaligned(reinterpret_cast<std::int32_t*>(out + i));
    } else {
      alignas(64) std::int32_t lanes[width];
      y.store_aligned(lanes);
      for (std::size_t k = 0; k < width; ++k) out[i + k] = static_cast<T>(lanes[k]);  // modulo 2^bits
    }
  }
};

}  // namespace dmlref::simd
