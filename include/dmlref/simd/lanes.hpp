#pragma once
// Moving elements between memory and float lanes. Loads widen exactly (every FLOAT16 and
// every 8- or 16-bit integer is exact in float); stores round once to the element type
// (float -> FLOAT16 to nearest even, through F16C where the compiler targets it).
//
// A source is either a contiguous row (contiguous<T>) or one element broadcast over the row
// (broadcast<T>); kernels are written once against both.

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "dmlref/core/data_type.hpp"
#include "dmlref/core/float16.hpp"
#include "dmlref/core/isa.hpp"
#include "dmlref/simd/arch.hpp"

namespace dmlref::simd {
inline namespace DMLREF_ISA_NAMESPACE {

template <class T>
struct contiguous {
  const T* data;
};
template <class T>
struct broadcast {
  T value;
};

/// The lanes that hold T's bit patterns: unsigned integers of its width for floats (a kernel
/// deciding on bits needs no float arithmetic), T itself for integers.
template <class T>
using bit_lane_t = std::conditional_t<std::is_same_v<T, float16>, std::uint16_t,
                                      std::conditional_t<std::is_same_v<T, float>, std::uint32_t, T>>;

/// The traits of a kernel deciding on T's bit patterns in bit_lane_t<T> lanes, one element a
/// lane: available, step, and paired = Paired (two blocks per loop iteration, simd/apply.hpp).
template <class T, bool Paired>
struct bit_lanes_kernel {
  static constexpr bool available = true;
  static constexpr std::size_t step = batch<bit_lane_t<T>>::size;
  static constexpr bool paired = Paired;
};

/// A batch of a source's elements as bit_lane_t<T> lanes.
template <class T>
batch<bit_lane_t<T>> load_bit_lanes(contiguous<T> s, std::size_t i) noexcept {
  return batch<bit_lane_t<T>>::load_unaligned(reinterpret_cast<const bit_lane_t<T>*>(s.data) + i);
}
template <class T>
batch<bit_lane_t<T>> load_bit_lanes(broadcast<T> s, std::size_t) noexcept {
  bit_lane_t<T> bits;
  std::memcpy(&bits, &s.value, sizeof bits);
  return batch<bit_lane_t<T>>(bits);
}

/// width elements of T from p, as float lanes.
template <class T>
floats load_floats(const T* p) noexcept {
  if constexpr (std::is_same_v<T, float>) {
    return floats::load_unaligned(p);
  } else if constexpr (std::is_same_v<T, float16>) {
#if defined(__AVX512F__)  // xsimd's default arch is AVX-512: 16 float lanes
    return floats(_mm512_cvtph_ps(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(p))));
#elif defined(__AVX__) && defined(__F16C__)  // 8 float lanes
    return floats(_mm256_cvtph_ps(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p))));
#else
    alignas(64) float lanes[width];
    for (std::size_t i = 0; i < width; ++i) lanes[i] = static_cast<float>(p[i]);
    return floats::load_aligned(lanes);
#endif
  } else {
    static_assert(std::is_integral_v<T>, "an element type");
#if defined(__AVX512F__)  // widening loads: xsimd 8's converting load goes element by element
    if constexpr (sizeof(T) == 1) {
      const __m128i bytes = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
      const __m512i wide = std::is_signed_v<T> ? _mm512_cvtepi8_epi32(bytes) : _mm512_cvtepu8_epi32(bytes);
      return floats(_mm512_cvtepi32_ps(wide));
    } else if constexpr (sizeof(T) == 2) {
      const __m256i halves = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
      const __m512i wide = std::is_signed_v<T> ? _mm512_cvtepi16_epi32(halves) : _mm512_cvtepu16_epi32(halves);
      return floats(_mm512_cvtepi32_ps(wide));
    }
#elif defined(__AVX2__)
    if constexpr (sizeof(T) == 1) {
      const __m128i bytes = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(p));
      const __m256i wide = std::is_signed_v<T> ? _mm256_cvtepi8_epi32(bytes) : _mm256_cvtepu8_epi32(bytes);
      return floats(_mm256_cvtepi32_ps(wide));
    } else if constexpr (sizeof(T) == 2) {
      const __m128i halves = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
      const __m256i wide = std::is_signed_v<T> ? _mm256_cvtepi16_epi32(halves) : _mm256_cvtepu16_epi32(halves);
      return floats(_mm256_cvtepi32_ps(wide));
    }
#endif
    return xsimd::load_as<float>(p, xsimd::unaligned_mode{});
  }
}

template <class T>
floats load_floats(contiguous<T> s, std::size_t i) noexcept {
  return load_floats(s.data + i);
}
template <class T>
floats load_floats(broadcast<T> s, std::size_t) noexcept {
  return floats(static_cast<float>(s.value));
}

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

