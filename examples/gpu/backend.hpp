#pragma once
// The GPU backend under test: CUDA kernels for DirectML's element-wise SIGN, CONSTANT_POW,
// POW and DEQUANTIZE_LINEAR, and for the transcendental operators (EXP, LOG, TANH, SIN, COS,
// TAN, ERF, ATAN_YX, ACTIVATION_SIGMOID, ACTIVATION_ELU, ACTIVATION_GELU) through CUDA's math
// library, its intrinsics and cuda_fp16.h's half functions, each written the way a backend
// might write it (several variants per operator, some of them knowingly wrong). This header is plain C++17 with no CUDA types,
// so that the harness (gpu_crosscheck.cpp) compiles with the host compiler and includes
// dmlref, while the kernels (backend*.cu) are compiled by nvcc and include nothing of dmlref.
//
// Contract of run():
// - inputs[k] is the buffer of DirectML's k-th input tensor, in memory order (InputTensor,
//   then ExponentTensor, or ScaleTensor and ZeroPointTensor); an absent ZeroPointTensor is
//   an input with host == nullptr. Every operand is addressed as
//   offset = sum(index[d] * strides[d]) over the shared sizes, so a zero stride broadcasts and
//   a larger one pads.
// - The output buffer is filled with the byte `poison` before the kernel runs; the kernel
//   writes exactly the elements the output's strides address, and the whole buffer (padding
//   included) is copied back into output.host.
// - The result says whether the kernel ran and, if not, why (an unsupported kernel/type
//   combination, or a CUDA error); kernel_ms is the time between CUDA events around the launch.

#include <cstddef>
#include <cstdint>
#include <string>

