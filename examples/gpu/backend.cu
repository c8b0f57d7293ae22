// The backend's kernels compiled with nvcc's defaults (IEEE subnormals, precise division and
// math functions), and run(): device memory, the poisoned output, timing, and the copy back.

#include <cstdio>
#include <vector>

#include "backend_kernels.cuh"

std::string gpu_backend::detail::dispatch_standard(const launch& l, const device_pointers& p) {
  switch (l.which) {
    case kernel::sign_difference:
    case kernel::pow_powf:
    case kernel::dq_wide_difference:
    case kernel::exp_expf:
    case kernel::log_logf:
    case kernel::tanh_tanhf:
    case kernel::sin_sinf:
    case kernel::cos_cosf:
    case kernel::tan_tanf:
    case kernel::erf_erff:
    case kernel::atan2_atan2f:
    case kernel::sigmoid_expf:
    case kernel::elu_expm1f:
    case kernel::gelu_erff: return dispatch_common(l, p);
    case kernel::sign_copysign: return unary<float_types>(l, p, sign_copysign{});
    case kernel::sign_passthrough: return unary<float_types>(l, p, sign_passthrough{});
    case kernel::pow_powf_parity:
      return binary<float_types, pow_exponent_types, any_pair>(l, p, float_pow_exact_parity{scaling_of(l)});
    case kernel::pow_intrinsic: return float_pow_launch<with_intrinsic>(l, p);
    case kernel::pow_exp2_log2: return float_pow_launch<with_exp2_log2>(l, p);
    case kernel::pow_half_native:
      if (l.constant_exponent) return unary<types<__half>>(l, p, half_native_constant_pow{scaling_of(l), l.exponent});
      return binary<types<__half>, pow_exponent_types, any_pair>(l, p, half_native_pow{scaling_of(l)});
    case kernel::ipow_square_multiply:
      return binary<int_types, int_types, same_or_int32>(l, p, ipow_square_multiply{});
    case kernel::ipow_loop: return binary<int_types, int_types, same_or_int32>(l, p, ipow_loop{});
    case kernel::ipow_via_powf: return binary<int_types, int_types, same_or_int32>(l, p, ipow_via_powf{});
    case kernel::mixed_pow_trunc: return binary<int_types, float_types, any_pair>(l, p, mixed_pow_trunc{});
    case kernel::mixed_pow_trunc_double:
      return binary<int_types, float_types, any_pair>(l, p, mixed_pow_trunc_double{});
    case kernel::mixed_pow_round: return binary<int_types, float_types, any_pair>(l, p, mixed_pow_round{});
    case kernel::dq_double: return dequantize<float_types>(l, p, dq_double{});
    case kernel::dq_narrow_difference: return dequantize<float_types>(l, p, dq_narrow_difference{});
    case kernel::dq_float_difference: return dequantize<float_types>(l, p, dq_float_difference{});
    case kernel::dq_folded_bias: return dequantize<float_types>(l, p, dq_folded_bias{});
    case kernel::dq_half_arith: return dequantize<types<__half>>(l, p, dq_half_arith{});
    case kernel::exp_intrinsic: return through_float_launch<with_expf_intrinsic>(l, p);
    case kernel::exp_half: return unary<types<__half>>(l, p, in_half<with_hexp>{scaling_of(l)});
    case kernel::log_intrinsic: return through_float_launch<with_logf_intrinsic>(l, p);
    case kernel::log_half: return unary<types<__half>>(l, p, in_half<with_hlog>{scaling_of(l)});
    case kernel::tanh_intrinsic: return through_float_launch<with_tanhf_intrinsic>(l, p);
    case kernel::sin_intrinsic: return through_float_launch<with_sinf_intrinsic>(l, p);
    case kernel::sin_half: return unary<types<__half>>(l, p, in_half<with_hsin>{scaling_of(l)});
    case kernel::cos_intrinsic: return through_float_launch<with_cosf_intrinsic>(l, p);
    case kernel::cos_half: return unary<types<__half>>(l, p, in_half<with_hcos>{scaling_of(l)});
    case kernel::sigmoid_intrinsic: return unary<float_types>(l, p, sigmoid_of<with_expf_intrinsic>{});
    case kernel::sigmoid_stable: return unary<float_types>(l, p, sigmoid_stable{});
    case kernel::elu_expf_minus_one: return unary<float_types>(l, p, elu_expf_minus_one{l.alpha});
  }
  return "unknown kernel";
}

