#pragma once
// The fast path's vector vocabulary: xsimd batches of the widest instruction set the
// compiler targets (xsimd::default_arch: SSE2 without flags, AVX2 with -mavx2, AVX-512
// with -mavx512f/-march=native), and the float lane count every kernel steps by.
//
// Needs xsimd (Debian's libxsimd-dev 8.1; only API that newer xsimd keeps is used).

#include <cstddef>
#include <cstdint>

#include "dmlref/core/intrinsics.hpp"

#include <xsimd/xsimd.hpp>

namespace dmlref::simd {

using arch = xsimd::default_arch;
template <class T>
using batch = xsimd::batch<T, arch>;
using floats = batch<float>;
using doubles = batch<double>;
using int32s = batch<std::int32_t>;
using uint32s = batch<std::uint32_t>;
using uint64s = batch<std::uint64_t>;

/// Elements per step of every kernel: one batch of floats.
inline constexpr std::size_t width = floats::size;

}  // namespace dmlref::simd
