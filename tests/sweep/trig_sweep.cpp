// dmlref-trig-sweep: golden ELEMENT_WISE_SIN, COS, TAN, ATAN, ASIN, ACOS, ERF, ATAN_YX and
// ACTIVATION_GELU against
// independent correctly rounded references, on every input (or every stride-th), and the fast
// path's distance from golden. The method is dmlref-exp-log-sweep's (tests/sweep/exp_log_sweep.cpp):
//
//   FLOAT32: every bit pattern u = 0, stride, 2 stride, ... below 2^32. The reference is
//            LLVM's C library (its sinf, cosf, tanf, atanf, asinf, acosf, erff and atan2f are
//            designed to be correctly rounded),
//            called through its versioned C++ namespace; where it and golden differ, GNU MPFR
//            at binary32's precision and exponent range (subnormals emulated) decides. A
//            difference where MPFR sides with golden is a defect of the reference, reported.
//            GELU, which LLVM's C library lacks: a long double candidate x/2 erfc(-x/sqrt 2)
//            (glibc's erfcl) in its place, MPFR deciding every difference; MPFR evaluates
//            x/2 erfc(-x/sqrt 2) at 300 bits (x/sqrt 2 rounded there) and rounds that once.
//   FLOAT16: all 65,536 bit patterns against MPFR at binary16's precision and range.
//   ATAN_YX: pairs. FLOAT32: 2^32 / stride pairs (a, b), pair j's bits from a hash of j (every
//            third pair with b's exponent within 4 of a's), against LLVM's atan2f, MPFR
//            deciding differences; FLOAT16: the pairs a 2^16 + b = 0, stride, 2 stride, ...
//            (stride 1: all 2^32) against MPFR.
//   ATAN_YX hard cases (atan_yx_hard): 2^L further hashed FLOAT32 pairs (L = --hard-search, by
//            default 36 - log2(stride)) ranked by how near their double atan2 lies to a FLOAT32
//            rounding boundary; those within 2^-16 ULP of one judged against MPFR, golden and
//            atan2f alike (search_atan_yx).
//   fast:    the fast path (dmlref::fast, xsimd) on the same inputs: the worst ULP distance
//            from golden, against each operator's fast_ulp_budget.
//
// Usage: dmlref-trig-sweep [--stride N] [--threads N]
//                          [--only sin|cos|tan|atan|asin|acos|erf|atan_yx|gelu|atan_yx_hard]
//                          [--hard-search L]
//        (threads 0: one per
//        hardware thread);  dmlref-trig-sweep --bench 1: one-thread ns per element
// Exit status 0 when golden matches on every input and the fast path is within budget.
// Test-only: golden never calls LLVM's C library or MPFR.

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <string>
#include <thread>
#include <type_traits>
#include <vector>

#include "dmlref/dmlref.hpp"
#include "sweep_common.hpp"

namespace __llvm_libc_19_1_7_ {
float sinf(float);
float cosf(float);
float tanf(float);
float atanf(float);
float asinf(float);
float acosf(float);
float erff(float);
float atan2f(float, float);
}  // namespace __llvm_libc_19_1_7_

