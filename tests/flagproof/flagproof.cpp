// Golden results under the consumer's compiler flags: this program computes golden outputs
// of SIGN, POW, CONSTANT_POW, DEQUANTIZE_LINEAR, QUANTIZE_LINEAR, the exponential family
// (EXP, LOG, TANH, SIGMOID, ELU, CELU, SCALED_ELU, SOFTPLUS, PARAMETRIC_SOFTPLUS, SCALED_TANH,
// SWISH), the
// hyperbolic functions (SINH, COSH, ASINH, ACOSH, ATANH), SIN, COS, TAN, ATAN, ASIN, ACOS,
// ATAN_YX, ERF and GELU, whose golden does the most arithmetic, over a fixed set of
// inputs (IEEE special values, subnormals, values near rounding boundaries, ordinary values)
// through the typed API, and prints them as hex, one line per block. scripts/flagproof.sh
// builds it under -O0, -O2, -O3 -march=native, -ffast-math and -ffp-contract=fast (and their
// combination) and requires every build's output to be the same bytes.
//
// The exponents of CONSTANT_POW are literals at the call sites, so an optimiser that
// propagates them into the library's arithmetic has the chance to do so.
//
// An optional argument runs the golden computations in another floating-point environment
// (the inputs are computed before it is set): upward, downward, towardzero (the rounding
// modes of <cfenv>), or ftz (the SSE flush-to-zero and denormals-are-zero modes, as a
// -ffast-math executable sets them). The output must not change.

#include <cfenv>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include <dmlref/api/compute.hpp>
#include <dmlref/api/operators.hpp>
#include <dmlref/ops/acos.hpp>
#include <dmlref/ops/acosh.hpp>
#include <dmlref/ops/activation_celu.hpp>
#include <dmlref/ops/activation_elu.hpp>
#include <dmlref/ops/activation_gelu.hpp>
#include <dmlref/ops/activation_parametric_softplus.hpp>
#include <dmlref/ops/activation_scaled_elu.hpp>
#include <dmlref/ops/activation_scaled_tanh.hpp>
#include <dmlref/ops/activation_sigmoid.hpp>
#include <dmlref/ops/activation_softplus.hpp>
#include <dmlref/ops/activation_swish.hpp>
#include <dmlref/ops/activation_tanh.hpp>
#include <dmlref/ops/asin.hpp>
#include <dmlref/ops/asinh.hpp>
#include <dmlref/ops/atan.hpp>
#include <dmlref/ops/atan_yx.hpp>
#include <dmlref/ops/atanh.hpp>
#include <dmlref/ops/cos.hpp>
#include <dmlref/ops/cosh.hpp>
#include <dmlref/ops/erf.hpp>
#include <dmlref/ops/exp.hpp>
#include <dmlref/ops/log.hpp>
#include <dmlref/ops/sin.hpp>
#include <dmlref/ops/sinh.hpp>
#include <dmlref/ops/tan.hpp>
#include <dmlref/ops/tanh.hpp>

#if defined(__SSE2__) || defined(_M_X64)
#include <xmmintrin.h>
#endif

