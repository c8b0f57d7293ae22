// The backend's kernels compiled with -ftz=true (CMake sets the flag on this file): FLOAT32
// subnormal inputs and results are flushed to zero, as in many production builds.
#include "backend_kernels.cuh"

std::string gpu_backend::detail::dispatch_ftz(const launch& l, const device_pointers& p) {
  return dispatch_common(l, p);
}
