#pragma once
// Bit-level access to IEEE binary formats.
//
// Contract: everything here is integer arithmetic on bit patterns, so no compiler flag
// (-ffast-math, -ffinite-math-only, -ffp-contract) and no FPU mode (flush-to-zero,
// denormals-are-zero) can change a result. The golden path classifies and rounds only
// through these functions.

#include <cstdint>
#include <cstring>
#include <type_traits>

/// Forces a small golden-path function inline where a traversal calls it per element: a loop
/// whose element call is inlined can be if-converted and vectorised (the operators' bit-level
/// functions select every case instead of branching for that reason). Inlining changes no
/// result; it only keeps large translation units from leaving these functions out of line.
#if defined(__GNUC__) || defined(__clang__)
#define DMLREF_DETAIL_ALWAYS_INLINE inline __attribute__((always_inline))
#elif defined(_MSC_VER)
#define DMLREF_DETAIL_ALWAYS_INLINE __forceinline
#else
#define DMLREF_DETAIL_ALWAYS_INLINE inline
#endif

/// Keeps a rarely taken golden-path function (special values) out of line, so that the
/// common path calling it stays small. Changes no result.
#if defined(__GNUC__) || defined(__clang__)
#define DMLREF_DETAIL_NOINLINE inline __attribute__((noinline))
#elif defined(_MSC_VER)
#define DMLREF_DETAIL_NOINLINE inline __declspec(noinline)
#else
#define DMLREF_DETAIL_NOINLINE inline
#endif