namespace {

using dmlref::float16;

std::uint32_t bits(float f) {
  std::uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}
float from_bits(std::uint32_t u) {
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}

/// FLOAT32 inputs: specials, subnormals, boundaries, and a deterministic spread of patterns.
std::vector<float> float_inputs() {
  const std::uint32_t special[] = {0x00000000, 0x80000000, 0x7F800000, 0xFF800000, 0x7FC00000, 0xFFC00001,
                                   0x7F800001, 0x00000001, 0x80000001, 0x007FFFFF, 0x00800000, 0x7F7FFFFF,
                                   0xFF7FFFFF, 0x3F800000, 0xBF800000, 0x3F7FFFFF, 0x3F800001, 0x40000000,
                                   0xC0000000, 0x3F000000, 0x40490FDB, 0x3DCCCCCD, 0x4B000001, 0xCB7FFFFF,
                                   0x3EAAAAAB, 0x42C80000, 0xC2C80000, 0x33800000, 0x1F800000, 0x5F000000};
  std::vector<float> v;
  for (auto b : special) v.push_back(from_bits(b));
  std::uint32_t x = 12345;
  for (int k = 0; k < 90; ++k) {  // a linear congruential walk over bit patterns
    x = x * 1664525u + 1013904223u;
    v.push_back(from_bits(x));
  }
  for (int k = -20; k <= 20; ++k) v.push_back(static_cast<float>(k) * 0.75f);
  return v;
}

/// Exponents for POW: specials, small integers, halves, thirds, large values.
std::vector<float> float_exponents() {
  const std::uint32_t special[] = {0x00000000, 0x80000000, 0x7F800000, 0xFF800000, 0x7FC00000, 0x3F800000,
                                   0xBF800000, 0x3F000000, 0xBF000000, 0x3EAAAAAB, 0x400CCCCD, 0x447A0000,
                                   0xC47A0000, 0x461C4000, 0x4B000001, 0x00000001};
  std::vector<float> v;
  for (auto b : special) v.push_back(from_bits(b));
  for (int k = -6; k <= 6; ++k) v.push_back(static_cast<float>(k));
  for (int k = -5; k <= 5; ++k) v.push_back(static_cast<float>(k) * 0.37f);
  return v;
}

std::string line;
void put(std::uint64_t value, int digits) {
  char text[24];
  std::snprintf(text, sizeof text, " %0*llx", digits, static_cast<unsigned long long>(value));
  line += text;
}
void flush(const char* name) {
  std::printf("%s:%s\n", name, line.c_str());
  line.clear();
}

void out(const std::vector<float>& v) {
  for (float f : v) put(bits(f), 8);
}
void out(const std::vector<float16>& v) {
  for (float16 h : v) put(h.bits(), 4);
}
template <class T>
void out(const std::vector<T>& v) {
  for (T x : v) put(static_cast<std::uint64_t>(x) & ((std::uint64_t{1} << (8 * sizeof(T) - 1) << 1) - 1), 2 * sizeof(T));
}

/// FLOAT16 inputs converted without the target's F16C instructions, so that the inputs
/// themselves never depend on the flags.
std::vector<float16> as_half(const std::vector<float>& v) {
  std::vector<float16> r;
  for (float f : v) r.push_back(float16::from_bits(dmlref::detail::portable_float_to_half_bits(bits(f))));
  return r;
}

void must(const dmlref::status& s) {
  if (!s.ok()) {
    std::fprintf(stderr, "flagproof: %s\n", s.message().c_str());
    std::exit(1);
  }
}

template <class T>
void unary_blocks(const char* type, const std::vector<T>& x) {
  using dmlref::golden;
  const std::uint32_t n[] = {static_cast<std::uint32_t>(x.size())};
  std::vector<T> y(x.size());
  const auto in = dmlref::make_packed_view(x.data(), n);
  const auto o = dmlref::make_packed_view(y.data(), n);
  const std::vector<T> x_reversed(x.rbegin(), x.rend());  // ATAN_YX's second input
  const auto reversed = dmlref::make_packed_view(x_reversed.data(), n);
  auto block = [&](const char* name, const dmlref::status& s) {
    must(s);
    out(y);
    flush((std::string(name) + " " + type).c_str());
  };
  block("SIGN", dmlref::sign(golden, in, o));
  block("CONSTANT_POW 2", dmlref::constant_pow(golden, in, o, 2.0f));
  block("CONSTANT_POW 3", dmlref::constant_pow(golden, in, o, 3.0f));
  block("CONSTANT_POW 0.5", dmlref::constant_pow(golden, in, o, 0.5f));
  block("CONSTANT_POW -1", dmlref::constant_pow(golden, in, o, -1.0f));
  block("CONSTANT_POW 2.2", dmlref::constant_pow(golden, in, o, 2.2f));
  block("CONSTANT_POW 1/3", dmlref::constant_pow(golden, in, o, 1.0f / 3.0f));
  block("CONSTANT_POW 1000", dmlref::constant_pow(golden, in, o, 1000.0f));
  block("CONSTANT_POW -7.5", dmlref::constant_pow(golden, in, o, -7.5f));
  block("CONSTANT_POW 2.2 ScaleBias", dmlref::constant_pow(golden, in, o, 2.2f, dmlref::scale_bias{1.5f, -0.25f}));
  block("EXP", dmlref::compute(golden, dmlref::ops::exp{}, in, o));
  block("EXP ScaleBias", dmlref::compute(golden, dmlref::ops::exp{{}, dmlref::scale_bias{1.5f, -0.25f}}, in, o));
  block("LOG", dmlref::compute(golden, dmlref::ops::log{}, in, o));
  block("LOG ScaleBias", dmlref::compute(golden, dmlref::ops::log{{}, dmlref::scale_bias{1.5f, 0.25f}}, in, o));
  block("TANH", dmlref::compute(golden, dmlref::ops::tanh{}, in, o));
  block("TANH ScaleBias", dmlref::compute(golden, dmlref::ops::tanh{{}, dmlref::scale_bias{1.5f, 0.25f}}, in, o));
  block("ACTIVATION_TANH", dmlref::compute(golden, dmlref::ops::activation_tanh{}, in, o));
  block("ACTIVATION_SIGMOID", dmlref::compute(golden, dmlref::ops::activation_sigmoid{}, in, o));
  block("ACTIVATION_ELU", dmlref::compute(golden, dmlref::ops::activation_elu{}, in, o));
  block("ACTIVATION_ELU 1.5", dmlref::compute(golden, dmlref::ops::activation_elu{{}, 1.5f}, in, o));
  block("ACTIVATION_CELU 3", dmlref::compute(golden, dmlref::ops::activation_celu{{}, 3.0f}, in, o));
  block("ACTIVATION_CELU -0.75", dmlref::compute(golden, dmlref::ops::activation_celu{{}, -0.75f}, in, o));
  block("ACTIVATION_SCALED_ELU", dmlref::compute(golden, dmlref::ops::activation_scaled_elu{}, in, o));
  block("ACTIVATION_SOFTPLUS", dmlref::compute(golden, dmlref::ops::activation_softplus{}, in, o));
  block("ACTIVATION_SOFTPLUS 3", dmlref::compute(golden, dmlref::ops::activation_softplus{{}, 3.0f}, in, o));
  block("ACTIVATION_PARAMETRIC_SOFTPLUS",
        dmlref::compute(golden, dmlref::ops::activation_parametric_softplus{{}, 1.5f, 0.75f}, in, o));
  block("ACTIVATION_SCALED_TANH", dmlref::compute(golden, dmlref::ops::activation_scaled_tanh{{}, 1.7159f, 0.6666667f}, in, o));
  block("ACTIVATION_SWISH", dmlref::compute(golden, dmlref::ops::activation_swish{}, in, o));
  block("ACTIVATION_SWISH 1.702", dmlref::compute(golden, dmlref::ops::activation_swish{{}, 1.702f}, in, o));
  block("SIN", dmlref::compute(golden, dmlref::ops::sin{}, in, o));
  block("SIN ScaleBias", dmlref::compute(golden, dmlref::ops::sin{{}, dmlref::scale_bias{1.5f, -0.25f}}, in, o));
  block("COS", dmlref::compute(golden, dmlref::ops::cos{}, in, o));
  block("COS ScaleBias", dmlref::compute(golden, dmlref::ops::cos{{}, dmlref::scale_bias{1.5f, 0.25f}}, in, o));
  block("ERF", dmlref::compute(golden, dmlref::ops::erf{}, in, o));
  block("ERF ScaleBias", dmlref::compute(golden, dmlref::ops::erf{{}, dmlref::scale_bias{1.5f, -0.25f}}, in, o));
  block("ACTIVATION_GELU", dmlref::compute(golden, dmlref::ops::activation_gelu{}, in, o));
  block("SINH", dmlref::compute(golden, dmlref::ops::sinh{}, in, o));
  block("SINH ScaleBias", dmlref::compute(golden, dmlref::ops::sinh{{}, dmlref::scale_bias{1.5f, -0.25f}}, in, o));
  block("COSH", dmlref::compute(golden, dmlref::ops::cosh{}, in, o));
  block("COSH ScaleBias", dmlref::compute(golden, dmlref::ops::cosh{{}, dmlref::scale_bias{1.5f, 0.25f}}, in, o));
  block("ASINH", dmlref::compute(golden, dmlref::ops::asinh{}, in, o));
  block("ASINH ScaleBias", dmlref::compute(golden, dmlref::ops::asinh{{}, dmlref::scale_bias{1.5f, -0.25f}}, in, o));
  block("ACOSH", dmlref::compute(golden, dmlref::ops::acosh{}, in, o));
  block("ACOSH ScaleBias", dmlref::compute(golden, dmlref::ops::acosh{{}, dmlref::scale_bias{1.5f, 1.25f}}, in, o));
  block("ATANH", dmlref::compute(golden, dmlref::ops::atanh{}, in, o));
  block("ATANH ScaleBias", dmlref::compute(golden, dmlref::ops::atanh{{}, dmlref::scale_bias{0.5f, -0.25f}}, in, o));
  block("TAN", dmlref::compute(golden, dmlref::ops::tan{}, in, o));
  block("TAN ScaleBias", dmlref::compute(golden, dmlref::ops::tan{{}, dmlref::scale_bias{1.5f, -0.25f}}, in, o));
  block("ATAN", dmlref::compute(golden, dmlref::ops::atan{}, in, o));
  block("ATAN ScaleBias", dmlref::compute(golden, dmlref::ops::atan{{}, dmlref::scale_bias{1.5f, -0.25f}}, in, o));
  block("ASIN", dmlref::compute(golden, dmlref::ops::asin{}, in, o));
  block("ASIN ScaleBias", dmlref::compute(golden, dmlref::ops::asin{{}, dmlref::scale_bias{0.5f, -0.25f}}, in, o));
  block("ACOS", dmlref::compute(golden, dmlref::ops::acos{}, in, o));
  block("ACOS ScaleBias", dmlref::compute(golden, dmlref::ops::acos{{}, dmlref::scale_bias{0.5f, 0.25f}}, in, o));
  block("ATAN_YX", dmlref::compute(golden, dmlref::ops::atan_yx{}, in, reversed, o));
}

template <class T, class E>
void pow_block(const char* name, const std::vector<T>& base, const std::vector<E>& exponent,
               std::optional<dmlref::scale_bias> sb = std::nullopt) {
  // Every pair: the base along rows, the exponent along columns (both broadcast).
  const std::uint32_t sizes[] = {static_cast<std::uint32_t>(base.size()), static_cast<std::uint32_t>(exponent.size())};
  const std::uint32_t base_strides[] = {1, 0}, exponent_strides[] = {0, 1};
  std::vector<T> y(base.size() * exponent.size());
  must(dmlref::pow(dmlref::golden, dmlref::make_strided_view(base.data(), sizes, base_strides),
                   dmlref::make_strided_view(exponent.data(), sizes, exponent_strides),
                   dmlref::make_packed_view(y.data(), sizes), sb));
  out(y);
  flush(name);
}

/// y[i, j] = linear(x[i], scale[j], zero) over the cross product of x and scale: the shared
/// shape of the quantize pair's blocks (linear: dmlref's operator with its path bound).
template <class Out, class In, class S, class Zero, class Linear>
void linear_block(const char* name, const std::vector<In>& x, const std::vector<S>& scale, const Zero& zero,
                  Linear&& linear) {
  const std::uint32_t sizes[] = {static_cast<std::uint32_t>(x.size()), static_cast<std::uint32_t>(scale.size())};
  const std::uint32_t x_strides[] = {1, 0}, scale_strides[] = {0, 1}, zero_strides[] = {0, 0};
  std::vector<Out> y(x.size() * scale.size());
  must(linear(dmlref::make_strided_view(x.data(), sizes, x_strides),
              dmlref::make_strided_view(scale.data(), sizes, scale_strides),
              dmlref::make_strided_view(&zero, sizes, zero_strides), dmlref::make_packed_view(y.data(), sizes)));
  out(y);
  flush(name);
}

template <class In, class S>
void dequantize_block(const char* name, const std::vector<In>& x, const std::vector<S>& scale, In zero) {
  linear_block<S>(name, x, scale, zero,
                  [](const auto&... views) { return dmlref::dequantize_linear(dmlref::golden, views...); });
}

template <class In, class S, class Out>
void quantize_block(const char* name, const std::vector<In>& x, const std::vector<S>& scale, Out zero) {
  linear_block<Out>(name, x, scale, zero,
                    [](const auto&... views) { return dmlref::quantize_linear(dmlref::golden, views...); });
}

/// Sets the floating-point environment named by the argument; false for an unknown name.
bool set_environment(const std::string& name) {
  if (name == "nearest") return std::fesetround(FE_TONEAREST) == 0;
  if (name == "upward") return std::fesetround(FE_UPWARD) == 0;
  if (name == "downward") return std::fesetround(FE_DOWNWARD) == 0;
  if (name == "towardzero") return std::fesetround(FE_TOWARDZERO) == 0;
#if defined(__SSE2__) || defined(_M_X64)
  if (name == "ftz") {
    _mm_setcsr(_mm_getcsr() | (1u << 15) | (1u << 6));  // flush-to-zero, denormals-are-zero
    return true;
  }
#endif
  return false;
}

}  // namespace