namespace gpu_backend {

constexpr unsigned max_rank = 4;
constexpr unsigned char poison = 0xA5;

/// Element types, with DirectML's DML_TENSOR_DATA_TYPE values.
enum class element : std::uint32_t {
  float32 = 1, float16 = 2, uint32 = 3, uint16 = 4, uint8 = 5,
  int32 = 6, int16 = 7, int8 = 8, uint64 = 10, int64 = 11,
};

/// Which way of computing the operator the launch uses.
enum class kernel : std::uint32_t {
  // ELEMENT_WISE_SIGN
  sign_difference,       // (x > 0) - (x < 0): every type
  sign_copysign,         // x == 0 ? 0 : copysign(1, x): float types
  sign_passthrough,      // x > 0 ? 1 : x < 0 ? -1 : x: float types
  // ELEMENT_WISE_CONSTANT_POW and ELEMENT_WISE_POW with a float base
  pow_powf,              // powf(g, e) in float, rounded to the output type
  pow_powf_parity,       // POW: as pow_powf, but an integer exponent's sign rule from its own
                         // parity: powf(|g|, (float)e), negated for g < 0 and odd e
  pow_intrinsic,         // __powf(g, e): the fast hardware approximation
  pow_exp2_log2,         // exp2f(e * log2f(g))
  pow_half_native,       // FLOAT16 only: hexp2(e * hlog2(g)) in half arithmetic
  // ELEMENT_WISE_POW with an integer base
  ipow_square_multiply,  // square-and-multiply in 32-bit unsigned arithmetic; negative
                         // exponents by DirectML's rule (1, +-1, or 0)
  ipow_loop,             // r = 1; for i < e: r *= x  (a negative exponent gives 1)
  ipow_via_powf,         // (T)powf((float)x, (float)e)
  mixed_pow_trunc,       // integer base, float exponent: (T)truncf(powf((float)x, e))
  mixed_pow_trunc_double,// the same in double: (T)trunc(pow((double)x, (double)e))
  mixed_pow_round,       // integer base, float exponent: (T)rintf(powf((float)x, e))
  // ELEMENT_WISE_DEQUANTIZE_LINEAR
  dq_wide_difference,    // (float)((int64)x - zp) * scale, then rounded to the output type
  dq_double,             // (double)((int64)x - zp) * (double)scale, rounded to the output type
  dq_narrow_difference,  // the difference in 32 bits of the input's signedness (wraps)
  dq_float_difference,   // ((float)x - (float)zp) * scale
  dq_folded_bias,        // fmaf((float)x, scale, -(float)zp * scale): the bias folded
  dq_half_arith,         // FLOAT16 output only: __hmul((half)(x - zp), scale)
  // Transcendental operators. FLOAT32 and FLOAT16 (the latter through float: the function of
  // (float)x rounded once to half), ScaleBias as one fmaf in float, unless said otherwise.
  exp_expf,              // ELEMENT_WISE_EXP: expf(g)
  exp_intrinsic,         // __expf(g)
  exp_half,              // FLOAT16 only: hexp(g) from cuda_fp16.h (ScaleBias in half)
  log_logf,              // ELEMENT_WISE_LOG: logf(g)
  log_intrinsic,         // __logf(g)
  log_half,              // FLOAT16 only: hlog(g)
  tanh_tanhf,            // ELEMENT_WISE_TANH: tanhf(g)
  tanh_intrinsic,        // __tanhf(g)
  sin_sinf,              // ELEMENT_WISE_SIN: sinf(g)
  sin_intrinsic,         // __sinf(g)
  sin_half,              // FLOAT16 only: hsin(g)
  cos_cosf,              // ELEMENT_WISE_COS: cosf(g)
  cos_intrinsic,         // __cosf(g)
  cos_half,              // FLOAT16 only: hcos(g)
  tan_tanf,              // ELEMENT_WISE_TAN: tanf(g)
  erf_erff,              // ELEMENT_WISE_ERF: erff(g)
  atan2_atan2f,          // ELEMENT_WISE_ATAN_YX: atan2f(a, b)
  sigmoid_expf,          // ACTIVATION_SIGMOID: 1 / (1 + expf(-x))
  sigmoid_intrinsic,     // 1 / (1 + __expf(-x))
  sigmoid_stable,        // x >= 0 ? 1 / (1 + expf(-x)) : expf(x) / (1 + expf(x))
  elu_expm1f,            // ACTIVATION_ELU: x >= 0 ? x : Alpha * expm1f(x)
  elu_expf_minus_one,    // x >= 0 ? x : Alpha * (expf(x) - 1)
  gelu_erff,             // ACTIVATION_GELU: 0.5 * x * (1 + erff(x * sqrt(1/2)))
};

/// How the translation unit holding the kernel was compiled.
enum class build : std::uint32_t {
  standard,   // nvcc's defaults: IEEE subnormals, correctly rounded division
  ftz,        // -ftz=true: FLOAT32 subnormal inputs and results flushed to zero
  fast_math,  // --use_fast_math: -ftz=true plus approximate division and math functions
};

struct operand {
  element type = element::float32;
  const void* host = nullptr;  // nullptr: an absent optional tensor
  std::size_t bytes = 0;
  std::uint32_t strides[max_rank] = {};
};

struct output_operand {
  element type = element::float32;
  void* host = nullptr;
  std::size_t bytes = 0;
  std::uint32_t strides[max_rank] = {};
};

struct launch {
  kernel which = kernel::sign_difference;
  build compiled = build::standard;
  std::uint32_t rank = 1;
  std::uint32_t sizes[max_rank] = {1, 1, 1, 1};
  operand inputs[3];
  std::uint32_t input_count = 0;
  output_operand output;
  float exponent = 1.0f;  // CONSTANT_POW's attribute; POW reads its ExponentTensor
  bool constant_exponent = false;
  bool has_scale_bias = false;
  float scale = 1.0f, bias = 0.0f;
  float alpha = 1.0f;  // ACTIVATION_ELU's attribute
};

struct result {
  bool ok = false;
  std::string error;
  float kernel_ms = 0.0f;
};

/// Runs one launch (see the contract above).
result run(const launch& l);

/// Fills description with the device's name, compute capability, driver and runtime
/// versions; ok is false (and error says why) when no CUDA device is usable.
result describe_device(std::string& description);

namespace detail {
struct device_pointers {
  const void* inputs[3] = {};
  void* output = nullptr;
};
// Each translation unit of kernels (one per build) launches on device buffers and returns
// an empty string, or why it cannot (kernel, build or types it does not hold).
std::string dispatch_standard(const launch& l, const device_pointers& p);
std::string dispatch_ftz(const launch& l, const device_pointers& p);
std::string dispatch_fast_math(const launch& l, const device_pointers& p);
}  // namespace detail

}  // namespace gpu_backend
