#pragma once
// The fast path's vector vocabulary: xsimd batches of the widest instruction set the
// compiler targets (xsimd::default_arch: SSE2 without flags, AVX2 with -mavx2, AVX-512
// with -mavx512f/-march=native), and the float lane count every kernel steps by.
//
// Needs xsimd (Debian's libxsimd-dev 8.1; only API that newer xsimd keeps is used).

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "dmlref/core/intrinsics.hpp"
#include "dmlref/core/isa.hpp"

#include <xsimd/xsimd.hpp>

/// Statements over N independent groups of lanes, unrolled at every optimisation level (GCC's
/// -O2 unrolls no loop): the groups' instructions sit side by side, so one group's chain of
/// dependent steps (pow's: about 130 cycles of latency for about 90 instructions) leaves an
/// out-of-order core with a small scheduler no idle (docs/performance.md, the Intel section),
/// and a short block (a square) pays no loop branch per group.
#if defined(__clang__)
#define DMLREF_DETAIL_EACH_GROUP(h, N) _Pragma("clang loop unroll(full)") for (std::size_t h = 0; h < (N); ++h)
#elif defined(__GNUC__)
#define DMLREF_DETAIL_EACH_GROUP(h, N) _Pragma("GCC unroll 8") for (std::size_t h = 0; h < (N); ++h)
#else
#define DMLREF_DETAIL_EACH_GROUP(h, N) for (std::size_t h = 0; h < (N); ++h)
#endif

namespace dmlref::simd {
inline namespace DMLREF_ISA_NAMESPACE {

using arch = xsimd::default_arch;
template <class T>
using batch = xsimd::batch<T, arch>;
template <class T>
using batch_bool = xsimd::batch_bool<T, arch>;
using floats = batch<float>;
using doubles = batch<double>;
using int32s = batch<std::int32_t>;
using uint32s = batch<std::uint32_t>;
using uint64s = batch<std::uint64_t>;

/// Elements per step of every kernel: one batch of floats.
inline constexpr std::size_t width = floats::size;

/// xsimd::select(cond, a, b), lane by lane a where cond holds, else b. For integer lanes with
/// AVX-512BW it blends by mask itself: xsimd 8.1 passes its batches to GCC's
/// _mm512_mask_blend_epi8/_epi16, which are macros that cannot convert them where
/// __OPTIMIZE__ is not defined (g++ -O0), so every kernel would fail to compile in a debug build.
template <class T>
batch<T> select(const batch_bool<T>& cond, const batch<T>& a, const batch<T>& b) noexcept {
#if defined(__AVX512BW__)
  if constexpr (std::is_integral_v<T>) {
    const __m512i on = a, off = b;
    const auto mask = static_cast<typename batch_bool<T>::register_type>(cond);  // one bit per lane
    if constexpr (sizeof(T) == 1) {
      return batch<T>(_mm512_mask_blend_epi8(mask, off, on));
    } else if constexpr (sizeof(T) == 2) {
      return batch<T>(_mm512_mask_blend_epi16(mask, off, on));
    } else if constexpr (sizeof(T) == 4) {
      return batch<T>(_mm512_mask_blend_epi32(mask, off, on));
    } else {
      return batch<T>(_mm512_mask_blend_epi64(mask, off, on));
    }
  } else {
    return xsimd::select(cond, a, b);
  }
#else
  return xsimd::select(cond, a, b);
#endif
}

/// Whether mul_add is one fused instruction (one rounding) on this target.
inline constexpr bool fused_mul_add =
#if defined(__AVX512F__) || (defined(__FMA__) && defined(__AVX__))
    true;
#else
    false;
#endif

/// a * b + c, one fused instruction (one rounding) where the target has FMA (xsimd 8.1's fma
/// on AVX-512 rounds twice); a product and a sum, rounded twice, where it has not.
inline doubles mul_add(doubles a, doubles b, doubles c) noexcept {
#if defined(__AVX512F__)
  return doubles(_mm512_fmadd_pd(a, b, c));
#elif defined(__FMA__) && defined(__AVX__)
  return doubles(_mm256_fmadd_pd(a, b, c));
#else
  return a * b + c;
#endif
}
inline floats mul_add(floats a, floats b, floats c) noexcept {
#if defined(__AVX512F__)
  return floats(_mm512_fmadd_ps(a, b, c));
#elif defined(__FMA__) && defined(__AVX__)
  return floats(_mm256_fmadd_ps(a, b, c));
#else
  return a * b + c;
#endif
}

/// a * b - c, with the same rounding as mul_add (the FMA instruction's fused subtract where
/// the target has FMA). Never written as mul_add(a, b, -c): xsimd 8.1 negates a batch as
/// 0 - c on AVX-512 (+0 for c = +0) and by its sign bit elsewhere, and the fast path's bits
/// must not depend on the instruction set.
inline floats mul_sub(floats a, floats b, floats c) noexcept {
#if defined(__AVX512F__)
  return floats(_mm512_fmsub_ps(a, b, c));
#elif defined(__FMA__) && defined(__AVX__)
  return floats(_mm256_fmsub_ps(a, b, c));
#else
  return a * b - c;
#endif
}

/// -x by its sign bit, on every target (-0 for +0, and NaN's sign flipped): xsimd 8.1's unary
/// minus is 0 - x on AVX-512, which gives +0 for +0.
inline floats negated(floats x) noexcept {
  return xsimd::bitwise_cast<floats>(xsimd::bitwise_cast<uint32s>(x) ^ uint32s(0x80000000u));
}

/// a >= b in unsigned 32-bit lanes. AVX2 has no unsigned compare, and xsimd 8.1 compares
/// unsigned lanes there in two SSE halves (about seven instructions); max(a, b) == a is two.
inline batch_bool<std::uint32_t> at_least(uint32s a, uint32s b) noexcept {
#if defined(__AVX2__) && !defined(__AVX512F__)
  return batch_bool<std::uint32_t>(_mm256_cmpeq_epi32(_mm256_max_epu32(a, b), a));
#else
  return a >= b;
#endif
}
/// a < b in unsigned 32-bit lanes (the complement of at_least on AVX2).
inline batch_bool<std::uint32_t> below(uint32s a, uint32s b) noexcept {
#if defined(__AVX2__) && !defined(__AVX512F__)
  return !at_least(a, b);
#else
  return a < b;
#endif
}

/// x with every NaN lane replaced by the canonical positive quiet NaN (0x7FC00000), the NaN
/// golden writes: decided on the bits, so -ffast-math cannot fold the test away.
inline floats canonical_nans(floats x) noexcept {
  const int32s bits = xsimd::bitwise_cast<int32s>(x);
  const auto nan = (bits & int32s(0x7FFFFFFF)) > int32s(0x7F800000);  // a signed compare: one instruction on SSE2
  return xsimd::bitwise_cast<floats>(select(nan, int32s(0x7FC00000), bits));
}

}  // namespace DMLREF_ISA_NAMESPACE
}  // namespace dmlref::simd
