#pragma once
// A minimal unsigned big integer for the golden path's decisions at rounding boundaries:
// exact comparisons (is x^p above, on or below a boundary?) and the fixed-point logarithms
// of math/log_enclosure.hpp. Only what those need: sums, differences, products, quotients
// (rounded down), powers, shifts and ordering. Sizes are bounded by the caller; nothing here
// is on a hot path.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace dmlref::math {

class bigint {
 public:
  bigint() = default;
  explicit bigint(std::uint64_t v) {
    while (v != 0) {
      limbs_.push_back(static_cast<std::uint32_t>(v));
      v >>= 32;
    }
  }

  bool is_zero() const noexcept { return limbs_.empty(); }

  std::uint64_t bit_length() const noexcept {
    if (limbs_.empty()) return 0;
    std::uint64_t bits = 32 * (limbs_.size() - 1);
    for (std::uint32_t top = limbs_.back(); top != 0; top >>= 1) ++bits;
    return bits;
  }

  bool bit(std::uint64_t i) const noexcept {
    const auto limb = static_cast<std::size_t>(i / 32);
    return limb < limbs_.size() && ((limbs_[limb] >> (i % 32)) & 1u) != 0;
  }

  friend bigint operator+(const bigint& a, const bigint& b) {
    const bigint& longer = a.limbs_.size() >= b.limbs_.size() ? a : b;
    const bigint& shorter = a.limbs_.size() >= b.limbs_.size() ? b : a;
    bigint r = longer;
    std::uint64_t carry = 0;
    for (std::size_t i = 0; i < r.limbs_.size(); ++i) {
      const std::uint64_t t =
          std::uint64_t{r.limbs_[i]} + (i < shorter.limbs_.size() ? shorter.limbs_[i] : 0u) + carry;
      r.limbs_[i] = static_cast<std::uint32_t>(t);
      carry = t >> 32;
      if (carry == 0 && i >= shorter.limbs_.size()) break;
    }
    if (carry != 0) r.limbs_.push_back(static_cast<std::uint32_t>(carry));
    return r;
  }

  /// a - b. Precondition: a >= b.
  friend bigint operator-(const bigint& a, const bigint& b) {
    bigint r = a;
    std::uint64_t borrow = 0;
    for (std::size_t i = 0; i < r.limbs_.size(); ++i) {
      const std::uint64_t sub = (i < b.limbs_.size() ? b.limbs_[i] : 0u) + borrow;
      const std::uint64_t limb = r.limbs_[i];
      r.limbs_[i] = static_cast<std::uint32_t>(limb - sub);
      borrow = limb < sub ? 1 : 0;
      if (borrow == 0 && i >= b.limbs_.size()) break;
    }
    r.trim();
    return r;
  }

  /// floor(a / b). Precondition: b != 0. Schoolbook, one bit at a time.
  friend bigint operator/(const bigint& a, const bigint& b) {
    if (compare(a, b) < 0) return {};
    if (b.limbs_.size() == 1) return a.divided_by_limb(b.limbs_[0]);
    bigint quotient, remainder;
    quotient.limbs_.assign(a.limbs_.size(), 0);
    for (auto i = a.bit_length(); i-- > 0;) {
      remainder.shift_left_one(a.bit(i));
      if (compare(remainder, b) >= 0) {
        remainder = remainder - b;
        quotient.limbs_[static_cast<std::size_t>(i / 32)] |= std::uint32_t{1} << (i % 32);
      }
    }
    quotient.trim();
    return quotient;
  }

  friend bigint operator*(const bigint& a, const bigint& b) {
    bigint r;
    if (a.is_zero() || b.is_zero()) return r;
    r.limbs_.assign(a.limbs_.size() + b.limbs_.size(), 0);
    for (std::size_t i = 0; i < a.limbs_.size(); ++i) {
      std::uint64_t carry = 0;
      for (std::size_t j = 0; j < b.limbs_.size(); ++j) {
        const std::uint64_t t = std::uint64_t{a.limbs_[i]} * b.limbs_[j] + r.limbs_[i + j] + carry;
        r.limbs_[i + j] = static_cast<std::uint32_t>(t);
        carry = t >> 32;
      }
      r.limbs_[i + b.limbs_.size()] = static_cast<std::uint32_t>(carry);
    }
    r.trim();
    return r;
  }

  bigint shifted_left(std::uint64_t bits) const {
    if (is_zero()) return {};
    bigint r;
    const auto whole = static_cast<std::size_t>(bits / 32);
    const auto part = static_cast<unsigned>(bits % 32);
    r.limbs_.assign(whole, 0);
    std::uint32_t carry = 0;
    for (auto limb : limbs_) {
      r.limbs_.push_back(part == 0 ? limb : static_cast<std::uint32_t>((limb << part) | carry));
      carry = part == 0 ? 0 : limb >> (32 - part);
    }
    if (carry != 0) r.limbs_.push_back(carry);
    return r;
  }

