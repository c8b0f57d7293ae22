// dmlref-exp-log-sweep: golden ELEMENT_WISE_EXP, ELEMENT_WISE_LOG, ELEMENT_WISE_TANH,
// ACTIVATION_TANH, ACTIVATION_SIGMOID, ELEMENT_WISE_SINH, _COSH, _ASINH, _ACOSH, _ATANH and the
// composite activations (ACTIVATION_ELU, ..., ACTIVATION_SCALED_TANH, ACTIVATION_SWISH) at fixed attribute values, against independent
// correctly rounded references, on every input (or every stride-th), and the fast path's
// distance from golden.
//
//   FLOAT32: every bit pattern u = 0, stride, 2 stride, ... below 2^32. The reference is
//            LLVM's C library (its expf, logf, tanhf, sinhf, coshf, asinhf, acoshf and atanhf
//            are designed to be correctly rounded; SIGMOID and the composite activations,
//            which it lacks: a long double candidate trusted only far from boundaries, as
//            llvm_reference's comment says), called
//            through its versioned C++ namespace; where it and golden differ, GNU MPFR at
//            binary32's precision and exponent range (subnormals emulated) decides. A
//            difference where MPFR sides with golden is a defect of the reference, reported.
//   FLOAT16: all 65,536 bit patterns against MPFR at binary16's precision and range.
//   fast:    the fast path (dmlref::fast, xsimd) on the same inputs: the worst ULP distance
//            from golden, against each operator's fast_ulp_budget.
//   POW:     pairs. FLOAT32: 2^32 / stride pairs (x, y), pair j's bits from a hash of j (two in
//            three aimed at results across FLOAT32's whole range, subnormals included), and
//            the hard-to-round corpus (ops::pow::hard_inputs), against LLVM's powf, MPFR
//            deciding differences; FLOAT16: the pairs x 2^16 + y = 0, stride, 2 stride, ...
//            (stride 1: all 2^32) against MPFR.
//
// Usage: dmlref-exp-log-sweep [--stride N] [--threads N]
//        [--only exp|log|tanh|sigmoid|sinh|cosh|asinh|acosh|atanh|elu|scaled_elu|celu|softplus|
//               parametric_softplus|scaled_tanh|swish|pow]  (threads 0: one per hardware thread);
//        dmlref-exp-log-sweep --bench 1: one-thread ns per element
// Exit status 0 when golden matches on every input and the fast path is within budget.
// Test-only: golden never calls LLVM's C library or MPFR.

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
#include <utility>
#include <vector>

#include "dmlref/dmlref.hpp"
#include "sweep_common.hpp"

namespace __llvm_libc_19_1_7_ {
float expf(float);
float logf(float);
float tanhf(float);
float sinhf(float);
float coshf(float);
float asinhf(float);
float acoshf(float);
float atanhf(float);
float powf(float, float);
}  // namespace __llvm_libc_19_1_7_

