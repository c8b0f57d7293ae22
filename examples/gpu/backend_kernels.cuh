#pragma once
// The kernels of the backend under test, included once by each backend*.cu translation
// unit: the compiler flags of that unit (nvcc's defaults, -ftz=true, --use_fast_math) decide
// how its float arithmetic behaves. Everything here has internal linkage.
//
// Every kernel is an element-wise map over up to three strided inputs and one strided
// output (see backend.hpp); the operator is a functor with a __device__ call operator.

#include <cstdint>
#include <string>
#include <type_traits>

#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include "backend.hpp"

namespace {

using gpu_backend::element;
using gpu_backend::kernel;
using gpu_backend::launch;
using gpu_backend::max_rank;
using gpu_backend::detail::device_pointers;

// ---- addressing -----------------------------------------------------------------------------

/// Sizes and strides of every operand: strides[0] the output's, strides[1 + k] input k's.
struct index_map {
  std::uint32_t rank;
  std::uint32_t sizes[max_rank];
  std::uint32_t strides[4][max_rank];
  std::uint64_t count;
};

__device__ inline void offsets_of(const index_map& m, std::uint64_t linear, std::uint64_t (&offset)[4]) {
  for (auto& o : offset) o = 0;
  for (std::uint32_t d = m.rank; d-- > 0;) {
    const std::uint64_t i = linear % m.sizes[d];
    linear /= m.sizes[d];
    for (int k = 0; k < 4; ++k) offset[k] += i * m.strides[k][d];
  }
}

template <class Out, class A, class F>
__global__ void map1(index_map m, Out* out, const A* a, F f) {
  const std::uint64_t step = static_cast<std::uint64_t>(gridDim.x) * blockDim.x;
  for (std::uint64_t k = static_cast<std::uint64_t>(blockIdx.x) * blockDim.x + threadIdx.x; k < m.count; k += step) {
    std::uint64_t o[4];
    offsets_of(m, k, o);
    out[o[0]] = f(a[o[1]]);
  }
}

template <class Out, class A, class B, class F>
__global__ void map2(index_map m, Out* out, const A* a, const B* b, F f) {
  const std::uint64_t step = static_cast<std::uint64_t>(gridDim.x) * blockDim.x;
  for (std::uint64_t k = static_cast<std::uint64_t>(blockIdx.x) * blockDim.x + threadIdx.x; k < m.count; k += step) {
    std::uint64_t o[4];
    offsets_of(m, k, o);
    out[o[0]] = f(a[o[1]], b[o[2]]);
  }
}

template <class Out, class A, class B, class C, class F>
__global__ void map3(index_map m, Out* out, const A* a, const B* b, const C* c, F f) {
  const std::uint64_t step = static_cast<std::uint64_t>(gridDim.x) * blockDim.x;
  for (std::uint64_t k = static_cast<std::uint64_t>(blockIdx.x) * blockDim.x + threadIdx.x; k < m.count; k += step) {
    std::uint64_t o[4];
    offsets_of(m, k, o);
    out[o[0]] = f(a[o[1]], b[o[2]], c[o[3]]);
  }
}

// ---- element types --------------------------------------------------------------------------

template <class... Ts>
struct types {};

template <class T> struct element_of;
template <> struct element_of<float> : std::integral_constant<element, element::float32> {};
template <> struct element_of<__half> : std::integral_constant<element, element::float16> {};
template <> struct element_of<std::int8_t> : std::integral_constant<element, element::int8> {};
template <> struct element_of<std::int16_t> : std::integral_constant<element, element::int16> {};
template <> struct element_of<std::int32_t> : std::integral_constant<element, element::int32> {};
template <> struct element_of<std::int64_t> : std::integral_constant<element, element::int64> {};
template <> struct element_of<std::uint8_t> : std::integral_constant<element, element::uint8> {};
template <> struct element_of<std::uint16_t> : std::integral_constant<element, element::uint16> {};
template <> struct element_of<std::uint32_t> : std::integral_constant<element, element::uint32> {};
template <> struct element_of<std::uint64_t> : std::integral_constant<element, element::uint64> {};

using float_types = types<float, __half>;
using int_types = types<std::int8_t, std::int16_t, std::int32_t, std::uint8_t, std::uint16_t, std::uint32_t>;
using pow_exponent_types = types<float, __half, std::int8_t, std::int16_t, std::int32_t, std::uint8_t,
                                 std::uint16_t, std::uint32_t>;
using sign_types = types<float, __half, std::int8_t, std::int16_t, std::int32_t, std::int64_t, std::uint8_t,
                         std::uint16_t, std::uint32_t, std::uint64_t>;

/// Calls f(static_cast<T*>(nullptr)) for the T of the list whose element is t; false if none.
template <class... Ts, class F>
bool pick(types<Ts...>, element t, F&& f) {
  return ((t == element_of<Ts>::value ? (f(static_cast<Ts*>(nullptr)), true) : false) || ...);
}

template <class T>
constexpr bool is_half_v = std::is_same_v<T, __half>;
template <class T>
constexpr bool is_float_v = std::is_same_v<T, float> || is_half_v<T>;

template <class T>
__device__ inline float to_float(T v) {
  if constexpr (is_half_v<T>) {
    return __half2float(v);
  } else {
    return static_cast<float>(v);
  }
}
template <class T>
__device__ inline T from_float(float v) {
  if constexpr (is_half_v<T>) {
    return __float2half_rn(v);
  } else {
    return v;
  }
}
template <class T>
__device__ inline T from_double(double v) {
  if constexpr (is_half_v<T>) {
    return __double2half(v);
  } else {
    return static_cast<float>(v);
  }
}
template <class T>
__device__ inline __half to_half(T v) {
  if constexpr (is_half_v<T>) {
    return v;
  } else {
    return __float2half_rn(static_cast<float>(v));
  }
}

// ---- ELEMENT_WISE_SIGN ----------------------------------------------------------------------

struct sign_difference {
  template <class T>
  __device__ T operator()(T x) const {
    if constexpr (is_float_v<T>) {
      const float f = to_float(x);
      return from_float<T>(static_cast<float>((f > 0.0f) - (f < 0.0f)));
    } else if constexpr (std::is_signed_v<T>) {
      return static_cast<T>((x > 0) - (x < 0));
    } else {
      return static_cast<T>(x != 0);
    }
  }
};

struct sign_copysign {
  template <class T>
  __device__ T operator()(T x) const {
    const float f = to_float(x);
    return from_float<T>(f == 0.0f ? 0.0f : copysignf(1.0f, f));
  }
};

struct sign_passthrough {
  template <class T>
  __device__ T operator()(T x) const {
    const float f = to_float(x);
    return from_float<T>(f > 0.0f ? 1.0f : f < 0.0f ? -1.0f : f);
  }
};

// ---- ELEMENT_WISE_POW / CONSTANT_POW, float base -------------------------------------------

struct with_powf {
  __device__ static float apply(float x, float y) { return powf(x, y); }
};
struct with_intrinsic {
  __device__ static float apply(float x, float y) { return __powf(x, y); }
};
struct with_exp2_log2 {
  __device__ static float apply(float x, float y) { return exp2f(y * log2f(x)); }
};

/// ScaleBias as a backend applies it: one fused multiply-add in float.
struct scaling {
  bool enabled;
  float scale, bias;
  __device__ float operator()(float x) const { return enabled ? fmaf(x, scale, bias) : x; }
};

template <class Impl>
struct float_pow {
  scaling g;
  template <class T, class E>
  __device__ T operator()(T x, E e) const {
    return from_float<T>(Impl::apply(g(to_float(x)), to_float(e)));
  }
};

template <class Impl>
struct float_constant_pow {
  scaling g;
  float exponent;
  template <class T>
  __device__ T operator()(T x) const {
    return from_float<T>(Impl::apply(g(to_float(x)), exponent));
  }
};

/// powf with an integer exponent's parity taken from the integer itself: converting an odd
/// integer beyond 2^24 to float rounds it to an even one, which would lose the sign of
/// negative bases (and of -0 and -inf).
struct float_pow_exact_parity {
  scaling g;
  template <class T, class E>
  __device__ T operator()(T x, E e) const {
    const float base = g(to_float(x));
    if constexpr (is_float_v<E>) {
      return from_float<T>(powf(base, to_float(e)));
    } else {
      const float magnitude = powf(fabsf(base), static_cast<float>(e));
      const bool odd = (static_cast<std::uint32_t>(e) & 1u) != 0;
      return from_float<T>(signbit(base) && odd ? -magnitude : magnitude);
    }
  }
};

/// FLOAT16 throughout: ScaleBias, the logarithm, the product and the power in half.
struct half_native_pow {
  scaling g;
  template <class E>
  __device__ __half operator()(__half x, E e) const {
    const __half base = g.enabled ? __hfma(x, __float2half_rn(g.scale), __float2half_rn(g.bias)) : x;
    return hexp2(__hmul(to_half(e), hlog2(base)));
  }
};

struct half_native_constant_pow {
  scaling g;
  float exponent;
  __device__ __half operator()(__half x) const { return half_native_pow{g}(x, exponent); }
};

// ---- ELEMENT_WISE_POW, integer base ---------------------------------------------------------

/// Exact: the power modulo 2^32 (hence modulo 2^bits of T); negative exponents by DirectML's
/// rule: 1 for x = 1, +-1 by parity for x = -1, 0 otherwise.
struct ipow_square_multiply {
  template <class T, class E>
  __device__ T operator()(T x, E e) const {
    if constexpr (std::is_signed_v<E>) {
      if (e < 0) {
        if (x == 1) return T(1);
        if constexpr (std::is_signed_v<T>) {
          if (x == -1) return static_cast<T>((e & 1) != 0 ? -1 : 1);
        }
        return T(0);
      }
    }
    std::uint32_t result = 1;
    std::uint32_t base = static_cast<std::uint32_t>(x);
    for (std::uint32_t n = static_cast<std::uint32_t>(e); n != 0; n >>= 1) {
      if ((n & 1u) != 0) result *= base;
      base *= base;
    }
    return static_cast<T>(result);
  }
};

/// r = 1; multiply e times. A negative exponent runs no iteration and gives 1.
struct ipow_loop {
  template <class T, class E>
  __device__ T operator()(T x, E e) const {
    std::uint32_t result = 1;
    for (std::int64_t i = 0; i < static_cast<std::int64_t>(e); ++i) result *= static_cast<std::uint32_t>(x);
    return static_cast<T>(result);
  }
};

/// Through float: the conversion back is the hardware's (saturating, NaN to 0).
struct ipow_via_powf {
  template <class T, class E>
  __device__ T operator()(T x, E e) const {
    return static_cast<T>(powf(static_cast<float>(x), static_cast<float>(e)));
  }
};

struct mixed_pow_trunc {
  template <class T, class E>
  __device__ T operator()(T x, E e) const {
    return static_cast<T>(truncf(powf(static_cast<float>(x), to_float(e))));
  }
};
struct mixed_pow_trunc_double {
  template <class T, class E>
  __device__ T operator()(T x, E e) const {
    return static_cast<T>(trunc(pow(static_cast<double>(x), static_cast<double>(to_float(e)))));
  }
};
struct mixed_pow_round {
  template <class T, class E>
  __device__ T operator()(T x, E e) const {
    return static_cast<T>(rintf(powf(static_cast<float>(x), to_float(e))));
  }
};

// ---- ELEMENT_WISE_DEQUANTIZE_LINEAR ---------------------------------------------------------

struct dq_wide_difference {
  template <class In, class S>
  __device__ S operator()(In x, S scale, In zero_point) const {
    const long long d = static_cast<long long>(x) - static_cast<long long>(zero_point);
    return from_float<S>(static_cast<float>(d) * to_float(scale));
  }
};
struct dq_double {
  template <class In, class S>
  __device__ S operator()(In x, S scale, In zero_point) const {
    const long long d = static_cast<long long>(x) - static_cast<long long>(zero_point);
    return from_double<S>(static_cast<double>(d) * static_cast<double>(to_float(scale)));
  }
};
/// The difference in 32 bits of the input's signedness: wraps for INT32 extremes, and for
/// unsigned inputs below their zero point.
struct dq_narrow_difference {
  template <class In, class S>
  __device__ S operator()(In x, S scale, In zero_point) const {
    using W = std::conditional_t<std::is_signed_v<In>, std::int32_t, std::uint32_t>;
    const W d = static_cast<W>(static_cast<std::uint32_t>(x) - static_cast<std::uint32_t>(zero_point));
    return from_float<S>(static_cast<float>(d) * to_float(scale));
  }
};
struct dq_float_difference {
  template <class In, class S>
  __device__ S operator()(In x, S scale, In zero_point) const {
    return from_float<S>((static_cast<float>(x) - static_cast<float>(zero_point)) * to_float(scale));
  }
};
struct dq_folded_bias {
  template <class In, class S>
  __device__ S operator()(In x, S scale, In zero_point) const {
    const float s = to_float(scale);
    return from_float<S>(fmaf(static_cast<float>(x), s, -(static_cast<float>(zero_point) * s)));
  }
};
struct dq_half_arith {
  template <class In>
  __device__ __half operator()(In x, __half scale, In zero_point) const {
    const long long d = static_cast<long long>(x) - static_cast<long long>(zero_point);
    return __hmul(__ll2half_rn(d), scale);
  }
};

// ---- transcendental operators ---------------------------------------------------------------
// Each math function is a tag with a static apply(); the same functors hold every way of
// computing an operator, and the translation unit's flags (backend_ftz.cu, backend_fast_math.cu)
// decide what expf, logf, sinf ... compile to.

struct with_expf { __device__ static float apply(float x) { return expf(x); } };
struct with_expf_intrinsic { __device__ static float apply(float x) { return __expf(x); } };
struct with_logf { __device__ static float apply(float x) { return logf(x); } };
struct with_logf_intrinsic { __device__ static float apply(float x) { return __logf(x); } };
struct with_tanhf { __device__ static float apply(float x) { return tanhf(x); } };
struct with_tanhf_intrinsic { __device__ static float apply(float x) { return __tanhf(x); } };
struct with_sinf { __device__ static float apply(float x) { return sinf(x); } };
struct with_sinf_intrinsic { __device__ static float apply(float x) { return __sinf(x); } };
struct with_cosf { __device__ static float apply(float x) { return cosf(x); } };
struct with_cosf_intrinsic { __device__ static float apply(float x) { return __cosf(x); } };
struct with_tanf { __device__ static float apply(float x) { return tanf(x); } };
struct with_erff { __device__ static float apply(float x) { return erff(x); } };
struct with_hexp { __device__ static __half apply(__half x) { return hexp(x); } };
struct with_hlog { __device__ static __half apply(__half x) { return hlog(x); } };
struct with_hsin { __device__ static __half apply(__half x) { return hsin(x); } };
struct with_hcos { __device__ static __half apply(__half x) { return hcos(x); } };

/// Fn of g = ScaleBias(x) in float, rounded once to the output type.
template <class Fn>
struct through_float {
  scaling g;
  template <class T>
  __device__ T operator()(T x) const {
    return from_float<T>(Fn::apply(g(to_float(x))));
  }
};

/// FLOAT16 throughout: ScaleBias by __hfma, then cuda_fp16.h's half function.
template <class Fn>
struct in_half {
  scaling g;
  __device__ __half operator()(__half x) const {
    const __half base = g.enabled ? __hfma(x, __float2half_rn(g.scale), __float2half_rn(g.bias)) : x;
    return Fn::apply(base);
  }
};

struct atan2_through_float {
  template <class T, class U>
  __device__ T operator()(T a, U b) const {
    return from_float<T>(atan2f(to_float(a), to_float(b)));
  }
};

/// 1 / (1 + e^-x) with the exponential of Exp.
template <class Exp>
struct sigmoid_of {
  template <class T>
  __device__ T operator()(T x) const {
    return from_float<T>(1.0f / (1.0f + Exp::apply(-to_float(x))));
  }
};

/// e^-|x| only: x >= 0 gives 1 / (1 + e^-x), x < 0 gives e^x / (1 + e^x); e never overflows.
struct sigmoid_stable {
  template <class T>
  __device__ T operator()(T x) const {
    const float f = to_float(x);
    if (f >= 0.0f) return from_float<T>(1.0f / (1.0f + expf(-f)));
    const float e = expf(f);
    return from_float<T>(e / (1.0f + e));
  }
};

struct elu_expm1f {
  float alpha;
  template <class T>
  __device__ T operator()(T x) const {
    const float f = to_float(x);
    return f >= 0.0f ? x : from_float<T>(alpha * expm1f(f));
  }
};

struct elu_expf_minus_one {
  float alpha;
  template <class T>
  __device__ T operator()(T x) const {
    const float f = to_float(x);
    return f >= 0.0f ? x : from_float<T>(alpha * (expf(f) - 1.0f));
  }
};

/// GELU's erf form as frameworks write it: x/2 (1 + erf(x / sqrt 2)) in float.
struct gelu_erff {
  template <class T>
  __device__ T operator()(T x) const {
    const float f = to_float(x);
    return from_float<T>(0.5f * f * (1.0f + erff(f * 0.70710678118654752f)));
  }
};

// ---- launching ------------------------------------------------------------------------------

index_map make_map(const launch& l) {
  index_map m{};
  m.rank = l.rank;
  m.count = 1;
  for (std::uint32_t d = 0; d < l.rank; ++d) {
    m.sizes[d] = l.sizes[d];
    m.count *= l.sizes[d];
    m.strides[0][d] = l.output.strides[d];
    for (std::uint32_t k = 0; k < 3; ++k) m.strides[1 + k][d] = l.inputs[k].strides[d];
  }
  return m;
}

struct grid {
  unsigned blocks, threads;
};
grid grid_for(const index_map& m) {
  const std::uint64_t threads = 256;
  std::uint64_t blocks = (m.count + threads - 1) / threads;
  if (blocks > 8192) blocks = 8192;
  if (blocks == 0) blocks = 1;
  return {static_cast<unsigned>(blocks), static_cast<unsigned>(threads)};
}

std::string launched() {
  const cudaError_t e = cudaGetLastError();
  return e == cudaSuccess ? std::string() : std::string("launch failed: ") + cudaGetErrorString(e);
}

const std::string no_types = "this kernel does not take these data types";

/// Output and input of one type from Types.
template <class Types, class F>
std::string unary(const launch& l, const device_pointers& p, F f) {
  if (l.input_count != 1 || l.output.type != l.inputs[0].type) return no_types;
  const index_map m = make_map(l);
  const grid g = grid_for(m);
  std::string error = no_types;
  pick(Types{}, l.inputs[0].type, [&](auto* tag) {
    using T = std::remove_pointer_t<decltype(tag)>;
    map1<<<g.blocks, g.threads>>>(m, static_cast<T*>(p.output), static_cast<const T*>(p.inputs[0]), f);
    error = launched();
  });
  return error;
}

/// Base (and output) from Bases, exponent from Exponents, when Allowed<base, exponent>.
template <class Bases, class Exponents, template <class, class> class Allowed, class F>
std::string binary(const launch& l, const device_pointers& p, F f) {
  if (l.input_count != 2 || l.output.type != l.inputs[0].type) return no_types;
  const index_map m = make_map(l);
  const grid g = grid_for(m);
  std::string error = no_types;
  pick(Bases{}, l.inputs[0].type, [&](auto* base_tag) {
    using T = std::remove_pointer_t<decltype(base_tag)>;
    pick(Exponents{}, l.inputs[1].type, [&](auto* exponent_tag) {
      using E = std::remove_pointer_t<decltype(exponent_tag)>;
      if constexpr (Allowed<T, E>::value) {
        map2<<<g.blocks, g.threads>>>(m, static_cast<T*>(p.output), static_cast<const T*>(p.inputs[0]),
                                      static_cast<const E*>(p.inputs[1]), f);
        error = launched();
      }
    });
  });
  return error;
}

template <class T, class E>
struct any_pair : std::true_type {};
template <class T, class E>
struct same_type : std::is_same<T, E> {};
template <class T, class E>
struct same_or_int32 : std::bool_constant<std::is_same_v<T, E> || std::is_same_v<E, std::int32_t>> {};

/// Input and zero point from int_types, scale and output from Scales.
template <class Scales, class F>
std::string dequantize(const launch& l, const device_pointers& p, F f) {
  if (l.input_count != 3 || l.output.type != l.inputs[1].type || l.inputs[2].type != l.inputs[0].type) {
    return no_types;
  }
  const index_map m = make_map(l);
  const grid g = grid_for(m);
  std::string error = no_types;
  pick(int_types{}, l.inputs[0].type, [&](auto* in_tag) {
    using In = std::remove_pointer_t<decltype(in_tag)>;
    pick(Scales{}, l.inputs[1].type, [&](auto* scale_tag) {
      using S = std::remove_pointer_t<decltype(scale_tag)>;
      map3<<<g.blocks, g.threads>>>(m, static_cast<S*>(p.output), static_cast<const In*>(p.inputs[0]),
                                    static_cast<const S*>(p.inputs[1]), static_cast<const In*>(p.inputs[2]), f);
      error = launched();
    });
  });
  return error;
}

scaling scaling_of(const launch& l) { return {l.has_scale_bias, l.scale, l.bias}; }

/// The float pow of Impl as CONSTANT_POW (an attribute) or POW (a tensor).
template <class Impl>
std::string float_pow_launch(const launch& l, const device_pointers& p) {
  if (l.constant_exponent) return unary<float_types>(l, p, float_constant_pow<Impl>{scaling_of(l), l.exponent});
  return binary<float_types, pow_exponent_types, any_pair>(l, p, float_pow<Impl>{scaling_of(l)});
}

/// A float function of ScaleBias(x), FLOAT32 or FLOAT16 through float.
template <class Fn>
std::string through_float_launch(const launch& l, const device_pointers& p) {
  return unary<float_types>(l, p, through_float<Fn>{scaling_of(l)});
}

/// The kernels every build holds: those whose float behaviour depends on the flags.
std::string dispatch_common(const launch& l, const device_pointers& p) {
  switch (l.which) {
    case kernel::sign_difference: return unary<sign_types>(l, p, sign_difference{});
    case kernel::pow_powf: return float_pow_launch<with_powf>(l, p);
    case kernel::dq_wide_difference: return dequantize<float_types>(l, p, dq_wide_difference{});
    case kernel::exp_expf: return through_float_launch<with_expf>(l, p);
    case kernel::log_logf: return through_float_launch<with_logf>(l, p);
    case kernel::tanh_tanhf: return through_float_launch<with_tanhf>(l, p);
    case kernel::sin_sinf: return through_float_launch<with_sinf>(l, p);
    case kernel::cos_cosf: return through_float_launch<with_cosf>(l, p);
    case kernel::tan_tanf: return through_float_launch<with_tanf>(l, p);
    case kernel::erf_erff: return through_float_launch<with_erff>(l, p);
    case kernel::atan2_atan2f: return binary<float_types, float_types, same_type>(l, p, atan2_through_float{});
    case kernel::sigmoid_expf: return unary<float_types>(l, p, sigmoid_of<with_expf>{});
    case kernel::elu_expm1f: return unary<float_types>(l, p, elu_expm1f{l.alpha});
    case kernel::gelu_erff: return unary<float_types>(l, p, gelu_erff{});
    default: return "this build does not hold the kernel";
  }
}

}  // namespace
