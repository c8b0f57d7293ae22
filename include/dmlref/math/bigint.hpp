#pragma once
// A minimal unsigned big integer for exact comparisons in the golden path (is x^p above,
// on or below a rounding boundary?). Only what those comparisons need: products, powers,
// shifts and ordering. Sizes are bounded by the caller; nothing here is on a hot path.

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
