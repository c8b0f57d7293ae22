#pragma once
// dmlref::float16: IEEE 754 binary16 storage and its conversions.
//
// Contract:
// - float16 is two bytes of storage, trivially copyable, with no arithmetic of its own:
//   compute in float or double and convert back.
// - Narrowing (float -> half, double -> half) rounds once, to nearest with ties to even;
//   subnormal results are exact where representable, overflow gives +-Inf, the sign of zero
//   is kept. double -> half rounds directly from the double, never through float.
// - NaN stays NaN: the result is quiet, keeps its sign and the top payload bits that fit.
// - Widening (half -> float, half -> double) is exact; a signalling NaN is quietened.
// - With F16C enabled by the compiler (-mf16c, -march=haswell and later) float <-> half uses
//   the hardware instruction; otherwise the portable integer path below. The two agree on
//   every input (tests/test_float16.cpp checks all 2^32 floats).

#include <cstdint>
#include <type_traits>

#include "dmlref/core/bits.hpp"

#if defined(__F16C__)
#include "dmlref/core/intrinsics.hpp"
#define DMLREF_HAVE_F16C 1
#else
#define DMLREF_HAVE_F16C 0
#endif

namespace dmlref {

namespace detail {

template <class From>
constexpr std::uint16_t narrow_to_half_bits(typename From::bits_type bits) noexcept {
  const auto cls = classify_bits<From>(bits);
  const auto sign = static_cast<std::uint16_t>(sign_bit<From>(bits) ? binary16::sign_mask : 0);
  if (cls == fp_class::nan) {
    constexpr int drop = From::mantissa_bits - binary16::mantissa_bits;
    const auto payload = static_cast<std::uint16_t>((bits & From::mantissa_mask) >> drop);
    return static_cast<std::uint16_t>(sign | binary16::quiet_nan | payload);
  }
  if (cls == fp_class::infinite) return static_cast<std::uint16_t>(sign | binary16::infinity);
  return round_to_format<binary16>(decompose<From>(bits));
}

template <class To>
constexpr typename To::bits_type widen_half_bits(std::uint16_t bits) noexcept {
  using to_bits = typename To::bits_type;
  const auto cls = classify_bits<binary16>(bits);
  const auto sign = sign_bit<binary16>(bits) ? To::sign_mask : to_bits{0};
  if (cls == fp_class::nan) {
    constexpr int shift = To::mantissa_bits - binary16::mantissa_bits;
    const auto payload = static_cast<to_bits>(static_cast<to_bits>(bits & binary16::mantissa_mask)
                                              << shift);
    return static_cast<to_bits>(sign | To::quiet_nan | payload);
  }
  if (cls == fp_class::infinite) return static_cast<to_bits>(sign | To::infinity);
  return round_to_format<To>(decompose<binary16>(bits));  // exact: To is wider
}

/// The portable conversions, always available, whatever the target supports.
constexpr std::uint16_t portable_float_to_half_bits(std::uint32_t float_bits) noexcept {
  return narrow_to_half_bits<binary32>(float_bits);
}
constexpr std::uint32_t portable_half_to_float_bits(std::uint16_t half_bits) noexcept {
  return widen_half_bits<binary32>(half_bits);
}

}  // namespace detail

class float16 {
 public:
  float16() = default;
  explicit float16(float value) noexcept : bits_(from_float(value)) {}
  explicit float16(double value) noexcept
      : bits_(detail::narrow_to_half_bits<detail::binary64>(detail::bit_cast<std::uint64_t>(value))) {}

  static constexpr float16 from_bits(std::uint16_t bits) noexcept {
    float16 h{};
    h.bits_ = bits;
    return h;
  }
  constexpr std::uint16_t bits() const noexcept { return bits_; }

  explicit operator float() const noexcept { return to_float(bits_); }
  explicit operator double() const noexcept {
    return detail::bit_cast<double>(detail::widen_half_bits<detail::binary64>(bits_));
  }

  /// Bitwise identity (so NaN == NaN and +0 != -0): storage equality, not IEEE equality.
  friend constexpr bool same_bits(float16 a, float16 b) noexcept { return a.bits_ == b.bits_; }

 private:
  static std::uint16_t from_float(float value) noexcept {
#if DMLREF_HAVE_F16C  // VCVTPS2PH (the vector form: clang's _cvtss_sh is a C99 compound literal)
    return static_cast<std::uint16_t>(
        _mm_extract_epi16(_mm_cvtps_ph(_mm_set_ss(value), _MM_FROUND_TO_NEAREST_INT), 0));
#else
    return detail::portable_float_to_half_bits(detail::bit_cast<std::uint32_t>(value));
#endif
  }
  static float to_float(std::uint16_t bits) noexcept {
#if DMLREF_HAVE_F16C  // VCVTPH2PS
    return _mm_cvtss_f32(_mm_cvtph_ps(_mm_cvtsi32_si128(bits)));
#else
    return detail::bit_cast<float>(detail::portable_half_to_float_bits(bits));
#endif
  }

  std::uint16_t bits_;  // no initializer: float16 is trivial, like float (float16{} is +0)
};

static_assert(sizeof(float16) == 2, "float16 must be two bytes of storage");
static_assert(std::is_trivial_v<float16>, "float16 is trivial, so arrays of it can be memcpy'd and left uninitialised");

}  // namespace dmlref
