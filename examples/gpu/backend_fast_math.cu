// The backend's kernels compiled with --use_fast_math (CMake sets the flag on this file):
// -ftz=true, and powf, exp2f and log2f become their approximate hardware forms.
#include "backend_kernels.cuh"

std::string gpu_backend::detail::dispatch_fast_math(const launch& l, const device_pointers& p) {
  return dispatch_common(l, p);
}