namespace {

using namespace dmlref_sweep;

enum class function { sin, cos, tan, atan, asin, acos, erf, atan_yx, gelu };

const char* name_of(function f) {
  switch (f) {
    case function::sin: return "SIN";
    case function::cos: return "COS";
    case function::tan: return "TAN";
    case function::atan: return "ATAN";
    case function::asin: return "ASIN";
    case function::acos: return "ACOS";
    case function::erf: return "ERF";
    case function::atan_yx: return "ATAN_YX";
    case function::gelu: return "GELU";
  }
  return "?";
}

float llvm_reference(function f, float x, float b = 1.0f) {
  switch (f) {
    case function::sin: return __llvm_libc_19_1_7_::sinf(x);
    case function::cos: return __llvm_libc_19_1_7_::cosf(x);
    case function::tan: return __llvm_libc_19_1_7_::tanf(x);
    case function::atan: return __llvm_libc_19_1_7_::atanf(x);
    case function::asin: return __llvm_libc_19_1_7_::asinf(x);
    case function::acos: return __llvm_libc_19_1_7_::acosf(x);
    case function::erf: return __llvm_libc_19_1_7_::erff(x);
    case function::atan_yx: return __llvm_libc_19_1_7_::atan2f(x, b);
    case function::gelu: {
      if (std::isinf(x) && x < 0.0f) return -0.0f;
      const auto v = static_cast<long double>(x);
      long double y = 0.5L * v * std::erfc(-v * 0.707106781186547524400844362104849039L);
      // Below 2^-60, y is x/2 in long double (x^2/sqrt(2 pi) is below its precision), which
      // may be a FLOAT32 midpoint: one step toward the exact value's side of it (above x/2
      // for x > 0, toward 0 for x < 0).
      if (std::fabs(v) < 0x1p-60L) y = std::nextafter(y, x > 0.0f ? 1.0L : 0.0L);
      return static_cast<float>(y);
    }
  }
  return 0.0f;
}

int mpfr_apply(mpfr_ptr v, mpfr_srcptr in, mpfr_srcptr b, function f) {
  switch (f) {
    case function::sin: return mpfr_sin(v, in, MPFR_RNDN);
    case function::cos: return mpfr_cos(v, in, MPFR_RNDN);
    case function::tan: return mpfr_tan(v, in, MPFR_RNDN);
    case function::atan: return mpfr_atan(v, in, MPFR_RNDN);
    case function::asin: return mpfr_asin(v, in, MPFR_RNDN);
    case function::acos: return mpfr_acos(v, in, MPFR_RNDN);
    case function::erf: return mpfr_erf(v, in, MPFR_RNDN);
    case function::atan_yx: return mpfr_atan2(v, in, b, MPFR_RNDN);
    case function::gelu: break;  // mpfr_reference's own branch
  }
  return 0;
}

/// f(x) (atan2(x, b) for ATAN_YX) of exact doubles, correctly rounded to binary32 or
/// binary16, as the format's bits.
template <class T>
auto mpfr_reference(double x, function f, double b = 1.0) {
  mpfr_number in(64), second(64);
  set_exact(in, x);
  set_exact(second, b);
  if (f != function::gelu) return mpfr_rounded<T>([&](mpfr_ptr v) { return mpfr_apply(v, in, second, f); });
  // x/2 erfc(-x/sqrt 2) at 300 bits in MPFR's full exponent range (results near 2^-150 and
  // erfc's tiny values fit), then rounded once.
  mpfr_number wide(300), root(300);
  if (mpfr_inf_p(in) && mpfr_sgn(in) < 0) {
    mpfr_set_zero(wide, -1);  // ACTIVATION_GELU's -Inf: -0, the limit
  } else if (mpfr_inf_p(in) || mpfr_nan_p(in) || mpfr_zero_p(in)) {
    mpfr_set(wide, in, MPFR_RNDN);
  } else {
    mpfr_sqrt_ui(root, 2, MPFR_RNDN);
    mpfr_div(wide, in, root, MPFR_RNDN);
    mpfr_neg(wide, wide, MPFR_RNDN);
    mpfr_erfc(wide, wide, MPFR_RNDN);
    mpfr_mul(wide, wide, in, MPFR_RNDN);
    mpfr_div_2ui(wide, wide, 1, MPFR_RNDN);
  }
  return mpfr_rounded_from<T>(wide);
}

template <class Op>
void float32_chunk(const Op& op, function fn, std::uint64_t first, std::uint64_t stride, std::size_t n, tally& t) {
  std::vector<float> in(n), golden(n), fast(n);
  for (std::size_t k = 0; k < n; ++k) {
    const auto u = static_cast<std::uint32_t>(first + k * stride);
    std::memcpy(&in[k], &u, 4);
  }
  if (!both_paths(op, golden, fast, t, in)) return;
  for (std::size_t k = 0; k < n; ++k) {
    const float x = in[k];
    const float r = llvm_reference(fn, x);
    const std::uint32_t gb = bits_of(golden[k]), rb = bits_of(r);
    if (is_nan32(gb) && is_nan32(rb)) continue;
    if (gb == rb) continue;
    const std::uint32_t mb = mpfr_reference<float>(static_cast<double>(x), fn);
    if (gb == mb || (is_nan32(gb) && is_nan32(mb))) {
      ++t.reference_wrong;
      report("%s FLOAT32 x = %a (0x%08x): reference 0x%08x wrong, golden = MPFR = 0x%08x\n", name_of(fn),
             static_cast<double>(x), bits_of(x), rb, gb);
    } else {
      ++t.golden_wrong;
      report("%s FLOAT32 x = %a (0x%08x): GOLDEN 0x%08x WRONG, MPFR 0x%08x, reference 0x%08x\n", name_of(fn),
             static_cast<double>(x), bits_of(x), gb, mb, rb);
    }
  }
  fast_distance(golden.data(), fast.data(), n, t);
  t.inputs += n;
}

template <class Op>
void float16_all(const Op& op, function fn, tally& t) {
  std::vector<float16> in(65536), golden(65536), fast(65536);
  for (std::uint32_t b = 0; b < 65536; ++b) in[b] = float16::from_bits(static_cast<std::uint16_t>(b));
  if (!both_paths(op, golden, fast, t, in)) return;
  for (std::uint32_t b = 0; b < 65536; ++b) {
    const std::uint16_t gb = golden[b].bits();
    const std::uint16_t mb =
        mpfr_reference<float16>(static_cast<double>(dmlref::math::round_real<float>(dmlref::math::to_real(in[b]))), fn);
    if (gb == mb || (is_nan16(gb) && is_nan16(mb))) continue;
    ++t.golden_wrong;
    report("%s FLOAT16 0x%04x: GOLDEN 0x%04x WRONG, MPFR 0x%04x\n", name_of(fn), b, gb, mb);
  }
  fast_distance(golden.data(), fast.data(), 65536, t);
  t.inputs += 65536;
}

/// Pair j of ATAN_YX's FLOAT32 sample: a's and b's bits from a hash of j (splitmix64); every
/// third pair takes b's exponent within 4 of a's (quotients near 1, every angle).
void float32_pair(std::uint64_t j, std::uint32_t& a, std::uint32_t& b) {
  const std::uint64_t z = hash_of(j);
  a = static_cast<std::uint32_t>(z);
  b = static_cast<std::uint32_t>(z >> 32);
  if (j % 3 == 1) {
    const std::uint32_t exponent = (a >> 23) & 0xFFu;
    const std::uint32_t shifted = (exponent + (b >> 23) % 9u + 251u) % 256u;  // exponent - 4 .. + 4, wrapped
    b = (b & 0x807FFFFFu) | (shifted << 23);
  }
}

/// ATAN_YX on pairs begin .. begin + n (FLOAT32: hashed pairs; FLOAT16: index a 2^16 + b at
/// every stride-th).
template <class T>
void pairs_chunk(function fn, std::uint64_t begin, std::uint64_t stride, std::size_t n, tally& t) {
  std::vector<T> a(n), b(n);
  for (std::size_t k = 0; k < n; ++k) {
    if constexpr (std::is_same_v<T, float16>) {
      float16_pair((begin + k) * stride, a[k], b[k]);
    } else {
      std::uint32_t ab = 0, bb = 0;
      float32_pair(begin + k, ab, bb);
      std::memcpy(&a[k], &ab, 4);
      std::memcpy(&b[k], &bb, 4);
    }
  }
  // atan2(y, x) with y = a (InputTensor) and x = b.
  judge_pairs(name_of(fn), dmlref::ops::atan_yx{}, a, b, [&](float y, float x) { return llvm_reference(fn, y, x); },
              [&](double y, double x) { return mpfr_reference<T>(y, fn, x); }, t);
}

/// ATAN_YX: 2^32 / stride FLOAT32 pairs and 2^32 / stride FLOAT16 pairs.
bool sweep_pairs(std::uint64_t stride, unsigned threads) {
  const auto start = std::chrono::steady_clock::now();
  const std::uint64_t total = ((std::uint64_t{1} << 32) + stride - 1) / stride;
  tally t32, t16;
  in_parallel(total, threads, t32, [&](std::uint64_t begin, std::size_t n, tally& t) {
    pairs_chunk<float>(function::atan_yx, begin, stride, n, t);
  });
  in_parallel(total, threads, t16, [&](std::uint64_t begin, std::size_t n, tally& t) {
    pairs_chunk<float16>(function::atan_yx, begin, stride, n, t);
  });
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  using op = dmlref::ops::atan_yx;
  return print_tallies("ATAN_YX", t32, t16, stride, seconds, threads, op::fast_ulp_budget(dmlref::data_type::float32),
                       op::fast_ulp_budget(dmlref::data_type::float16), "pairs");
}

/// How far d (a finite, nonzero double) lies from the nearest FLOAT32 rounding boundary of
/// round-to-nearest (the midpoint of two neighbouring FLOAT32 values, subnormals included), as
/// a fraction of that FLOAT32 ULP: 0 on a midpoint, 1/2 on a FLOAT32 value.
double boundary_distance(double d) {
  const double m = std::fabs(d);
  const int e = std::max(std::ilogb(m), -126);
  const double q = std::ldexp(m, 23 - e);  // below 2^24, so its fraction is exact
  return std::fabs(q - std::floor(q) - 0.5);
}

/// ATAN_YX's FLOAT32 hard-case search. The pairs j = 2^40 .. 2^40 + 2^log2_pairs (a stream of
/// float32_pair disjoint from the sample's) are ranked by how near their double atan2 (the C
/// library's, accurate to about one double ULP) lies to a FLOAT32 rounding boundary; every
/// pair within 2^-16 of a FLOAT32 ULP of one (about one in 2^15) is judged: golden and LLVM's
/// atan2f each against MPFR, and the fast path's distance from golden. Pairs within 2^-28 are
/// those a double approximation cannot place: the hardest a search of this size finds.
bool search_atan_yx(unsigned log2_pairs, unsigned threads) {
  const auto start = std::chrono::steady_clock::now();
  // Band k counts distances below 2^-(16 + k), down to 2^-29, a double's resolution here;
  // on_boundary counts the pairs whose double atan2 is itself a FLOAT32 midpoint.
  constexpr int bands = 14;
  std::atomic<std::uint64_t> within[bands] = {};
  std::atomic<std::uint64_t> on_boundary{0};
  std::atomic<std::uint64_t> reference_wrong{0};
  std::mutex closest_lock;
  double closest = 1.0;
  std::uint32_t closest_a = 0, closest_b = 0;
  tally t;
  const std::uint64_t total = std::uint64_t{1} << log2_pairs;
  in_parallel(total, threads, t, [&](std::uint64_t begin, std::size_t n, tally& local) {
    std::vector<float> a, b;
    double chunk_closest = 1.0;
    std::uint32_t chunk_a = 0, chunk_b = 0;
    std::uint64_t counts[bands] = {};
    std::uint64_t midpoints = 0;
    for (std::size_t k = 0; k < n; ++k) {
      std::uint32_t ab = 0, bb = 0;
      float32_pair((std::uint64_t{1} << 40) + begin + k, ab, bb);
      float y = 0.0f, x = 0.0f;
      std::memcpy(&y, &ab, 4);
      std::memcpy(&x, &bb, 4);
      const double d = std::atan2(static_cast<double>(y), static_cast<double>(x));
      if (!std::isfinite(d) || d == 0.0) continue;
      const double r = boundary_distance(d);
      if (r >= 0x1p-16) continue;
      for (int band = 0; band < bands && r < std::ldexp(1.0, -16 - band); ++band) ++counts[band];
      if (r == 0.0) ++midpoints;
      if (r < chunk_closest) {
        chunk_closest = r;
        chunk_a = ab;
        chunk_b = bb;
      }
      a.push_back(y);
      b.push_back(x);
    }
    for (int band = 0; band < bands; ++band) within[band] += counts[band];
    on_boundary += midpoints;
    {
      std::lock_guard<std::mutex> g(closest_lock);
      if (chunk_closest < closest) {
        closest = chunk_closest;
        closest_a = chunk_a;
        closest_b = chunk_b;
      }
    }
    if (a.empty()) return;
    const auto m = static_cast<std::uint32_t>(a.size());
    std::vector<float> golden(m), fast(m);
    if (!both_paths(dmlref::ops::atan_yx{}, golden, fast, local, a, b)) return;
    for (std::uint32_t k = 0; k < m; ++k) {
      const std::uint32_t mb =
          mpfr_reference<float>(static_cast<double>(a[k]), function::atan_yx, static_cast<double>(b[k]));
      const std::uint32_t gb = bits_of(golden[k]);
      const std::uint32_t rb = bits_of(llvm_reference(function::atan_yx, a[k], b[k]));
      if (rb != mb) {
        ++reference_wrong;
        report("ATAN_YX FLOAT32 (0x%08x, 0x%08x): atan2f 0x%08x wrong, MPFR 0x%08x\n", bits_of(a[k]), bits_of(b[k]), rb,
               mb);
      }
      if (gb != mb) {
        ++local.golden_wrong;
        report("ATAN_YX FLOAT32 (0x%08x, 0x%08x): GOLDEN 0x%08x WRONG, MPFR 0x%08x\n", bits_of(a[k]), bits_of(b[k]), gb,
               mb);
      }
    }
    fast_distance(golden.data(), fast.data(), m, local);
    local.inputs += m;
  });
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("ATAN_YX FLOAT32 hard-case search: 2^%u hashed pairs (from 2^40), %llu within 2^-16 ULP of a rounding "
              "boundary judged against MPFR: golden differences %llu, atan2f differences %llu; fast worst %llu ULP "
              "(budget %llu), NaN mismatches %llu\n",
              log2_pairs, static_cast<unsigned long long>(t.inputs), static_cast<unsigned long long>(t.golden_wrong),
              static_cast<unsigned long long>(reference_wrong.load()), static_cast<unsigned long long>(t.fast_worst),
              static_cast<unsigned long long>(dmlref::ops::atan_yx::fast_ulp_budget(dmlref::data_type::float32)),
              static_cast<unsigned long long>(t.fast_nan_mismatch));
  for (int band = 0; band < bands; ++band) {
    std::printf("  within 2^-%d ULP: %llu pairs\n", 16 + band, static_cast<unsigned long long>(within[band].load()));
  }
  std::printf("  on a boundary (the double atan2 a FLOAT32 midpoint): %llu pairs\n",
              static_cast<unsigned long long>(on_boundary.load()));
  std::printf("  the closest: (0x%08x, 0x%08x), %s\n", closest_a, closest_b,
              closest == 0.0 ? "on a boundary" : ("2^" + std::to_string(std::log2(closest)) + " ULP from one").c_str());
  std::printf("ATAN_YX hard-case search: %.1f s on %u threads\n", seconds, threads);
  std::fflush(stdout);
  return t.passes(dmlref::ops::atan_yx::fast_ulp_budget(dmlref::data_type::float32));
}

template <class Op>
bool sweep(function fn, std::uint64_t stride, unsigned threads) {
  const Op op{};
  const auto start = std::chrono::steady_clock::now();
  tally t32, t16;
  const std::uint64_t total = ((std::uint64_t{1} << 32) + stride - 1) / stride;
  in_parallel(total, threads, t32,
              [&](std::uint64_t begin, std::size_t n, tally& t) { float32_chunk(op, fn, begin * stride, stride, n, t); });
  float16_all(op, fn, t16);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return print_tallies(name_of(fn), t32, t16, stride, seconds, threads, Op::fast_ulp_budget(dmlref::data_type::float32),
                       Op::fast_ulp_budget(dmlref::data_type::float16), "inputs");
}

/// Single-thread throughput of both paths, ns per element, over 2^16 elements: FLOAT32 on
/// values spread over [-10, 10] and on bit patterns spread over every finite magnitude
/// ("wide": most need the full reduction), FLOAT16 over [-10, 10]. The best of 5 repetitions.
template <class Op, class T>
void bench(function fn, bool wide) {
  const std::size_t n = 1u << 16;
  std::vector<T> in(n), out(n);
  for (std::size_t k = 0; k < n; ++k) {
    const double f = (static_cast<double>((k * 40503u) % n) + 0.5) / static_cast<double>(n);
    if constexpr (std::is_same_v<T, float>) {
      if (wide) {
        const auto u = static_cast<std::uint32_t>(f * 0xFEFFFFFFu);  // both signs, every exponent
        const std::uint32_t bits = (u & 1u) << 31 | ((u >> 1) % 0x7F7FFFFFu);
        std::memcpy(&in[k], &bits, 4);
      } else {
        in[k] = static_cast<float>(-10.0 + 20.0 * f);
      }
    } else {
      in[k] = dmlref::math::round_real<float16>(dmlref::math::to_real(-10.0 + 20.0 * f));
    }
  }
  const auto n32 = static_cast<std::uint32_t>(n);
  auto run = [&](auto path) {
    double best = 1e30;
    for (int rep = 0; rep < 5; ++rep) {
      const auto t0 = std::chrono::steady_clock::now();
      (void)dmlref::compute(path, Op{}, dmlref::make_packed_view(in.data(), {n32}), dmlref::make_packed_view(out.data(), {n32}));
      const double ns = std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - t0).count() / static_cast<double>(n);
      best = ns < best ? ns : best;
    }
    return best;
  };
  const double g = run(dmlref::golden);
  const double f = run(dmlref::fast);
  std::printf("bench %s %s%s: golden %.2f ns/element, fast %.3f ns/element\n", name_of(fn),
              std::is_same_v<T, float> ? "FLOAT32" : "FLOAT16", wide ? " (every magnitude)" : "", g, f);
}