/// Stores float lanes to width elements of T, rounding once (T = float or float16).
template <class T>
void store_floats(T* p, floats v) noexcept {
  if constexpr (std::is_same_v<T, float>) {
    v.store_unaligned(p);
  } else {
    static_assert(std::is_same_v<T, float16>, "float lanes store to FLOAT32 or FLOAT16");
#if defined(__AVX512F__)
    __m256i halves = _mm512_cvtps_ph(v, _MM_FROUND_TO_NEAREST_INT);
#if defined(__GNUC__) || defined(__clang__)
    // Keeps the conversion and the store apart: fused into vcvtps2ph's memory form, they run
    // at a third of the speed on AMD's AVX-512 cores.
    __asm__("" : "+v"(halves));
#endif
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(p), halves);
#elif defined(__AVX__) && defined(__F16C__)
    _mm_storeu_si128(reinterpret_cast<__m128i*>(p), _mm256_cvtps_ph(v, _MM_FROUND_TO_NEAREST_INT));
#else
    alignas(64) float lanes[width];
    v.store_aligned(lanes);
    for (std::size_t i = 0; i < width; ++i) p[i] = float16(lanes[i]);
#endif
  }
}

/// The low and high halves of float lanes as double lanes (exact).
inline void widen(floats x, doubles& low, doubles& high) noexcept {
#if defined(__AVX512F__)
  low = doubles(_mm512_cvtps_pd(_mm512_castps512_ps256(x)));
  high = doubles(_mm512_cvtps_pd(_mm256_castpd_ps(_mm512_extractf64x4_pd(_mm512_castps_pd(x), 1))));
#elif defined(__AVX__)
  low = doubles(_mm256_cvtps_pd(_mm256_castps256_ps128(x)));
  high = doubles(_mm256_cvtps_pd(_mm256_extractf128_ps(x, 1)));
#else
  low = doubles(_mm_cvtps_pd(x));
  high = doubles(_mm_cvtps_pd(_mm_movehl_ps(x, x)));
#endif
}
/// Double lanes rounded once to float lanes.
inline floats narrow(doubles low, doubles high) noexcept {
#if defined(__AVX512F__)
  const __m256 lo = _mm512_cvtpd_ps(low), hi = _mm512_cvtpd_ps(high);
  return floats(_mm512_castpd_ps(_mm512_insertf64x4(_mm512_castpd256_pd512(_mm256_castps_pd(lo)), _mm256_castps_pd(hi), 1)));
#elif defined(__AVX__)
  return floats(_mm256_insertf128_ps(_mm256_castps128_ps256(_mm256_cvtpd_ps(low)), _mm256_cvtpd_ps(high), 1));
#else
  return floats(_mm_movelh_ps(_mm_cvtpd_ps(low), _mm_cvtpd_ps(high)));
#endif
}

/// doubles::size 32-bit integers as double lanes, exactly, in one conversion per lane group
/// (xsimd 8's converting load goes element by element). Unsigned values without a direct
/// instruction are converted as x - 2^31 (signed) and shifted back by 2^31, both exact.
template <class T>
doubles int32_to_doubles(const T* p) noexcept {
  static_assert(std::is_integral_v<T> && sizeof(T) == 4, "32-bit integers");
#if defined(__AVX512F__)
  const __m256i v = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
  if constexpr (std::is_signed_v<T>) return doubles(_mm512_cvtepi32_pd(v));
  else return doubles(_mm512_cvtepu32_pd(v));
#else
#if defined(__AVX__)
  const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
  const auto convert = [](__m128i w) { return doubles(_mm256_cvtepi32_pd(w)); };
#else
  const __m128i v = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(p));
  const auto convert = [](__m128i w) { return doubles(_mm_cvtepi32_pd(w)); };
#endif
  if constexpr (std::is_signed_v<T>) {
    return convert(v);
  } else {
    const __m128i flipped = _mm_xor_si128(v, _mm_set1_epi32(static_cast<int>(0x80000000u)));
    return convert(flipped) + doubles(2147483648.0);
  }
#endif
}

/// width elements of T as two halves of double lanes (exact for every element type of the
/// operators: floats and integers up to 32 bits).
template <class T>
void load_doubles(contiguous<T> s, std::size_t i, doubles& low, doubles& high) noexcept {
  if constexpr (is_float_element_v<T> || sizeof(T) <= 2) {
    widen(load_floats(s, i), low, high);  // exact: these widen to float exactly
  } else {
    static_assert(sizeof(T) == 4, "32-bit integers");
    low = int32_to_doubles(s.data + i);
    high = int32_to_doubles(s.data + i + doubles::size);
  }
}
template <class T>
void load_doubles(broadcast<T> s, std::size_t, doubles& low, doubles& high) noexcept {
  low = high = doubles(static_cast<double>(s.value));
}

}  // namespace DMLREF_ISA_NAMESPACE
}  // namespace dmlref::simd
