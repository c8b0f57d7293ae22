#pragma once
// ELEMENT_WISE_QUANTIZE_LINEAR in vector lanes (contract: ops/quantize_linear.hpp). Exact:
// bit for bit with golden wherever the contract defines the element.
//
// Why a float division is enough (FLOAT32 and FLOAT16 inputs). Rounding x / Scale to an
// integer only goes wrong if the rounded quotient q = fl(x / Scale) lands on a half-integer
// k + 1/2 that the exact quotient Q is not: fl is monotonic and k + 1/2 is a float (|Q| below
// 2^22; above 2^10 every output saturates anyway), so q never crosses one, it can only land
// on one. Those lanes, and only those, are redone in double lanes, where the quotient of two
// floats is never that close to a half-integer without being one: Q - (k + 1/2) is a
// multiple of 2^-c / ms (x = mx 2^a, Scale = ms 2^b, c = max(0, b - a + 1)), at least 2^-26
// away when nonzero, and a double quotient below 2^10 is within 2^-43 of Q.
// INT32 inputs (below 2^31, FLOAT32 scale) divide in double lanes: then Q is at least 2^-33
// from any half-integer it is not.
// Rounding to nearest even is the instruction's explicit mode (not the FPU's), and the float
// division is the division instruction, which -ffast-math cannot turn into a reciprocal
// estimate (GCC does that to vector float divisions; double divisions it leaves alone).

#include <cstddef>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "dmlref/core/isa.hpp"
#include "dmlref/ops/quantize_linear.hpp"
#include "dmlref/simd/kernel.hpp"
#include "dmlref/simd/lanes.hpp"

namespace dmlref::simd {
inline namespace DMLREF_ISA_NAMESPACE {

namespace detail_quantize {

/// a / b in float lanes, correctly rounded whatever the flags: -ffast-math lets GCC turn a
/// vector float division into a reciprocal estimate and a Newton step, which is neither
/// exact nor finite for a subnormal divisor. The division is the instruction itself: with
/// its own rounding mode on AVX-512, an asm statement elsewhere.
inline floats divide(floats a, floats b) noexcept {
#if defined(__AVX512F__)
  return floats(_mm512_div_round_ps(a, b, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC));
#elif (defined(__GNUC__) || defined(__clang__)) && defined(__AVX__)
  __m256 q;
  __asm__("vdivps %2, %1, %0" : "=x"(q) : "x"(static_cast<__m256>(a)), "x"(static_cast<__m256>(b)));
  return floats(q);
#elif defined(__GNUC__) || defined(__clang__)
  __m128 q = a;
  __asm__("divps %1, %0" : "+x"(q) : "x"(static_cast<__m128>(b)));
  return floats(q);
#else
  return a / b;
#endif
}

// Without __OPTIMIZE__ (g++ -O0) GCC's _mm512_roundscale_ps/_pd are macros whose own
// (__mmask16)-1 converts with a sign change; the warning is the header's, not these functions'.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wsign-conversion"
#endif
/// Lanes rounded to the nearest integer, ties to even, whatever the FPU's rounding mode.
inline floats round_to_even(floats v) noexcept {
#if defined(__AVX512F__)
  return floats(_mm512_roundscale_ps(v, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC));
#elif defined(__AVX__)
  return floats(_mm256_round_ps(v, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC));
#elif defined(__SSE4_1__)
  return floats(_mm_round_ps(v, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC));
#else
  return xsimd::nearbyint(v);
#endif
}
inline doubles round_to_even(doubles v) noexcept {
#if defined(__AVX512F__)
  return doubles(_mm512_roundscale_pd(v, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC));
#elif defined(__AVX__)
  return doubles(_mm256_round_pd(v, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC));
#elif defined(__SSE4_1__)
  return doubles(_mm_round_pd(v, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC));
#else
  return xsimd::nearbyint(v);
#endif
}
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

/// round(x / s) in double lanes, clamped to +-quotient_limit (NaN lanes stay NaN).
inline doubles rounded_quotient(doubles x, doubles s) noexcept {
  constexpr double limit = ops::detail::quotient_limit;
  return xsimd::min(xsimd::max(round_to_even(x / s), doubles(-limit)), doubles(limit));
}

/// Integer-valued float lanes, already within Out's range, stored as Out (8-bit).
template <class Out>
void store_small_integers(Out* p, floats v) noexcept {
#if defined(__AVX512F__)
  _mm_storeu_si128(reinterpret_cast<__m128i*>(p), _mm512_cvtepi32_epi8(_mm512_cvtps_epi32(v)));
#elif defined(__AVX2__)
  const __m256i wide = _mm256_cvtps_epi32(v);
  const __m128i halves = _mm_packs_epi32(_mm256_castsi256_si128(wide), _mm256_extracti128_si256(wide, 1));
  const __m128i bytes = std::is_signed_v<Out> ? _mm_packs_epi16(halves, halves) : _mm_packus_epi16(halves, halves);
  _mm_storel_epi64(reinterpret_cast<__m128i*>(p), bytes);
#else
  alignas(64) float lanes[width];
  v.store_aligned(lanes);
  for (std::size_t k = 0; k < width; ++k) p[k] = static_cast<Out>(static_cast<std::int32_t>(lanes[k]));
#endif
}

}  // namespace detail_quantize

template <class Out, class In, class S>
struct kernel<ops::quantize_linear, Out, In, S, Out> {
  static constexpr bool available =
      (std::is_same_v<Out, std::int8_t> || std::is_same_v<Out, std::uint8_t>) &&
      (std::is_same_v<In, float> || std::is_same_v<In, float16> || std::is_same_v<In, std::int32_t>);
  static constexpr std::size_t step = width;
  static constexpr bool paired = true;

  template <class InputSource, class ScaleSource, class ZeroSource>
  static void block(const ops::quantize_linear&, Out* out, std::size_t i, InputSource x, ScaleSource scale,
                    ZeroSource zero_point) noexcept {
    using namespace detail_quantize;
    constexpr float limit = ops::detail::quotient_limit;
    floats q;  // round(x / Scale), clamped to +-limit
    if constexpr (std::is_same_v<In, std::int32_t>) {
      doubles x0, x1, s0, s1;
      load_doubles(x, i, x0, x1);
      load_doubles(scale, i, s0, s1);
      q = narrow(rounded_quotient(x0, s0), rounded_quotient(x1, s1));
    } else {
      const floats xf = load_floats(x, i), sf = load_floats(scale, i);
      const floats quotient = divide(xf, sf);
      q = round_to_even(quotient);
      const auto on_half = xsimd::abs(quotient - q) == floats(0.5f);
      if (xsimd::any(on_half)) {  // rare: settle those lanes from the double quotient
        doubles x0, x1, s0, s1;
        widen(xf, x0, x1);
        widen(sf, s0, s1);
        q = simd::select(on_half, narrow(rounded_quotient(x0, s0), rounded_quotient(x1, s1)), q);
      }
      q = xsimd::min(xsimd::max(q, floats(-limit)), floats(limit));
    }
    constexpr float lowest = static_cast<float>(std::numeric_limits<Out>::min());
    constexpr float highest = static_cast<float>(std::numeric_limits<Out>::max());
    const floats y = xsimd::min(xsimd::max(q + load_floats(zero_point, i), floats(lowest)), floats(highest));
    store_small_integers(out + i, y);
  }
};

}  // namespace DMLREF_ISA_NAMESPACE
}  // namespace dmlref::simd
