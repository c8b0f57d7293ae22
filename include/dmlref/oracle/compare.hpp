#pragma once
// The comparator: judges an actual tensor against the golden one.
//
// Contract:
// - Distances are ULPs in the output's own type (oracle/ulp.hpp); +0 equals -0 by default
//   (the WebNN conformance rule); zero_rule::same_sign makes +0 against -0 a mismatch,
//   whatever the tolerance (for contracts that fix the zero's sign, such as SIGN's -0 -> +0).
// - An infinity against a finite value (either way) is a mismatch of its own, whatever the
//   tolerance and the absolute floor: the largest finite value and infinity are 1 ULP apart,
//   yet an overflow where the reference is finite is another kind of answer.
// - NaN: by default an expected NaN is matched by any NaN (sign and payload free) and by
//   nothing else; nan_rule::same_bits demands the identical NaN bit pattern.
// - Integers: the distance is the difference in integer units, which the tolerance's ULPs
//   count (exact demands equality; mixed POW's default allows 1).
// - An optional absolute floor: |actual - expected| <= absolute_floor passes (near zero).
// - Elements the operator leaves undefined (defined[k] == false) are skipped and counted.
// - The report gives pass or fail, counts, the first and the worst mismatch with N-d
//   coordinates, values as decimals and bits, ULP distances, and a histogram of distances.
//   A NaN mismatch has no distance: max_ulps covers the other elements, and NaN mismatches
//   are counted apart (nan_mismatches) and named in the text, so a comparison that fails on
//   NaNs alone never reads as "worst distance 0 ULP" and nothing else; so are infinities
//   against finite values (infinity_mismatches), whose distance max_ulps does count. The worst
//   mismatch is a NaN mismatch, else an infinity against a finite value, else the largest
//   distance.
// - Beside ULPs, the greatest absolute difference |actual - expected| and the greatest
//   relative difference |actual - expected| / |expected| over the compared elements (NaN
//   mismatches aside), each with the first coordinates where it occurs, computed in double
//   (what torch.testing.assert_close reports): infinite where either value is infinite, and
//   the relative one where the expected value is 0, when the values differ.

#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>
#include <type_traits>

#include "dmlref/core/data_type.hpp"
#include "dmlref/core/tensor_desc.hpp"
#include "dmlref/core/tolerance.hpp"
#include "dmlref/oracle/format_value.hpp"
#include "dmlref/oracle/ulp.hpp"

namespace dmlref::oracle {

enum class nan_rule { any_nan, same_bits };
enum class zero_rule { either_sign, same_sign };

struct compare_options {
  tolerance tol = tolerance::exact();
  nan_rule nans = nan_rule::any_nan;
  zero_rule zeros = zero_rule::either_sign;
  double absolute_floor = 0.0;  // 0: none
};

/// One compared element, as a report shows it.
struct element_report {
  bool present = false;
  std::uint32_t rank = 0;
  std::array<std::uint32_t, max_rank> index{};
  std::string expected, actual;            // decimals (or NaN / Infinity)
  std::string expected_bits, actual_bits;  // hex bit patterns
  std::uint64_t ulps = 0;                  // distance; meaningless when nan_mismatch
  bool nan_mismatch = false;               // one side NaN, the other not (or NaN bits differ)
  bool zero_sign_mismatch = false;         // +0 against -0 under zero_rule::same_sign
  bool infinity_mismatch = false;          // an infinity against a finite value, at any tolerance

  std::string coordinates() const {
    std::string s = "[";
    for (std::uint32_t i = 0; i < rank; ++i) s.append(i ? ", " : "").append(std::to_string(index[i]));
    return s.append("]");
  }
};

/// The greatest difference of one kind and where it first occurs.
struct greatest_difference {
  bool present = false;   // false: no compared element differs
  bool infinite = false;  // an infinity on either side, or (relative) an expected 0
  double value = 0.0;     // when finite
  std::uint32_t rank = 0;
  std::array<std::uint32_t, max_rank> index{};

  /// Keeps (inf, v) at index when it is greater than what is kept (the first of equals stays).
  void offer(bool inf, double v, std::uint32_t r, const std::array<std::uint32_t, max_rank>& at) noexcept {
    const bool greater = !present || (inf && !infinite) || (!inf && !infinite && v > value);
    if (!greater) return;
    present = true;
    infinite = inf;
    value = inf ? 0.0 : v;
    rank = r;
    index = at;
  }

  /// The value as text: "%.6g", or "inf".
  std::string value_text() const {
    if (infinite) return "inf";
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.6g", value);
    return buffer;
  }

  std::string coordinates() const {
    std::string s = "[";
    for (std::uint32_t i = 0; i < rank; ++i) s.append(i ? ", " : "").append(std::to_string(index[i]));
    return s.append("]");
  }
};

/// Histogram buckets of ULP distances: 0, 1, 2, 3-4, 5-8, ..., then "NaN".
struct ulp_histogram {
  static constexpr std::size_t finite_buckets = 12;  // 0, 1, 2, <=4, <=8, ..., <=512, more
  std::array<std::uint64_t, finite_buckets + 1> counts{};