namespace {

using namespace dmlref_sweep;

/// The function swept.
enum class function { exp, log, tanh, sigmoid, sinh, cosh, asinh, acosh, atanh, elu, scaled_elu, celu, softplus,
                      parametric_softplus, scaled_tanh, swish };

/// The attribute values of a composite activation's sweep (ELU, CELU: a = Alpha; SCALED_ELU:
/// a = Alpha, b = Gamma; SOFTPLUS: a = Steepness; PARAMETRIC_SOFTPLUS, SCALED_TANH: a = Alpha,
/// b = Beta; SWISH: a = SigmoidInputScale).
struct attributes {
  float a = 1.0f;
  float b = 1.0f;
};

/// Whether LLVM's C library has the function (else a long double candidate stands in).
bool in_llvm(function f) {
  return f == function::exp || f == function::log || f == function::tanh || f == function::sinh || f == function::cosh ||
         f == function::asinh || f == function::acosh || f == function::atanh;
}

/// The long double candidate of a function LLVM's C library lacks: the formula in long double
/// (64-bit significand; glibc's expl and expm1l are within a few units of 2^-64 relatively).
long double candidate(function f, float x, const attributes& at) {
  const auto v = static_cast<long double>(x);
  switch (f) {
    case function::sigmoid: return 1.0L / (1.0L + std::exp(-v));
    case function::elu: return x >= 0.0f ? v : static_cast<long double>(at.a) * std::expm1(v);
    case function::scaled_elu: {
      const auto gamma = static_cast<long double>(at.b);
      if (x > 0.0f) return gamma * v;
      if (x == 0.0f) return gamma * 0.0L;
      return gamma * static_cast<long double>(at.a) * std::expm1(v);
    }
    case function::celu: {
      const auto alpha = static_cast<long double>(at.a);
      if (x > 0.0f) return v;
      if (x == 0.0f) return 0.0L;
      return alpha * std::expm1(v / alpha);
    }
    case function::softplus:
    case function::parametric_softplus: {
      const bool steep = f == function::softplus;
      const long double t = v * static_cast<long double>(steep ? at.a : at.b);  // exact
      const long double l = t > 0.0L ? t + std::log1p(std::exp(-t)) : std::log1p(std::exp(t));
      return steep ? l / static_cast<long double>(at.a) : static_cast<long double>(at.a) * l;
    }
    case function::scaled_tanh: return static_cast<long double>(at.a) * std::tanh(v * static_cast<long double>(at.b));
    case function::swish: return v / (1.0L + std::exp(-v * static_cast<long double>(at.a)));
    default: return v;
  }
}

float llvm_reference(function f, float x, const attributes& at) {
  switch (f) {
    case function::exp: return __llvm_libc_19_1_7_::expf(x);
    case function::log: return __llvm_libc_19_1_7_::logf(x);
    case function::tanh: return __llvm_libc_19_1_7_::tanhf(x);
    case function::sinh: return __llvm_libc_19_1_7_::sinhf(x);
    case function::cosh: return __llvm_libc_19_1_7_::coshf(x);
    case function::asinh: return __llvm_libc_19_1_7_::asinhf(x);
    case function::acosh: return __llvm_libc_19_1_7_::acoshf(x);
    case function::atanh: return __llvm_libc_19_1_7_::atanhf(x);
    default: break;
  }
  // LLVM's C library has none: the long double candidate, rounded to float, is only a
  // candidate: golden is compared with it, and MPFR decides wherever they differ
  // (float32_chunk) and wherever the long double lies within 2^-50 (relatively) of a rounding
  // boundary (trusted).
  return static_cast<float>(candidate(f, x, at));
}

/// Whether a long double value lies farther than 2^-50 of itself from every FLOAT32 rounding
/// boundary, so that rounding it is the correct answer (NaN, zeros and subnormal results:
/// never).
bool trusted(long double s) {
  const long double a = std::fabs(s);
  if (!(a >= 0x1p-126L)) return false;
  int e = 0;
  const long double m = std::frexp(a, &e);
  const long double half_scaled = std::ldexp(m, 24);
  const long double f = half_scaled - std::floor(half_scaled);
  return std::fabs(f - 0.5L) > 0x1p-25L;
}

/// Whether the long double sigmoid of x lies farther than 2^-50 of itself from every FLOAT32
/// rounding boundary, so that rounding it is the correct answer (subnormal results: never).
bool sigmoid_trusted(float x) {
  const long double s = 1.0L / (1.0L + std::exp(-static_cast<long double>(x)));
  if (s >= 1.0L) return true;  // within 2^-64 of 1, far above 1 - 2^-25
  if (!(s >= 0x1p-126L)) return false;
  int e = 0;
  const long double m = std::frexp(s, &e);             // s = m 2^e, m in [1/2, 1)
  const long double half_scaled = std::ldexp(m, 24);   // midpoints where m 2^25 is odd: here at .5
  const long double f = half_scaled - std::floor(half_scaled);
  return std::fabs(f - 0.5L) > 0x1p-25L;  // 2 |f - 1/2| > 2^-24 units of 2^(e-25) >= 2^-50 s
}

/// e^x, ln x, tanh x or an activation of an exact double x, correctly rounded to binary32
/// (precision 24, subnormals emulated) or binary16 (precision 11), as the format's bits. The
/// activations are evaluated at 300 bits, then rounded once to the format (no boundary of
/// the format lies within 2^-300 of these transcendental values, but for exact cases such as
/// x >= 0 in ELU, which the 300-bit value then holds exactly).
/// The MPFR function of an operator that is one function of one real, or null.
using mpfr_function = int (*)(mpfr_ptr, mpfr_srcptr, mpfr_rnd_t);
mpfr_function single_function(function f) {
  switch (f) {
    case function::exp: return mpfr_exp;
    case function::log: return mpfr_log;
    case function::tanh: return mpfr_tanh;
    case function::sinh: return mpfr_sinh;
    case function::cosh: return mpfr_cosh;
    case function::asinh: return mpfr_asinh;
    case function::acosh: return mpfr_acosh;
    case function::atanh: return mpfr_atanh;
    default: return nullptr;
  }
}

template <class T>
auto mpfr_reference(double x, function f, const attributes& at) {
  mpfr_number in(64);
  set_exact(in, x);
  if (const mpfr_function direct = single_function(f)) {
    return mpfr_rounded<T>([&](mpfr_ptr v) { return direct(v, in, MPFR_RNDN); });
  }
  mpfr_number wide(300);
  if (f == function::softplus || f == function::parametric_softplus) {
    // ln(1 + e^t) at 300 bits, t = Steepness x or Beta x (exact); for t > 0 as t + ln(1 + e^-t),
    // rounded away from zero and then nudged one unit of 2^-300 further: the exact value lies
    // strictly beyond C t, which may be a boundary (e^-t may underflow MPFR's range).
    const bool steep = f == function::softplus;
    mpfr_number t_value(300);
    if (mpfr_nan_p(in)) {
      mpfr_set(wide, in, MPFR_RNDN);
    } else {
      mpfr_mul_d(t_value, in, static_cast<double>(steep ? at.a : at.b), MPFR_RNDN);
      const auto scale = [&](mpfr_rnd_t mode) {
        if (steep) {
          mpfr_div_d(wide, wide, static_cast<double>(at.a), mode);
        } else {
          mpfr_mul_d(wide, wide, static_cast<double>(at.a), mode);
        }
      };
      if (mpfr_inf_p(t_value)) {
        if (mpfr_sgn(t_value) > 0) {
          mpfr_set_inf(wide, 1);
        } else {
          mpfr_set_zero(wide, 1);
        }
        scale(MPFR_RNDN);
      } else if (mpfr_sgn(t_value) > 0) {
        mpfr_neg(wide, t_value, MPFR_RNDN);
        mpfr_exp(wide, wide, MPFR_RNDN);
        mpfr_log1p(wide, wide, MPFR_RNDN);
        mpfr_add(wide, wide, t_value, MPFR_RNDA);
        scale(MPFR_RNDA);
        if (mpfr_sgn(wide) > 0) {
          mpfr_nextabove(wide);
        } else {
          mpfr_nextbelow(wide);
        }
      } else {
        mpfr_exp(wide, t_value, MPFR_RNDN);
        mpfr_log1p(wide, wide, MPFR_RNDN);
        scale(MPFR_RNDN);
      }
    }
  } else if (f == function::scaled_tanh) {
    // Alpha tanh(Beta x) at 300 bits, Beta x exact; tanh and the product rounded toward zero,
    // so that for a large Beta x the value stays strictly inside +-Alpha (which may be a
    // boundary), as the exact one does.
    mpfr_mul_d(wide, in, static_cast<double>(at.b), MPFR_RNDN);
    mpfr_tanh(wide, wide, MPFR_RNDZ);
    mpfr_mul_d(wide, wide, static_cast<double>(at.a), MPFR_RNDZ);
  } else if (f == function::swish) {  // x / (1 + e^(-s x)) at 300 bits, s x exact
    mpfr_number denominator(300);
    mpfr_mul_d(denominator, in, -static_cast<double>(at.a), MPFR_RNDN);
    mpfr_exp(denominator, denominator, MPFR_RNDN);
    mpfr_add_ui(denominator, denominator, 1, MPFR_RNDN);
    mpfr_div(wide, in, denominator, MPFR_RNDN);
  } else if (mpfr_nan_p(in) && (f == function::elu || f == function::scaled_elu || f == function::celu)) {
    mpfr_set(wide, in, MPFR_RNDN);
  } else if (f == function::elu) {
    if (x >= 0.0) {
      mpfr_set(wide, in, MPFR_RNDN);
    } else {
      mpfr_expm1(wide, in, MPFR_RNDN);
      mpfr_mul_d(wide, wide, static_cast<double>(at.a), MPFR_RNDN);
    }
  } else if (f == function::scaled_elu) {  // Gamma x; Gamma (+0); Gamma Alpha (e^x - 1)
    if (x > 0.0) {
      mpfr_mul_d(wide, in, static_cast<double>(at.b), MPFR_RNDN);
    } else if (x == 0.0) {
      mpfr_set_zero(wide, at.b < 0.0f ? -1 : 1);
    } else {
      mpfr_expm1(wide, in, MPFR_RNDN);
      mpfr_mul_d(wide, wide, static_cast<double>(at.a), MPFR_RNDN);
      mpfr_mul_d(wide, wide, static_cast<double>(at.b), MPFR_RNDN);
    }
  } else if (f == function::celu) {  // x; +0; Alpha (e^(x/Alpha) - 1)
    if (x > 0.0) {
      mpfr_set(wide, in, MPFR_RNDN);
    } else if (x == 0.0) {
      mpfr_set_zero(wide, 1);
    } else {
      mpfr_div_d(wide, in, static_cast<double>(at.a), MPFR_RNDN);
      mpfr_expm1(wide, wide, MPFR_RNDN);
      mpfr_mul_d(wide, wide, static_cast<double>(at.a), MPFR_RNDN);
    }
  } else {  // SIGMOID: 1 / (1 + e^-x)
    mpfr_neg(in, in, MPFR_RNDN);
    mpfr_exp(wide, in, MPFR_RNDN);
    mpfr_add_ui(wide, wide, 1, MPFR_RNDN);
    mpfr_ui_div(wide, 1, wide, MPFR_RNDN);
  }
  return mpfr_rounded_from<T>(wide);
}

const char* name_of(function f) {
  switch (f) {
    case function::exp: return "EXP";
    case function::log: return "LOG";
    case function::tanh: return "TANH";
    case function::sigmoid: return "SIGMOID";
    case function::sinh: return "SINH";
    case function::cosh: return "COSH";
    case function::asinh: return "ASINH";
    case function::acosh: return "ACOSH";
    case function::atanh: return "ATANH";
    case function::elu: return "ELU";
    case function::scaled_elu: return "SCALED_ELU";
    case function::celu: return "CELU";
    case function::softplus: return "SOFTPLUS";
    case function::parametric_softplus: return "PARAMETRIC_SOFTPLUS";
    case function::scaled_tanh: return "SCALED_TANH";
    case function::swish: return "SWISH";
  }
  return "?";
}

template <class Op>
void float32_chunk(const Op& op, function fn, const attributes& at, std::uint64_t first, std::uint64_t stride,
                   std::size_t n, tally& t) {
  std::vector<float> in(n), golden(n), fast(n);
  for (std::size_t k = 0; k < n; ++k) {
    const auto u = static_cast<std::uint32_t>(first + k * stride);
    std::memcpy(&in[k], &u, 4);
  }
  if (!both_paths(op, golden, fast, t, in)) return;
  for (std::size_t k = 0; k < n; ++k) {
    const float x = in[k];
    const float r = llvm_reference(fn, x, at);
    const std::uint32_t gb = bits_of(golden[k]), rb = bits_of(r);
    if (is_nan32(gb) && is_nan32(rb)) continue;
    if (gb == rb && (in_llvm(fn) || (fn == function::sigmoid ? sigmoid_trusted(x) : trusted(candidate(fn, x, at))))) {
      continue;
    }
    const std::uint32_t mb = mpfr_reference<float>(static_cast<double>(x), fn, at);
    const bool golden_right = gb == mb || (is_nan32(gb) && is_nan32(mb));
    if (golden_right) {
      if (gb != rb) ++t.reference_wrong;
      if (gb == rb) continue;
      report("%s FLOAT32 x = %a (0x%08x): reference 0x%08x wrong, golden = MPFR = 0x%08x\n", name_of(fn),
             static_cast<double>(x), bits_of(x), rb, gb);
    } else {
      ++t.golden_wrong;
      report("%s FLOAT32 x = %a (0x%08x): GOLDEN 0x%08x WRONG, MPFR 0x%08x, reference 0x%08x\n",
             name_of(fn), static_cast<double>(x), bits_of(x), gb, mb, rb);
    }
  }
  fast_distance(golden.data(), fast.data(), n, t);
  t.inputs += n;
}

template <class Op>
void float16_all(const Op& op, function fn, const attributes& at, tally& t) {
  std::vector<float16> in(65536), golden(65536), fast(65536);
  for (std::uint32_t b = 0; b < 65536; ++b) in[b] = float16::from_bits(static_cast<std::uint16_t>(b));
  if (!both_paths(op, golden, fast, t, in)) return;
  for (std::uint32_t b = 0; b < 65536; ++b) {
    const std::uint16_t gb = golden[b].bits();
    const std::uint16_t mb =
        mpfr_reference<float16>(static_cast<double>(dmlref::math::round_real<float>(dmlref::math::to_real(in[b]))), fn, at);
    if (gb == mb || (is_nan16(gb) && is_nan16(mb))) continue;
    ++t.golden_wrong;
    report("%s FLOAT16 0x%04x: GOLDEN 0x%04x WRONG, MPFR 0x%04x\n", name_of(fn), b, gb, mb);
  }
  fast_distance(golden.data(), fast.data(), 65536, t);
  t.inputs += 65536;
}

template <class Op>
bool sweep(const char* name, function fn, std::uint64_t stride, unsigned threads, const Op& op = Op{},
           const attributes& at = {}) {
  const auto start = std::chrono::steady_clock::now();
  tally t32, t16;
  const std::uint64_t total = ((std::uint64_t{1} << 32) + stride - 1) / stride;
  in_parallel(total, threads, t32, [&](std::uint64_t begin, std::size_t n, tally& t) {
    float32_chunk(op, fn, at, begin * stride, stride, n, t);
  });
  float16_all(op, fn, at, t16);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return print_tallies(name, t32, t16, stride, seconds, threads, Op::fast_ulp_budget(dmlref::data_type::float32),
                       Op::fast_ulp_budget(dmlref::data_type::float16), "inputs");
}

/// x^y of exact doubles correctly rounded to binary32 (precision 24, subnormals emulated) or
/// binary16 (precision 11), as the format's bits: MPFR's pow follows C's special cases, as
/// DirectML's POW does.
template <class T>
auto mpfr_pow_reference(double x, double y) {
  mpfr_number base(64), exponent(64);
  set_exact(base, x);
  set_exact(exponent, y);
  return mpfr_rounded<T>([&](mpfr_ptr v) { return mpfr_pow(v, base, exponent, MPFR_RNDN); });
}

/// Pair j of POW's FLOAT32 sample: bits from a hash of j (splitmix64). One pair in three keeps
/// the raw bits (specials, overflow, underflow, negative bases); the others take a positive
/// finite x and y = z / log2 x for z spread over [-160, 140], y's low bits from the hash, so
/// that x^y covers FLOAT32's range, its subnormals and its overflow threshold.
void pow_pair(std::uint64_t j, std::uint32_t& x, std::uint32_t& y) {
  const std::uint64_t z = hash_of(j);
  x = static_cast<std::uint32_t>(z);
  y = static_cast<std::uint32_t>(z >> 32);
  if (j % 3 == 0) return;
  x &= 0x7FFFFFFFu;
  if (x >= 0x7F800000u || x == 0x3F800000u || x == 0) x = 0x3F800001u + (x & 0xFFFFu);  // finite, != 1
  float xf = 0;
  std::memcpy(&xf, &x, 4);
  const double target = -160.0 + 300.0 * static_cast<double>(y >> 8) / 16777216.0;
  const auto yf = static_cast<float>(target / std::log2(static_cast<double>(xf)));
  std::uint32_t yb = 0;
  std::memcpy(&yb, &yf, 4);
  y = (yb & ~0xFFu) | (y & 0xFFu);
}

/// POW on pairs: FLOAT32 pairs begin .. begin + n of the hashed sample (or the corpus's
/// columns when given), FLOAT16 pairs (begin + k) stride as x 2^16 + y.
template <class T>
void pow_chunk(std::uint64_t begin, std::uint64_t stride, std::size_t n, tally& t,
               const std::vector<std::vector<std::uint64_t>>* corpus = nullptr) {
  std::vector<T> x(n), y(n);
  for (std::size_t k = 0; k < n; ++k) {
    if constexpr (std::is_same_v<T, float16>) {
      float16_pair((begin + k) * stride, x[k], y[k]);
    } else {
      std::uint32_t xb = 0, yb = 0;
      if (corpus != nullptr) {
        xb = static_cast<std::uint32_t>((*corpus)[0][begin + k]);
        yb = static_cast<std::uint32_t>((*corpus)[1][begin + k]);
      } else {
        pow_pair(begin + k, xb, yb);
      }
      std::memcpy(&x[k], &xb, 4);
      std::memcpy(&y[k], &yb, 4);
    }
  }
  judge_pairs("POW", dmlref::ops::pow{}, x, y, [](float a, float b) { return __llvm_libc_19_1_7_::powf(a, b); },
              [](double a, double b) { return mpfr_pow_reference<T>(a, b); }, t);
}

/// POW: 2^32 / stride hashed FLOAT32 pairs plus the hard-to-round corpus, and 2^32 / stride
/// FLOAT16 pairs.
bool sweep_pow(std::uint64_t stride, unsigned threads) {
  const auto start = std::chrono::steady_clock::now();
  const std::uint64_t total = ((std::uint64_t{1} << 32) + stride - 1) / stride;
  tally t32, t16, hard;
  const std::uint64_t chunk = 1u << 14;
  in_parallel(total, threads, t32, [&](std::uint64_t begin, std::size_t n, tally& t) { pow_chunk<float>(begin, stride, n, t); }, chunk);
  in_parallel(total, threads, t16, [&](std::uint64_t begin, std::size_t n, tally& t) { pow_chunk<float16>(begin, stride, n, t); }, chunk);
  const auto corpus = dmlref::ops::pow::hard_inputs(dmlref::ops::types_of<float, float, float>());
  pow_chunk<float>(0, 1, corpus[0].size(), hard, &corpus);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const std::uint64_t budget32 = dmlref::ops::pow::fast_ulp_budget(dmlref::data_type::float32);
  const std::uint64_t budget16 = dmlref::ops::pow::fast_ulp_budget(dmlref::data_type::float16);
  std::printf(
      "POW FLOAT32 hard-to-round corpus: %llu pairs, golden differences %llu, reference defects %llu; fast worst %llu "
      "ULP, NaN mismatches %llu\n",
      static_cast<unsigned long long>(hard.inputs), static_cast<unsigned long long>(hard.golden_wrong),
      static_cast<unsigned long long>(hard.reference_wrong), static_cast<unsigned long long>(hard.fast_worst),
      static_cast<unsigned long long>(hard.fast_nan_mismatch));
  return print_tallies("POW", t32, t16, stride, seconds, threads, budget32, budget16, "pairs") && hard.passes(budget32);
}

/// Single-thread throughput of both paths, ns per element, over 2^16 elements: EXP on values
/// spread over [-100, 88] (FLOAT16: [-16, 11]), LOG on positive normal bit patterns spread
/// evenly, TANH, SIGMOID, SINH, COSH and ASINH over [-10, 10], ACOSH over [1, 100], ATANH
/// over (-1, 1). The best of 5 repetitions.
template <class Op, class T>
void bench(const char* name, function fn) {
  const std::size_t n = 1u << 16;
  std::vector<T> in(n), out(n);
  for (std::size_t k = 0; k < n; ++k) {
    const double f = (static_cast<double>((k * 40503u) % n) + 0.5) / static_cast<double>(n);
    if (fn == function::acosh || fn == function::atanh) {
      const double v = fn == function::acosh ? 1.0 + 99.0 * f : -1.0 + 2.0 * f;
      in[k] = dmlref::math::round_real<T>(dmlref::math::to_real(v));
      continue;
    }
    if constexpr (std::is_same_v<T, float>) {
      if (fn == function::exp) {
        in[k] = static_cast<float>(-100.0 + 188.0 * f);
      } else if (fn != function::log) {
        in[k] = static_cast<float>(-10.0 + 20.0 * f);
      } else {
        const auto u = static_cast<std::uint32_t>(0x00800000u + f * (0x7F7FFFFFu - 0x00800000u));
        std::memcpy(&in[k], &u, 4);
      }
    } else {
      in[k] = fn == function::exp    ? dmlref::math::round_real<float16>(dmlref::math::to_real(-16.0 + 27.0 * f))
              : fn != function::log ? dmlref::math::round_real<float16>(dmlref::math::to_real(-10.0 + 20.0 * f))
                                     : float16::from_bits(static_cast<std::uint16_t>(0x0400u + f * (0x7BFFu - 0x0400u)));
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
  std::printf("bench %s %s: golden %.2f ns/element, fast %.3f ns/element\n", name,
              std::is_same_v<T, float> ? "FLOAT32" : "FLOAT16", g, f);
}

}  // namespace

int main(int argc, char** argv) {
  std::uint64_t stride = 1;
  unsigned threads = 0;
  std::string only;
  for (int a = 1; a + 1 < argc; a += 2) {
    const std::string flag = argv[a];
    if (flag == "--stride") {
      stride = std::strtoull(argv[a + 1], nullptr, 10);
    } else if (flag == "--threads") {
      threads = static_cast<unsigned>(std::strtoul(argv[a + 1], nullptr, 10));
    } else if (flag == "--bench") {
      bench<dmlref::ops::exp, float>("EXP", function::exp);
      bench<dmlref::ops::exp, float16>("EXP", function::exp);
      bench<dmlref::ops::log, float>("LOG", function::log);
      bench<dmlref::ops::log, float16>("LOG", function::log);
      bench<dmlref::ops::tanh, float>("TANH", function::tanh);
      bench<dmlref::ops::tanh, float16>("TANH", function::tanh);
      bench<dmlref::ops::activation_sigmoid, float>("SIGMOID", function::sigmoid);
      bench<dmlref::ops::activation_sigmoid, float16>("SIGMOID", function::sigmoid);
      bench<dmlref::ops::sinh, float>("SINH", function::sinh);
      bench<dmlref::ops::sinh, float16>("SINH", function::sinh);
      bench<dmlref::ops::cosh, float>("COSH", function::cosh);
      bench<dmlref::ops::cosh, float16>("COSH", function::cosh);
      bench<dmlref::ops::asinh, float>("ASINH", function::asinh);
      bench<dmlref::ops::asinh, float16>("ASINH", function::asinh);
      bench<dmlref::ops::acosh, float>("ACOSH", function::acosh);
      bench<dmlref::ops::acosh, float16>("ACOSH", function::acosh);
      bench<dmlref::ops::atanh, float>("ATANH", function::atanh);
      bench<dmlref::ops::atanh, float16>("ATANH", function::atanh);
      bench<dmlref::ops::activation_elu, float>("ELU", function::elu);
      bench<dmlref::ops::activation_elu, float16>("ELU", function::elu);
      bench<dmlref::ops::activation_scaled_elu, float>("SCALED_ELU", function::scaled_elu);
      bench<dmlref::ops::activation_scaled_elu, float16>("SCALED_ELU", function::scaled_elu);
      bench<dmlref::ops::activation_celu, float>("CELU", function::celu);
      bench<dmlref::ops::activation_celu, float16>("CELU", function::celu);
      bench<dmlref::ops::activation_softplus, float>("SOFTPLUS", function::softplus);
      bench<dmlref::ops::activation_softplus, float16>("SOFTPLUS", function::softplus);
      bench<dmlref::ops::activation_parametric_softplus, float>("PARAMETRIC_SOFTPLUS", function::parametric_softplus);
      bench<dmlref::ops::activation_parametric_softplus, float16>("PARAMETRIC_SOFTPLUS", function::parametric_softplus);
      bench<dmlref::ops::activation_scaled_tanh, float>("SCALED_TANH", function::scaled_tanh);
      bench<dmlref::ops::activation_scaled_tanh, float16>("SCALED_TANH", function::scaled_tanh);
      bench<dmlref::ops::activation_swish, float>("SWISH", function::swish);
      bench<dmlref::ops::activation_swish, float16>("SWISH", function::swish);
      return 0;
    } else if (flag == "--only") {
      only = argv[a + 1];
    } else {
      std::fprintf(stderr,
                   "usage: %s [--stride N] [--threads N] "
                   "[--only exp|log|tanh|sigmoid|sinh|cosh|asinh|acosh|atanh|elu|scaled_elu|celu|softplus|"
                   "parametric_softplus|scaled_tanh|swish|pow]\n",
                   argv[0]);
      return 2;
    }
  }
  if (stride == 0) stride = 1;
  if (threads == 0) threads = std::thread::hardware_concurrency();
  if (threads == 0) threads = 1;
  bool ok = true;
  if (only.empty() || only == "exp") ok = sweep<dmlref::ops::exp>("EXP", function::exp, stride, threads) && ok;
  if (only.empty() || only == "log") ok = sweep<dmlref::ops::log>("LOG", function::log, stride, threads) && ok;
  if (only.empty() || only == "tanh") {
    ok = sweep<dmlref::ops::tanh>("TANH", function::tanh, stride, threads) && ok;
    ok = sweep<dmlref::ops::activation_tanh>("ACTIVATION_TANH", function::tanh, stride, threads) && ok;
  }
  if (only.empty() || only == "sigmoid") {
    ok = sweep<dmlref::ops::activation_sigmoid>("ACTIVATION_SIGMOID", function::sigmoid, stride, threads) && ok;
  }
  if (only.empty() || only == "sinh") ok = sweep("SINH", function::sinh, stride, threads, dmlref::ops::sinh{}, {}) && ok;
  if (only.empty() || only == "cosh") ok = sweep("COSH", function::cosh, stride, threads, dmlref::ops::cosh{}, {}) && ok;
  if (only.empty() || only == "asinh") ok = sweep("ASINH", function::asinh, stride, threads, dmlref::ops::asinh{}, {}) && ok;
  if (only.empty() || only == "acosh") ok = sweep("ACOSH", function::acosh, stride, threads, dmlref::ops::acosh{}, {}) && ok;
  if (only.empty() || only == "atanh") ok = sweep("ATANH", function::atanh, stride, threads, dmlref::ops::atanh{}, {}) && ok;
  if (only.empty() || only == "elu") {
    // Alpha = 1 (e^x - 1 itself) and SCALED_ELU's usual Alpha (products on midpoints possible).
    for (const float alpha : {1.0f, 1.6732632f}) {
      const std::string name = "ACTIVATION_ELU Alpha=" + std::to_string(alpha);
      ok = sweep(name.c_str(), function::elu, stride, threads, dmlref::ops::activation_elu{{}, alpha}, {alpha, 1.0f}) && ok;
    }
  }
  if (only.empty() || only == "scaled_elu") {  // the usual SELU constants
    const float alpha = 1.6732632f, gamma = 1.0507009f;
    ok = sweep("ACTIVATION_SCALED_ELU Alpha=1.6732632 Gamma=1.0507009", function::scaled_elu, stride, threads,
               dmlref::ops::activation_scaled_elu{{}, alpha, gamma}, {alpha, gamma}) &&
         ok;
  }
  if (only.empty() || only == "celu") {
    // Alpha = 1 (ELU's values) and 3 (x / Alpha not dyadic).
    for (const float alpha : {1.0f, 3.0f}) {
      const std::string name = "ACTIVATION_CELU Alpha=" + std::to_string(alpha);
      ok = sweep(name.c_str(), function::celu, stride, threads, dmlref::ops::activation_celu{{}, alpha}, {alpha, 1.0f}) && ok;
    }
  }
  if (only.empty() || only == "softplus") {
    // Steepness 1 and 3 (t = 3x).
    for (const float steepness : {1.0f, 3.0f}) {
      const std::string name = "ACTIVATION_SOFTPLUS Steepness=" + std::to_string(steepness);
      ok = sweep(name.c_str(), function::softplus, stride, threads, dmlref::ops::activation_softplus{{}, steepness},
                 {steepness, 1.0f}) &&
           ok;
    }
  }
  if (only.empty() || only == "parametric_softplus") {
    // Alpha 1.5, Beta 0.75: Alpha Beta x lands on midpoints where t >= 128.
    const float alpha = 1.5f, beta = 0.75f;
    ok = sweep("ACTIVATION_PARAMETRIC_SOFTPLUS Alpha=1.5 Beta=0.75", function::parametric_softplus, stride, threads,
               dmlref::ops::activation_parametric_softplus{{}, alpha, beta}, {alpha, beta}) &&
         ok;
  }
  if (only.empty() || only == "scaled_tanh") {
    // DirectML's typical Alpha 1, Beta 0.5, and 1.7159, 0.6666667 (products not dyadic).
    for (const auto& [alpha, beta] : {std::pair{1.0f, 0.5f}, std::pair{1.7159f, 0.6666667f}}) {
      const std::string name = "ACTIVATION_SCALED_TANH Alpha=" + std::to_string(alpha) + " Beta=" + std::to_string(beta);
      ok = sweep(name.c_str(), function::scaled_tanh, stride, threads, dmlref::ops::activation_scaled_tanh{{}, alpha, beta},
                 {alpha, beta}) &&
           ok;
    }
  }
  if (only.empty() || only == "swish") {
    // DirectML's typical SigmoidInputScale 1, and 1.702 (products not dyadic).
    for (const float scale : {1.0f, 1.702f}) {
      const std::string name = "ACTIVATION_SWISH SigmoidInputScale=" + std::to_string(scale);
      ok = sweep(name.c_str(), function::swish, stride, threads, dmlref::ops::activation_swish{{}, scale}, {scale, 1.0f}) && ok;
    }
  }
  if (only.empty() || only == "pow") ok = sweep_pow(stride, threads) && ok;
  std::printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