namespace {

/// Device buffers freed on every path out of run().
struct device_buffers {
  std::vector<void*> owned;
  ~device_buffers() {
    for (void* p : owned) cudaFree(p);
  }
  cudaError_t allocate(void** p, std::size_t bytes) {
    const cudaError_t e = cudaMalloc(p, bytes == 0 ? 1 : bytes);
    if (e == cudaSuccess) owned.push_back(*p);
    return e;
  }
};

std::size_t element_bytes(element t) {
  switch (t) {
    case element::float16: case element::int16: case element::uint16: return 2;
    case element::int8: case element::uint8: return 1;
    case element::int64: case element::uint64: return 8;
    default: return 4;
  }
}

gpu_backend::result failure(const char* what, cudaError_t e) {
  gpu_backend::result r;
  r.error = std::string(what) + ": " + cudaGetErrorString(e);
  return r;
}

}  // namespace

gpu_backend::result gpu_backend::run(const launch& l) {
  device_buffers buffers;
  detail::device_pointers p;
  launch device_launch = l;
  for (std::uint32_t k = 0; k < l.input_count; ++k) {
    const operand& in = l.inputs[k];
    void* d = nullptr;
    if (in.host == nullptr) {  // an absent zero point: one zero element, broadcast
      const std::size_t bytes = element_bytes(in.type);
      if (const auto e = buffers.allocate(&d, bytes); e != cudaSuccess) return failure("cudaMalloc", e);
      if (const auto e = cudaMemset(d, 0, bytes); e != cudaSuccess) return failure("cudaMemset", e);
      for (auto& s : device_launch.inputs[k].strides) s = 0;
    } else {
      if (const auto e = buffers.allocate(&d, in.bytes); e != cudaSuccess) return failure("cudaMalloc", e);
      if (const auto e = cudaMemcpy(d, in.host, in.bytes, cudaMemcpyHostToDevice); e != cudaSuccess) {
        return failure("cudaMemcpy to the device", e);
      }
    }
    p.inputs[k] = d;
  }
  if (const auto e = buffers.allocate(&p.output, l.output.bytes); e != cudaSuccess) return failure("cudaMalloc", e);
  if (const auto e = cudaMemset(p.output, poison, l.output.bytes); e != cudaSuccess) return failure("cudaMemset", e);

  cudaEvent_t start = nullptr, stop = nullptr;
  if (const auto e = cudaEventCreate(&start); e != cudaSuccess) return failure("cudaEventCreate", e);
  if (const auto e = cudaEventCreate(&stop); e != cudaSuccess) {
    cudaEventDestroy(start);
    return failure("cudaEventCreate", e);
  }
  cudaEventRecord(start);
  std::string error;
  switch (l.compiled) {
    case build::standard: error = detail::dispatch_standard(device_launch, p); break;
    case build::ftz: error = detail::dispatch_ftz(device_launch, p); break;
    case build::fast_math: error = detail::dispatch_fast_math(device_launch, p); break;
  }
  cudaEventRecord(stop);
  const cudaError_t synced = cudaEventSynchronize(stop);
  result r;
  cudaEventElapsedTime(&r.kernel_ms, start, stop);
  cudaEventDestroy(start);
  cudaEventDestroy(stop);
  if (!error.empty()) {
    r.error = error;
    return r;
  }
  if (synced != cudaSuccess) return failure("kernel", synced);
  if (const auto e = cudaMemcpy(l.output.host, p.output, l.output.bytes, cudaMemcpyDeviceToHost); e != cudaSuccess) {
    return failure("cudaMemcpy to the host", e);
  }
  r.ok = true;
  return r;
}

gpu_backend::result gpu_backend::describe_device(std::string& description) {
  int count = 0;
  if (const auto e = cudaGetDeviceCount(&count); e != cudaSuccess) return failure("cudaGetDeviceCount", e);
  if (count == 0) {
    result r;
    r.error = "no CUDA device";
    return r;
  }
  int device = 0, driver = 0, runtime = 0;
  cudaDeviceProp prop{};
  if (const auto e = cudaGetDevice(&device); e != cudaSuccess) return failure("cudaGetDevice", e);
  if (const auto e = cudaGetDeviceProperties(&prop, device); e != cudaSuccess) {
    return failure("cudaGetDeviceProperties", e);
  }
  cudaDriverGetVersion(&driver);
  cudaRuntimeGetVersion(&runtime);
  char text[512];
  std::snprintf(text, sizeof text, "%s, compute capability %d.%d, %d multiprocessors; CUDA driver API %d.%d, runtime %d.%d",
                prop.name, prop.major, prop.minor, prop.multiProcessorCount, driver / 1000, driver % 1000 / 10,
                runtime / 1000, runtime % 1000 / 10);
  description = text;
  result r;
  r.ok = true;
  return r;
}