  static std::size_t bucket_of(std::uint64_t ulps) noexcept {
    if (ulps <= 2) return static_cast<std::size_t>(ulps);
    std::size_t b = 3;
    for (std::uint64_t limit = 4; b < finite_buckets - 1 && ulps > limit; limit *= 2) ++b;
    return b;
  }
  static std::string label(std::size_t b) {
    // Built by appending: GCC 12 warns (-Wrestrict, falsely) on "literal" + std::string&&.
    std::string text;
    if (b == finite_buckets) return text.append("NaN");
    if (b <= 2) return text.append(std::to_string(b));
    if (b == finite_buckets - 1) return text.append(">").append(std::to_string(std::uint64_t{1} << (b - 2)));
    return text.append(std::to_string((std::uint64_t{1} << (b - 2)) + 1))
        .append("-")
        .append(std::to_string(std::uint64_t{1} << (b - 1)));
  }
  void add(std::uint64_t ulps) noexcept { ++counts[bucket_of(ulps)]; }
  void add_nan() noexcept { ++counts[finite_buckets]; }
};

/// What a distance counts in a data type: "ULP" for floats, "integer units" (the absolute
/// difference) for integers.
inline std::string distance_units(data_type type, std::uint64_t count = 2) {
  if (is_float(type)) return "ULP";
  return count == 1 ? "integer unit" : "integer units";
}

struct report {
  bool pass = true;
  data_type type = data_type::unknown;
  tolerance tol{};
  std::uint64_t compared = 0;
  std::uint64_t mismatches = 0;
  std::uint64_t skipped = 0;  // undefined elements
  std::uint64_t nan_mismatches = 0;  // one side NaN, the other not (or, under same_bits, other NaN bits)
  std::uint64_t zero_sign_mismatches = 0;  // +0 against -0, under zero_rule::same_sign
  std::uint64_t infinity_mismatches = 0;   // an infinity against a finite value, either way
  double absolute_floor = 0.0;      // compare_options' (0: none)
  std::uint64_t max_ulps = 0;        // over the elements that are not NaN mismatches
  element_report first;  // first mismatch in row-major order
  element_report worst;  // largest distance (a NaN mismatch counts as the largest)
  ulp_histogram histogram;
  greatest_difference max_absolute;  // |actual - expected|, NaN mismatches aside
  greatest_difference max_relative;  // |actual - expected| / |expected|

  /// The share of compared elements that mismatched, 0 to 1 (0 when nothing was compared).
  double mismatched_share() const noexcept {
    return compared == 0 ? 0.0 : static_cast<double>(mismatches) / static_cast<double>(compared);
  }

