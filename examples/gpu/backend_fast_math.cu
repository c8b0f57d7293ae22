// The backend's kernels compiled with --use_fast_math (CMake sets the flag on this file):
// -ftz=true, approximate division, and powf, exp2f, log2f, expf, logf, sinf, cosf and tanf
// become their approximate hardware forms (__powf, __expf, __logf, __sinf, ...).
#include "backend_kernels.cuh"

std::string gpu_backend::detail::dispatch_fast_math(const launch& l, const device_pointers& p) {
  return dispatch_common(l, p);
}