namespace dmlref::detail {

/// std::bit_cast for C++17.
template <class To, class From>
To bit_cast(const From& from) noexcept {
  static_assert(sizeof(To) == sizeof(From), "bit_cast needs equal sizes");
  static_assert(std::is_trivially_copyable_v<To> && std::is_trivially_copyable_v<From>);
  To to;
  std::memcpy(&to, &from, sizeof(To));
  return to;
}

/// Shape of an IEEE 754 binary interchange format.
template <class Bits, int MantissaBits, int ExponentBits>
struct binary_format {
  using bits_type = Bits;
  static constexpr int mantissa_bits = MantissaBits;  // stored fraction bits
  static constexpr int exponent_bits = ExponentBits;
  static constexpr int precision = MantissaBits + 1;  // significant bits, hidden bit included
  static constexpr int bias = (1 << (ExponentBits - 1)) - 1;
  static constexpr int emin = 1 - bias;  // exponent of the smallest normal number
  static constexpr int emax = bias;      // exponent of the largest finite number
  static constexpr Bits sign_mask = static_cast<Bits>(Bits{1} << (MantissaBits + ExponentBits));
  static constexpr Bits exponent_mask =
      static_cast<Bits>(((Bits{1} << ExponentBits) - 1) << MantissaBits);
  static constexpr Bits mantissa_mask = static_cast<Bits>((Bits{1} << MantissaBits) - 1);
  static constexpr Bits quiet_bit = static_cast<Bits>(Bits{1} << (MantissaBits - 1));
  static constexpr Bits infinity = exponent_mask;
  static constexpr Bits quiet_nan = static_cast<Bits>(exponent_mask | quiet_bit);
};

using binary16 = binary_format<std::uint16_t, 10, 5>;
using binary32 = binary_format<std::uint32_t, 23, 8>;
using binary64 = binary_format<std::uint64_t, 52, 11>;

enum class fp_class { zero, subnormal, normal, infinite, nan };

template <class F>
constexpr fp_class classify_bits(typename F::bits_type bits) noexcept {
  const auto exponent = bits & F::exponent_mask;
  const auto mantissa = bits & F::mantissa_mask;
  if (exponent == F::exponent_mask) return mantissa != 0 ? fp_class::nan : fp_class::infinite;
  if (exponent == 0) return mantissa != 0 ? fp_class::subnormal : fp_class::zero;
  return fp_class::normal;
}

template <class F>
constexpr bool sign_bit(typename F::bits_type bits) noexcept {
  return (bits & F::sign_mask) != 0;
}

/// A finite binary number (-1)^negative * (mantissa + d) * 2^exponent, where d is 0 when
/// sticky is false and some value strictly between 0 and 1 when it is true. This is the
/// currency of exact arithmetic: products and sums are formed exactly in integers, the bits
/// that do not fit are folded into sticky, and the result is rounded once.
struct exact_binary {
  bool negative = false;
  std::uint64_t mantissa = 0;
  int exponent = 0;
  bool sticky = false;
};

/// The exact value of a finite bit pattern (zero, subnormal or normal).
template <class F>
constexpr DMLREF_DETAIL_ALWAYS_INLINE exact_binary decompose(typename F::bits_type bits) noexcept {
  const bool negative = sign_bit<F>(bits);
  const auto biased = static_cast<int>((bits & F::exponent_mask) >> F::mantissa_bits);
  auto mantissa = static_cast<std::uint64_t>(bits & F::mantissa_mask);
  if (biased == 0) return {negative, mantissa, F::emin - F::mantissa_bits, false};
  mantissa |= std::uint64_t{1} << F::mantissa_bits;
  return {negative, mantissa, biased - F::bias - F::mantissa_bits, false};
}

/// The midpoint of two adjacent non-negative values of F, low and high (high = low + 1, and
/// may be infinity, read as 2^(emax + 1)), exactly: the rounding boundary between them.
template <class F>
constexpr exact_binary midpoint_of(typename F::bits_type low, typename F::bits_type high) noexcept {
  const exact_binary lo = decompose<F>(low);
  const exact_binary hi = high == F::infinity ? exact_binary{false, 1, F::emax + 1, false} : decompose<F>(high);
  const int e = lo.exponent < hi.exponent ? lo.exponent : hi.exponent;
  return {false, (lo.mantissa << (lo.exponent - e)) + (hi.mantissa << (hi.exponent - e)), e - 1, false};
}

constexpr int bit_width(std::uint64_t v) noexcept {
#if defined(__GNUC__) || defined(__clang__)
  return v == 0 ? 0 : 64 - __builtin_clzll(v);
#else
  int width = 0;
  while (v != 0) {
    v >>= 1;
    ++width;
  }
  return width;
#endif
}

/// The number of trailing zero bits of a nonzero v.
constexpr int trailing_zeros(std::uint64_t v) noexcept {
#if defined(__GNUC__) || defined(__clang__)
  return __builtin_ctzll(v);
#else
  int count = 0;
  while ((v & 1) == 0) {
    v >>= 1;
    ++count;
  }
  return count;
#endif
}

/// Rounds an exact binary number to format F, to nearest with ties to even, once.
/// Overflow gives infinity, tiny values give subnormals or zero, the sign is kept (so an
/// exact zero keeps its sign). Precondition: sticky is set only with a mantissa of at least
/// precision + 2 significant bits (so the hidden fraction lies below the rounding bit);
/// every producer in dmlref gives at least 59.
/// Written without early exits (every case is selected at the end), so that a loop over it
/// can be if-converted and vectorised; the result is the same whichever way it is compiled.
template <class F>
constexpr DMLREF_DETAIL_ALWAYS_INLINE typename F::bits_type round_to_format(exact_binary v) noexcept {
  using bits_type = typename F::bits_type;
  const auto sign = v.negative ? F::sign_mask : bits_type{0};
  const bool zero = v.mantissa == 0;  // sticky without a mantissa is not a valid input
  // Move the leading bit to bit 63 so at least two guard bits exist below any precision (a
  // zero mantissa is read as 1; its result is discarded below).
  const std::uint64_t nonzero = zero ? std::uint64_t{1} : v.mantissa;
  const int lead_shift = 64 - bit_width(nonzero);
  const std::uint64_t mantissa = nonzero << static_cast<std::uint64_t>(lead_shift);
  const int exponent = v.exponent - lead_shift;
  const int lead_exponent = exponent + 63;  // exponent of the leading bit
  // Quantum of the result: one unit in the last place at this binade, or the subnormal step.
  const int quantum = (lead_exponent < F::emin ? F::emin : lead_exponent) - F::mantissa_bits;
  // drop >= 64 - precision >= 11 bits fall off. Past 64 the value lies far below half a
  // quantum, but is not zero: read as 64 bits dropped from the mantissa 1.
  const bool far = quantum - exponent > 64;
  const int drop = far ? 64 : quantum - exponent;
  const std::uint64_t dropped_from = far ? std::uint64_t{1} : mantissa;
  // The kept bits and the rounding bit below them; then whether anything below that is set.
  const auto round_position = static_cast<std::uint64_t>(drop - 1);  // 64-bit shift counts throughout
  const std::uint64_t kept_and_round = dropped_from >> round_position;
  const std::uint64_t kept = kept_and_round >> 1;
  const bool below_round = (dropped_from << (64 - round_position)) != 0;  // round_position >= 10
  // Up (bit 0 of up) when above half (the rounding bit and more below it, or the sticky
  // fraction), or at half with an odd kept value.
  const std::uint64_t up = kept_and_round &
                           (kept | static_cast<std::uint64_t>(below_round) | static_cast<std::uint64_t>(v.sticky)) & 1;
  // kept carries the hidden bit for normals; adding it to the biased exponent field minus
  // one encodes the number, and a carry out of the mantissa bumps the exponent (to
  // infinity past the largest finite value).
  const int field_exponent = (quantum + F::mantissa_bits) - F::emin;  // 0 for subnormals
  const std::uint64_t magnitude =
      (static_cast<std::uint64_t>(field_exponent) << F::mantissa_bits) + kept + up;
  const std::uint64_t finite = lead_exponent > F::emax ? std::uint64_t{F::infinity} : magnitude;
  return static_cast<bits_type>(sign | static_cast<bits_type>(zero ? 0 : finite));
}

}  // namespace dmlref::detail