int main(int argc, char** argv) {
  const auto x = float_inputs();
  const auto e = float_exponents();
  if (argc > 1 && !set_environment(argv[1])) {
    std::fprintf(stderr, "flagproof: unknown environment %s (nearest, upward, downward, towardzero, ftz)\n", argv[1]);
    return 2;
  }
  unary_blocks<float>("FLOAT32", x);
  unary_blocks<float16>("FLOAT16", as_half(x));
  {
    std::vector<std::int32_t> i;
    for (int k = -40; k <= 40; ++k) i.push_back(k * 37);
    i.push_back(INT32_MIN);
    i.push_back(INT32_MAX);
    const std::uint32_t n[] = {static_cast<std::uint32_t>(i.size())};
    std::vector<std::int32_t> y(i.size());
    must(dmlref::sign(dmlref::golden, dmlref::make_packed_view(i.data(), n), dmlref::make_packed_view(y.data(), n)));
    out(y);
    flush("SIGN INT32");
  }
  pow_block("POW FLOAT32^FLOAT32", x, e);
  pow_block("POW FLOAT32^FLOAT32 ScaleBias", x, e, dmlref::scale_bias{0.75f, 0.5f});
  pow_block("POW FLOAT16^FLOAT16", as_half(x), as_half(e));
  {
    std::vector<std::int32_t> small;
    for (int k = -9; k <= 40; ++k) small.push_back(k);
    pow_block("POW FLOAT32^INT32", x, small);
    pow_block("POW INT32^INT32", small, small);
    std::vector<std::uint8_t> bytes;
    for (int k = 0; k < 256; k += 7) bytes.push_back(static_cast<std::uint8_t>(k));
    pow_block("POW UINT8^FLOAT32 (mixed)", bytes, e);
  }
  {
    std::vector<std::uint8_t> q;
    for (int k = 0; k < 256; k += 5) q.push_back(static_cast<std::uint8_t>(k));
    std::vector<std::int32_t> q32;
    for (int k = -30; k <= 30; ++k) q32.push_back(k * 71582788);
    dequantize_block<std::uint8_t, float>("DEQUANTIZE UINT8->FLOAT32", q, x, 128);
    dequantize_block<std::int32_t, float>("DEQUANTIZE INT32->FLOAT32", q32, x, -3);
    dequantize_block<std::int32_t, float16>("DEQUANTIZE INT32->FLOAT16", q32, as_half(x), 7);
    quantize_block<float, float, std::int8_t>("QUANTIZE FLOAT32->INT8", x, x, -5);
    quantize_block<float16, float16, std::uint8_t>("QUANTIZE FLOAT16->UINT8", as_half(x), as_half(x), 100);
    quantize_block<std::int32_t, float, std::int8_t>("QUANTIZE INT32->INT8", q32, x, 3);
  }
  return 0;
}