  std::string text() const {
    std::string s = pass ? "PASS" : "FAIL";
    s.append(": ").append(std::to_string(compared)).append(" compared, ").append(std::to_string(mismatches));
    s.append(" mismatched, ").append(std::to_string(skipped)).append(" undefined skipped; ");
    s.append(name(type)).append(" tolerance ");
    if (tol.kind == tolerance::metric::exact) {
      s.append("exact");
    } else {
      s.append(std::to_string(tol.ulps)).append(" ").append(distance_units(type, tol.ulps));
    }
    if (absolute_floor > 0.0) {
      char floor[32];
      std::snprintf(floor, sizeof floor, "%.17g", absolute_floor);
      s.append(", or |actual - expected| <= ").append(floor);
    }
    if (nan_mismatches != 0) {  // a NaN has no distance: say so first, then the others' worst
      s.append("; ").append(std::to_string(nan_mismatches));
      s.append(nan_mismatches == 1 ? " NaN mismatch" : " NaN mismatches");
      s.append(", worst distance elsewhere ");
    } else {
      s.append("; worst distance ");
    }
    s.append(std::to_string(max_ulps)).append(" ").append(distance_units(type, max_ulps));
    if (zero_sign_mismatches != 0) {
      s.append(", ").append(std::to_string(zero_sign_mismatches));
      s.append(zero_sign_mismatches == 1 ? " zero of the wrong sign" : " zeros of the wrong sign");
    }
    if (infinity_mismatches != 0) {
      s.append(", ").append(std::to_string(infinity_mismatches));
      s.append(infinity_mismatches == 1 ? " infinity against a finite value" : " infinities against finite values");
    }
    s.append("\n");
    auto line = [&s, this](const char* what, const element_report& e) {
      if (!e.present) return;
      s.append("  ").append(what).append(" at ").append(e.coordinates()).append(": expected ").append(e.expected);
      s.append(" (").append(e.expected_bits).append("), actual ").append(e.actual).append(" (");
      s.append(e.actual_bits).append("), ");
      if (e.nan_mismatch) {
        s.append("NaN mismatch\n");
      } else if (e.zero_sign_mismatch) {
        s.append("zero of the wrong sign\n");
      } else if (e.infinity_mismatch) {
        s.append("infinity against a finite value\n");
      } else {
        s.append(std::to_string(e.ulps)).append(" ").append(distance_units(type, e.ulps)).append("\n");
      }
    };
    line("first mismatch", first);
    line("worst mismatch", worst);
    s.append(is_float(type) ? "  ULP histogram:" : "  histogram of integer differences:");
    for (std::size_t b = 0; b < histogram.counts.size(); ++b) {
      if (histogram.counts[b] != 0) {
        s.append(" ").append(ulp_histogram::label(b)).append(":").append(std::to_string(histogram.counts[b]));
      }
    }
    return s.append("\n");
  }
};

/// Compares actual (any strides) against expected (packed, row-major logical order) over
/// sizes[0..rank). defined may be null (every element defined) or packed like expected.
template <class T>
report compare(const T* expected, const bool* defined, const T* actual, const element_strides& actual_strides,
               std::uint32_t rank, const std::uint32_t* sizes, const compare_options& options) {
  report r;
  r.type = data_type_of_v<T>;
  r.tol = options.tol;
  r.absolute_floor = options.absolute_floor;
  const std::uint64_t allowed = options.tol.max_ulps();
  std::array<std::uint32_t, max_rank> index{};
  std::uint64_t offset = 0;  // into actual
  std::uint64_t count = 1;
  for (std::uint32_t d = 0; d < rank; ++d) count *= sizes[d];
  for (std::uint64_t k = 0; k < count; ++k) {
    if (defined != nullptr && !defined[k]) {
      ++r.skipped;
    } else {
      ++r.compared;
      const T e = expected[k];
      const T a = actual[offset];
      element_report here;
      bool ok = true;
      if (is_nan(e) || is_nan(a)) {
        const bool both = is_nan(e) && is_nan(a);
        ok = both && (options.nans == nan_rule::any_nan || value_bits(e) == value_bits(a));
        here.nan_mismatch = !ok;
        if (ok) r.histogram.add(0); else r.histogram.add_nan();
      } else {
        here.ulps = ulp_distance(e, a);
        r.histogram.add(here.ulps);
        ok = here.ulps <= allowed;
        if (!ok && options.absolute_floor > 0.0 && is_float_element_v<T>) {
          ok = std::fabs(static_cast<double>(a) - static_cast<double>(e)) <= options.absolute_floor;
        }
        if (options.zeros == zero_rule::same_sign && zeros_of_opposite_sign(e, a)) {
          ok = false;
          here.zero_sign_mismatch = true;
        }
        if (infinite_against_finite(e, a)) {
          ok = false;
          here.infinity_mismatch = true;
        }
        if (here.ulps > r.max_ulps) r.max_ulps = here.ulps;
        if (here.ulps != 0) {  // the values differ (+0 and -0 do not)
          // An infinity on either side makes both differences infinite; decided by bits, so
          // that no floating-point flag (-ffinite-math-only) changes the report.
          const bool infinite = is_infinite(e) || is_infinite(a);
          const double ed = static_cast<double>(e), ad = static_cast<double>(a);
          const double absolute = infinite ? 0.0 : ad > ed ? ad - ed : ed - ad;
          r.max_absolute.offer(infinite, absolute, rank, index);
          r.max_relative.offer(infinite || ed == 0.0, infinite || ed == 0.0 ? 0.0 : absolute / std::fabs(ed), rank, index);
        }
      }
      if (!ok) {
        ++r.mismatches;
        if (here.nan_mismatch) ++r.nan_mismatches;
        if (here.zero_sign_mismatch) ++r.zero_sign_mismatches;
        if (here.infinity_mismatch) ++r.infinity_mismatches;
        here.present = true;
        here.rank = rank;
        here.index = index;
        here.expected = value_text(e);
        here.actual = value_text(a);
        here.expected_bits = bits_text(e);
        here.actual_bits = bits_text(a);
        if (!r.first.present) r.first = here;
        const auto severity = [](const element_report& m) { return m.nan_mismatch ? 2 : m.infinity_mismatch ? 1 : 0; };
        const bool worse = !r.worst.present || severity(here) > severity(r.worst) ||
                           (severity(here) == severity(r.worst) && !here.nan_mismatch && here.ulps > r.worst.ulps);
        if (worse) r.worst = here;
      }
    }
    // Next logical index, row-major.
    for (std::uint32_t d = rank; d-- > 0;) {
      if (++index[d] < sizes[d]) {
        offset += actual_strides[d];
        break;
      }
      offset -= (sizes[d] - 1ull) * actual_strides[d];
      index[d] = 0;
    }
  }
  r.pass = r.mismatches == 0;
  return r;
}

}  // namespace dmlref::oracle
