#pragma once
// The fast path's vector vocabulary: xsimd batches of the widest instruction set the
// compiler targets (xsimd::default_arch: SSE2 without flags, AVX2 with -mavx2, AVX-512
// with -mavx512f/-march=native), and the float lane count every kernel steps by.
//
// Needs xsimd (Debian's libxsimd-dev 8.1; only API that newer xsimd keeps is used).

#include <cstddef>
#include <cstdint>

#include "dmlref/core/intrinsics.hpp"

#include <xsimd/xsimd.hpp>

namespace dmlref::simd {

using arch = xsimd::default_arch;
template <class T>
using batch = xsimd::batch<T, arch>;
using floats = batch<float>;
using doubles = batch<double>;
using int32s = batch<std::int32_t>;
using uint32s = batch<std::uint32_t>;
using uint64s = batch<std::uint64_t>;

/// Elements per step of every kernel: one batch of floats.
inline constexpr std::size_t width = floats::size;

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

}  // namespace dmlref::simd