template <class Op>
void bench_all(function fn) {
  bench<Op, float>(fn, false);
  bench<Op, float>(fn, true);
  bench<Op, float16>(fn, false);
}

}  // namespace

int main(int argc, char** argv) {
  std::uint64_t stride = 1;
  unsigned threads = 0;
  std::string only;
  unsigned search_log2 = 0;
  for (int a = 1; a + 1 < argc; a += 2) {
    const std::string flag = argv[a];
    if (flag == "--stride") {
      stride = std::strtoull(argv[a + 1], nullptr, 10);
    } else if (flag == "--threads") {
      threads = static_cast<unsigned>(std::strtoul(argv[a + 1], nullptr, 10));
    } else if (flag == "--bench") {
      bench_all<dmlref::ops::sin>(function::sin);
      bench_all<dmlref::ops::cos>(function::cos);
      bench_all<dmlref::ops::tan>(function::tan);
      bench_all<dmlref::ops::atan>(function::atan);
      bench_all<dmlref::ops::asin>(function::asin);
      bench_all<dmlref::ops::acos>(function::acos);
      bench_all<dmlref::ops::erf>(function::erf);
      bench_all<dmlref::ops::activation_gelu>(function::gelu);
      return 0;
    } else if (flag == "--only") {
      only = argv[a + 1];
    } else if (flag == "--hard-search") {
      search_log2 = static_cast<unsigned>(std::strtoul(argv[a + 1], nullptr, 10));
    } else {
      std::fprintf(stderr,
                   "usage: %s [--stride N] [--threads N] [--only sin|cos|tan|atan|asin|acos|erf|atan_yx|gelu|atan_yx_hard] "
                   "[--hard-search LOG2_PAIRS]\n",
                   argv[0]);
      return 2;
    }
  }
  if (stride == 0) stride = 1;
  if (threads == 0) threads = std::thread::hardware_concurrency();
  if (threads == 0) threads = 1;
  if (search_log2 == 0) search_log2 = static_cast<unsigned>(36 - std::min(36, std::ilogb(static_cast<double>(stride))));
  bool ok = true;
  if (only.empty() || only == "sin") ok = sweep<dmlref::ops::sin>(function::sin, stride, threads) && ok;
  if (only.empty() || only == "cos") ok = sweep<dmlref::ops::cos>(function::cos, stride, threads) && ok;
  if (only.empty() || only == "tan") ok = sweep<dmlref::ops::tan>(function::tan, stride, threads) && ok;
  if (only.empty() || only == "atan") ok = sweep<dmlref::ops::atan>(function::atan, stride, threads) && ok;
  if (only.empty() || only == "asin") ok = sweep<dmlref::ops::asin>(function::asin, stride, threads) && ok;
  if (only.empty() || only == "acos") ok = sweep<dmlref::ops::acos>(function::acos, stride, threads) && ok;
  if (only.empty() || only == "erf") ok = sweep<dmlref::ops::erf>(function::erf, stride, threads) && ok;
  if (only.empty() || only == "atan_yx") ok = sweep_pairs(stride, threads) && ok;
  if (only.empty() || only == "gelu") ok = sweep<dmlref::ops::activation_gelu>(function::gelu, stride, threads) && ok;
  if (only.empty() || only == "atan_yx_hard") ok = search_atan_yx(std::min(search_log2, 48u), threads) && ok;
  std::printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