  /// floor(this / 2^bits).
  bigint shifted_right(std::uint64_t bits) const {
    const auto whole = static_cast<std::size_t>(bits / 32);
    if (whole >= limbs_.size()) return {};
    const auto part = static_cast<unsigned>(bits % 32);
    bigint r;
    r.limbs_.assign(limbs_.begin() + static_cast<std::ptrdiff_t>(whole), limbs_.end());
    if (part != 0) {
      for (std::size_t i = 0; i < r.limbs_.size(); ++i) {
        const std::uint32_t next = i + 1 < r.limbs_.size() ? r.limbs_[i + 1] : 0u;
        r.limbs_[i] = (r.limbs_[i] >> part) | static_cast<std::uint32_t>(next << (32 - part));
      }
    }
    r.trim();
    return r;
  }

  /// True when any of the lowest `bits` bits is set (what shifted_right drops).
  bool any_bit_below(std::uint64_t bits) const noexcept {
    const auto whole = static_cast<std::size_t>(bits / 32);
    for (std::size_t i = 0; i < whole && i < limbs_.size(); ++i) {
      if (limbs_[i] != 0) return true;
    }
    const auto part = static_cast<unsigned>(bits % 32);
    return part != 0 && whole < limbs_.size() && (limbs_[whole] & ((std::uint32_t{1} << part) - 1)) != 0;
  }

  /// -1, 0 or +1.
  friend int compare(const bigint& a, const bigint& b) noexcept {
    if (a.limbs_.size() != b.limbs_.size()) return a.limbs_.size() < b.limbs_.size() ? -1 : 1;
    for (std::size_t i = a.limbs_.size(); i-- > 0;) {
      if (a.limbs_[i] != b.limbs_[i]) return a.limbs_[i] < b.limbs_[i] ? -1 : 1;
    }
    return 0;
  }

  /// base^exponent, or false when the result would exceed max_bits bits.
  static bool power(std::uint64_t base, std::uint64_t exponent, std::uint64_t max_bits, bigint& out) {
    std::uint64_t base_bits = 0;
    for (auto v = base; v != 0; v >>= 1) ++base_bits;
    if (base_bits > 1 && exponent > max_bits / (base_bits - 1)) return false;  // >= (bits-1)*e bits
    bigint result(1);
    bigint square(base);
    for (auto e = exponent; e != 0; e >>= 1) {
      if ((e & 1) != 0) result = result * square;
      if (e > 1) square = square * square;
    }
    if (result.bit_length() > max_bits) return false;
    out = std::move(result);
    return true;
  }

 private:
  bigint divided_by_limb(std::uint32_t d) const {
    bigint r = *this;
    std::uint64_t rest = 0;
    for (std::size_t i = r.limbs_.size(); i-- > 0;) {
      const std::uint64_t cur = (rest << 32) | r.limbs_[i];
      r.limbs_[i] = static_cast<std::uint32_t>(cur / d);
      rest = cur % d;
    }
    r.trim();
    return r;
  }
  /// this = 2 * this + low_bit.
  void shift_left_one(bool low_bit) {
    std::uint32_t carry = low_bit ? 1u : 0u;
    for (auto& limb : limbs_) {
      const std::uint32_t out = limb >> 31;
      limb = (limb << 1) | carry;
      carry = out;
    }
    if (carry != 0) limbs_.push_back(carry);
  }
  void trim() {
    while (!limbs_.empty() && limbs_.back() == 0) limbs_.pop_back();
  }
  std::vector<std::uint32_t> limbs_;  // little-endian base 2^32
};

/// Compares a * 2^alpha with b * 2^beta exactly (a, b > 0): -1, 0 or +1.
inline int compare_scaled(const bigint& a, std::int64_t alpha, const bigint& b, std::int64_t beta) {
  const auto top_a = static_cast<std::int64_t>(a.bit_length()) + alpha;
  const auto top_b = static_cast<std::int64_t>(b.bit_length()) + beta;
  if (top_a != top_b) return top_a < top_b ? -1 : 1;
  // Same leading-bit position: the exponent gap is at most the longer operand's length.
  if (alpha >= beta) return compare(a.shifted_left(static_cast<std::uint64_t>(alpha - beta)), b);
  return compare(a, b.shifted_left(static_cast<std::uint64_t>(beta - alpha)));
}

}  // namespace dmlref::math
