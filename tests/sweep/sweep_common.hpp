#pragma once
// What dmlref-exp-log-sweep and dmlref-trig-sweep share: the tally of one sweep, the capped
// report of differences, the fast path's distance from golden, the thread pool over chunks,
// the summary lines, the hash behind sampled pairs, both paths over one chunk, and MPFR
// results rounded once to the format. Test-only, like the sweeps.

#include <mpfr.h>

#include <atomic>
#include <cstdint>
#include <cstdio>
#include <mutex>
#include <thread>
#include <type_traits>
#include <vector>

#include "dmlref/dmlref.hpp"
#include "dmlref/oracle/ulp.hpp"

namespace dmlref_sweep {

using dmlref::float16;

template <class T>
auto bits_of(T x) {
  return dmlref::math::bits_of(x);
}

inline bool is_nan32(std::uint32_t b) { return (b & 0x7FFFFFFFu) > 0x7F800000u; }
inline bool is_nan16(std::uint16_t b) { return (b & 0x7FFFu) > 0x7C00u; }

/// The format's bits of d, a value of binary16 or binary32 (or +-0, +-Inf, NaN) held exactly
/// in a double, as MPFR's results are.
template <class T>
auto format_bits(double d) {
  if constexpr (std::is_same_v<T, float16>) {
    return dmlref::math::round_real<float16>(dmlref::math::to_real(d)).bits();
  } else {
    return bits_of(dmlref::math::round_real<float>(dmlref::math::to_real(d)));
  }
}

/// An MPFR number of the given precision, cleared when it goes.
class mpfr_number {
 public:
  explicit mpfr_number(mpfr_prec_t precision) { mpfr_init2(value_, precision); }
  mpfr_number(const mpfr_number&) = delete;
  mpfr_number& operator=(const mpfr_number&) = delete;
  ~mpfr_number() { mpfr_clear(value_); }
  operator mpfr_ptr() { return value_; }
  operator mpfr_srcptr() const { return value_; }
  mpfr_ptr operator->() { return value_; }  // for MPFR's macros (mpfr_nan_p, ...)
  mpfr_srcptr operator->() const { return value_; }

