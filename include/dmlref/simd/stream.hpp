#pragma once
// Streaming (non-temporal) stores for large outputs (plain intrinsics: needs no xsimd).
// An ordinary store first reads the cache line it writes (read for ownership), so a kernel
// that streams a tensor through memory moves three bytes for every two that a copy with
// non-temporal stores moves. The rule (streams_call): a call whose output is at least
// streaming_threshold_bytes streams, and a smaller one does not. The output is the whole
// call's: a threaded call runs each part through the single-threaded traversal with the
// call's extent (loops::call_extent), so every part of it streams or none does. A streamed
// call's traversal computes each contiguous row a chunk at a time into a cache-resident
// buffer and copies the chunk to the output with non-temporal stores; the values written
// are the same, only how they reach memory differs. Below the threshold the output likely
// stays in cache for the caller, and ordinary stores are faster.

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "dmlref/core/intrinsics.hpp"
#include "dmlref/core/isa.hpp"

namespace dmlref::simd {
inline namespace DMLREF_ISA_NAMESPACE {

/// Outputs of this many bytes or more are written with non-temporal stores.
inline constexpr std::uint64_t streaming_threshold_bytes = std::uint64_t{16} << 20;  // 16 MiB

/// The alignment a destination needs for stream_copy's vector stores.
inline constexpr std::size_t stream_alignment = 64;

/// Whether this build has non-temporal vector stores (every x86-64 target does).
inline constexpr bool has_streaming_stores =
#if defined(__SSE2__) || defined(_M_X64)
    true;
#else
    false;
#endif

/// Whether a call whose output (every thread's part together) is call_output_bytes bytes
/// writes its contiguous rows with non-temporal stores: at least streaming_threshold_bytes,
/// on a build that has them.
constexpr bool streams_call(std::uint64_t call_output_bytes) noexcept {
  return has_streaming_stores && call_output_bytes >= streaming_threshold_bytes;
}

/// Copies bytes from src to dst (aligned to stream_alignment), full 64-byte blocks with
/// non-temporal stores and the remainder with ordinary ones. Call stream_fence() before
/// the written memory is handed back.
inline void stream_copy(void* dst, const void* src, std::size_t bytes) noexcept {
  auto* d = static_cast<unsigned char*>(dst);
  const auto* s = static_cast<const unsigned char*>(src);
  std::size_t done = 0;
#if defined(__AVX512F__)
  for (; done + 64 <= bytes; done += 64) {
    _mm512_stream_si512(reinterpret_cast<__m512i*>(d + done),
                        _mm512_loadu_si512(reinterpret_cast<const void*>(s + done)));
  }
#elif defined(__AVX__)
  for (; done + 64 <= bytes; done += 64) {
    _mm256_stream_si256(reinterpret_cast<__m256i*>(d + done),
                        _mm256_loadu_si256(reinterpret_cast<const __m256i*>(s + done)));
    _mm256_stream_si256(reinterpret_cast<__m256i*>(d + done + 32),
                        _mm256_loadu_si256(reinterpret_cast<const __m256i*>(s + done + 32)));
  }
#elif defined(__SSE2__) || defined(_M_X64)
  for (; done + 64 <= bytes; done += 64) {
    for (std::size_t k = 0; k < 64; k += 16) {
      _mm_stream_si128(reinterpret_cast<__m128i*>(d + done + k),
                       _mm_loadu_si128(reinterpret_cast<const __m128i*>(s + done + k)));
    }
  }
#endif
  if (done < bytes) std::memcpy(d + done, s + done, bytes - done);
}

/// Orders the non-temporal stores before any later store (and before the call returns).
inline void stream_fence() noexcept {
#if defined(__SSE2__) || defined(_M_X64)
  _mm_sfence();
#endif
}

}  // namespace DMLREF_ISA_NAMESPACE
}  // namespace dmlref::simd