 private:
  mpfr_t value_;
};

/// The double x (an exact value of the formats swept) as a 64-bit MPFR number.
inline void set_exact(mpfr_ptr v, double x) { mpfr_set_d(v, x, MPFR_RNDN); }

/// A value correctly rounded to binary32 or binary16, as T's bits: apply(v) writes it into v
/// at the format's precision (24 or 11) within the format's exponent range (in MPFR's terms,
/// one above IEEE's: binary32 holds 2^-149 .. (2 - 2^-23) 2^127), rounding to nearest, and
/// returns MPFR's ternary value; subnormals are then emulated (mpfr_subnormalize).
template <class T, class Apply>
auto mpfr_rounded(Apply apply) {
  constexpr bool half = std::is_same_v<T, float16>;
  const mpfr_exp_t saved_min = mpfr_get_emin(), saved_max = mpfr_get_emax();
  mpfr_set_emin(half ? -23 : -148);
  mpfr_set_emax(half ? 16 : 128);
  mpfr_number v(half ? 11 : 24);
  mpfr_subnormalize(v, apply(static_cast<mpfr_ptr>(v)), MPFR_RNDN);
  const double d = mpfr_get_d(v, MPFR_RNDN);  // exact: a binary16/32 value, +-0, +-Inf or NaN
  mpfr_set_emin(saved_min);
  mpfr_set_emax(saved_max);
  return format_bits<T>(d);
}

/// wide (a value computed at any precision in MPFR's full exponent range) rounded once to T.
template <class T>
auto mpfr_rounded_from(mpfr_srcptr wide) {
  return mpfr_rounded<T>([&](mpfr_ptr v) { return mpfr_check_range(v, mpfr_set(v, wide, MPFR_RNDN), MPFR_RNDN); });
}

struct tally {
  std::uint64_t inputs = 0;
  std::uint64_t golden_wrong = 0;     // golden differs from the decided correct result
  std::uint64_t reference_wrong = 0;  // the reference differs and MPFR sides with golden
  std::uint64_t fast_worst = 0;
  std::uint64_t fast_nan_mismatch = 0;
  std::mutex lock;
  void merge(const tally& t) {
    std::lock_guard<std::mutex> g(lock);
    inputs += t.inputs;
    golden_wrong += t.golden_wrong;
    reference_wrong += t.reference_wrong;
    fast_worst = t.fast_worst > fast_worst ? t.fast_worst : fast_worst;
    fast_nan_mismatch += t.fast_nan_mismatch;
  }
  /// No golden difference, the fast path within budget and NaN where golden is.
  bool passes(std::uint64_t budget) const {
    return golden_wrong == 0 && fast_worst <= budget && fast_nan_mismatch == 0;
  }
};

/// printf, for the first 40 reports of the run.
template <class... A>
void report(const char* format, A... a) {
  static std::mutex print_lock;
  static int printed = 0;
  std::lock_guard<std::mutex> g(print_lock);
  if (printed++ < 40) std::printf(format, a...);
}

template <class T>
void fast_distance(const T* golden, const T* fast, std::size_t n, tally& t) {
  for (std::size_t k = 0; k < n; ++k) {
    const bool gn = dmlref::oracle::is_nan(golden[k]), fn = dmlref::oracle::is_nan(fast[k]);
    if (gn || fn) {
      if (gn != fn) ++t.fast_nan_mismatch;
      continue;
    }
    const auto d = dmlref::oracle::ulp_distance(golden[k], fast[k]);
    if (d > t.fast_worst) t.fast_worst = d;
  }
}

/// Golden and fast of op over packed inputs (one tensor, or two of the same length) into
/// golden and fast; false, with the failure reported and counted against golden, when either
/// path refuses.
template <class Op, class T, class... In>
bool both_paths(const Op& op, std::vector<T>& golden, std::vector<T>& fast, tally& t, const std::vector<In>&... in) {
  const auto n = static_cast<std::uint32_t>(golden.size());
  auto status = dmlref::compute(dmlref::golden, op, dmlref::make_packed_view(in.data(), {n})...,
                                dmlref::make_packed_view(golden.data(), {n}));
  if (status.ok()) {
    status = dmlref::compute(dmlref::fast, op, dmlref::make_packed_view(in.data(), {n})...,
                             dmlref::make_packed_view(fast.data(), {n}));
  }
  if (status.ok()) return true;
  report("compute failed: %s\n", status.message().c_str());
  t.golden_wrong += n;
  return false;
}

/// Runs body(begin, n, tally) over [0, total) in chunks on the given threads, each thread's
/// tally merged into result.
template <class Body>
void in_parallel(std::uint64_t total, unsigned threads, tally& result, Body body, std::uint64_t chunk = 1u << 16) {
  std::atomic<std::uint64_t> next{0};
  std::vector<std::thread> pool;
  for (unsigned w = 0; w < threads; ++w) {
    pool.emplace_back([&] {
      tally local;
      for (;;) {
        const std::uint64_t begin = next.fetch_add(1) * chunk;
        if (begin >= total) break;
        const std::uint64_t n = total - begin < chunk ? total - begin : chunk;
        body(begin, static_cast<std::size_t>(n), local);
      }
      result.merge(local);
    });
  }
  for (auto& th : pool) th.join();
}

/// The summary lines of a sweep (FLOAT32 and FLOAT16); true when both pass.
inline bool print_tallies(const char* name, const tally& t32, const tally& t16, std::uint64_t stride, double seconds,
                          unsigned threads, std::uint64_t budget32, std::uint64_t budget16, const char* unit) {
  std::printf(
      "%s FLOAT32: %llu %s (stride %llu), golden differences %llu, reference defects %llu; fast worst %llu ULP "
      "(budget %llu), NaN mismatches %llu\n",
      name, static_cast<unsigned long long>(t32.inputs), unit, static_cast<unsigned long long>(stride),
      static_cast<unsigned long long>(t32.golden_wrong), static_cast<unsigned long long>(t32.reference_wrong),
      static_cast<unsigned long long>(t32.fast_worst), static_cast<unsigned long long>(budget32),
      static_cast<unsigned long long>(t32.fast_nan_mismatch));
  std::printf("%s FLOAT16: %llu %s, golden differences %llu; fast worst %llu ULP (budget %llu), NaN mismatches %llu\n",
              name, static_cast<unsigned long long>(t16.inputs), unit, static_cast<unsigned long long>(t16.golden_wrong),
              static_cast<unsigned long long>(t16.fast_worst), static_cast<unsigned long long>(budget16),
              static_cast<unsigned long long>(t16.fast_nan_mismatch));
  std::printf("%s: %.1f s on %u threads\n", name, seconds, threads);
  std::fflush(stdout);
  return t32.passes(budget32) && t16.passes(budget16);
}

/// splitmix64 of j + 1: the bits behind sampled pair j.
inline std::uint64_t hash_of(std::uint64_t j) {
  std::uint64_t z = (j + 1) * 0x9E3779B97F4A7C15u;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
  return z ^ (z >> 31);
}

/// A binary operator on n pairs (a[k], b[k]): golden and fast through dmlref::compute; each
/// defined element's golden judged, FLOAT32 against reference(a, b) (a correctly rounded
/// library) with decide(a, b) (MPFR, on the exact values as doubles) settling a difference,
/// FLOAT16 against decide alone; the fast path's distance from golden.
template <class T, class Op, class Reference, class Decide>
void judge_pairs(const char* name, const Op& op, const std::vector<T>& a, const std::vector<T>& b, Reference reference,
                 Decide decide, tally& t) {
  constexpr bool half = std::is_same_v<T, float16>;
  const std::size_t n = a.size();
  std::vector<T> golden(n), fast(n);
  if (!both_paths(op, golden, fast, t, a, b)) return;
  for (std::size_t k = 0; k < n; ++k) {
    if (!op.defined(a[k], b[k])) continue;
    const double ad = static_cast<double>(dmlref::math::round_real<float>(dmlref::math::to_real(a[k])));
    const double bd = static_cast<double>(dmlref::math::round_real<float>(dmlref::math::to_real(b[k])));
    const auto gb = bits_of(golden[k]);
    if constexpr (half) {
      const std::uint16_t mb = decide(ad, bd);
      if (gb == mb || (is_nan16(gb) && is_nan16(mb))) continue;
      ++t.golden_wrong;
      report("%s FLOAT16 (0x%04x, 0x%04x): GOLDEN 0x%04x WRONG, MPFR 0x%04x\n", name, a[k].bits(), b[k].bits(), gb, mb);
    } else {
      const std::uint32_t rb = bits_of(reference(a[k], b[k]));
      if ((is_nan32(gb) && is_nan32(rb)) || gb == rb) continue;
      const std::uint32_t mb = decide(ad, bd);
      if (gb == mb || (is_nan32(gb) && is_nan32(mb))) {
        ++t.reference_wrong;
        report("%s FLOAT32 (0x%08x, 0x%08x): reference 0x%08x wrong, golden = MPFR = 0x%08x\n", name, bits_of(a[k]),
               bits_of(b[k]), rb, gb);
      } else {
        ++t.golden_wrong;
        report("%s FLOAT32 (0x%08x, 0x%08x): GOLDEN 0x%08x WRONG, MPFR 0x%08x, reference 0x%08x\n", name,
               bits_of(a[k]), bits_of(b[k]), gb, mb, rb);
      }
    }
  }
  fast_distance(golden.data(), fast.data(), n, t);
  t.inputs += n;
}

/// FLOAT16 pair (begin + k) stride: a's bits above, b's below (stride 1: every pair).
inline void float16_pair(std::uint64_t index, float16& a, float16& b) {
  a = float16::from_bits(static_cast<std::uint16_t>(index >> 16));
  b = float16::from_bits(static_cast<std::uint16_t>(index & 0xFFFFu));
}

}  // namespace dmlref_sweep
