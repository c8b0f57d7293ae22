#pragma once
// The runtime layer's fast kernels for several CPUs in one program.
//
// A program built with the CMake option DMLREF_RUNTIME_ISAS (dmlref-eval and the Python
// module when compiled without -march flags) holds, beside the fast kernels of its own
// compiler flags (`baseline`), the runtime layer's fast kernels compiled again for each
// variant below, and dml::execute on the fast path runs the widest one the processor
// offers. Each variant's kernels are distinct symbols (dmlref/core/isa.hpp), compiled with
// exactly the flags listed here, and a variant is taken only where CPUID and the operating
// system's saved register state (XGETBV) say its instructions run. The golden path is the
// same code in every variant and never depends on the choice.
//
// The compiled-in variants are the macros DMLREF_RUNTIME_ISA_AVX2, _AVX512 and _AVX512FP16
// (1 or absent), defined alike for every translation unit of the program. The environment
// variable DMLREF_ISA (baseline, avx2, avx512, avx512fp16) caps the choice, to compare
// variants on one machine or to rule one out; a name not listed is ignored.

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <initializer_list>

#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__))
#include <cpuid.h>
#define DMLREF_DETAIL_X86_CPUID 1
#elif defined(_MSC_VER) && (defined(_M_X64) || defined(_M_IX86))
#include <intrin.h>
#define DMLREF_DETAIL_X86_CPUID 1
#else
#define DMLREF_DETAIL_X86_CPUID 0
#endif

namespace dmlref::dml {

/// The runtime layer's fast-kernel variants, narrowest first.
enum class isa_variant : std::uint8_t {
  baseline,    // the program's own compiler flags
  avx2,        // -mavx2 -mfma -mf16c
  avx512,      // -mavx512f -mavx512cd -mavx512dq -mavx512bw -mavx512vl (with AVX2, FMA, F16C)
  avx512fp16,  // the same and -mavx512fp16
};

inline constexpr const char* name_of(isa_variant v) noexcept {
  switch (v) {
    case isa_variant::avx2: return "avx2";
    case isa_variant::avx512: return "avx512";
    case isa_variant::avx512fp16: return "avx512fp16";
    case isa_variant::baseline: break;
  }
  return "baseline";
}

/// Whether the program holds v's kernels.
inline constexpr bool compiled_in(isa_variant v) noexcept {
  switch (v) {
    case isa_variant::avx2:
#if defined(DMLREF_RUNTIME_ISA_AVX2) && DMLREF_RUNTIME_ISA_AVX2
      return true;
#else
      return false;
#endif
    case isa_variant::avx512:
#if defined(DMLREF_RUNTIME_ISA_AVX512) && DMLREF_RUNTIME_ISA_AVX512
      return true;
#else
      return false;
#endif
    case isa_variant::avx512fp16:
#if defined(DMLREF_RUNTIME_ISA_AVX512FP16) && DMLREF_RUNTIME_ISA_AVX512FP16
      return true;
#else
      return false;
#endif
    case isa_variant::baseline: break;
  }
  return true;
}

/// The variant whose exact instruction sets this translation unit is compiled for, or baseline
/// for any other set: a variant's kernels are instantiated only where this names it.
inline constexpr isa_variant variant_of_this_translation_unit() noexcept {
#if defined(__AVX2__) && defined(__FMA__) && defined(__F16C__) && defined(__AVX512F__) && defined(__AVX512CD__) && \
    defined(__AVX512DQ__) && defined(__AVX512BW__) && defined(__AVX512VL__)
#if defined(__AVX512FP16__)
  return isa_variant::avx512fp16;
#else
  return isa_variant::avx512;
#endif
#elif defined(__AVX2__) && defined(__FMA__) && defined(__F16C__) && !defined(__AVX512F__)
  return isa_variant::avx2;
#else
  return isa_variant::baseline;
#endif
}

namespace detail {

/// CPUID leaf 1 ECX, leaf 7 EBX and EDX, and XCR0 (0 where the OS does not enable XSAVE).
struct cpu_words {
  std::uint32_t leaf1_ecx = 0, leaf7_ebx = 0, leaf7_edx = 0;
  std::uint64_t xcr0 = 0;
};

inline cpu_words read_cpu_words() noexcept {
  cpu_words w;
#if DMLREF_DETAIL_X86_CPUID
#if defined(_MSC_VER)
  int r[4] = {};
  __cpuid(r, 0);
  const auto max_leaf = static_cast<unsigned>(r[0]);
  __cpuid(r, 1);
  w.leaf1_ecx = static_cast<std::uint32_t>(r[2]);
  if (max_leaf >= 7) {
    __cpuidex(r, 7, 0);
    w.leaf7_ebx = static_cast<std::uint32_t>(r[1]);
    w.leaf7_edx = static_cast<std::uint32_t>(r[3]);
  }
  if (w.leaf1_ecx & (1u << 27)) w.xcr0 = _xgetbv(0);
#else
  unsigned a = 0, b = 0, c = 0, d = 0;
  const auto max_leaf = static_cast<unsigned>(__get_cpuid_max(0, nullptr));
  if (max_leaf >= 1 && __get_cpuid(1, &a, &b, &c, &d)) w.leaf1_ecx = c;
  if (max_leaf >= 7) {
    __cpuid_count(7, 0, a, b, c, d);
    w.leaf7_ebx = b;
    w.leaf7_edx = d;
  }
  if (w.leaf1_ecx & (1u << 27)) {  // OSXSAVE: XGETBV may run
    std::uint32_t low = 0, high = 0;
    __asm__ volatile("xgetbv" : "=a"(low), "=d"(high) : "c"(0));
    w.xcr0 = (std::uint64_t{high} << 32) | low;
  }
#endif
#endif
  return w;
}

inline bool all_bits(std::uint64_t word, std::uint64_t bits) noexcept { return (word & bits) == bits; }

}  // namespace detail

/// Whether this processor and operating system run v's instructions.
inline bool cpu_runs(isa_variant v) noexcept {
  if (v == isa_variant::baseline) return true;
  const detail::cpu_words w = detail::read_cpu_words();
  // AVX2 variant: FMA (ECX 12), AVX (28), F16C (29), AVX2 (leaf 7 EBX 5); XMM and YMM state.
  const bool avx2 = detail::all_bits(w.leaf1_ecx, (1u << 12) | (1u << 28) | (1u << 29)) &&
                    detail::all_bits(w.leaf7_ebx, 1u << 5) && detail::all_bits(w.xcr0, 0x6);
  if (v == isa_variant::avx2) return avx2;
  // AVX-512 F (EBX 16), DQ (17), CD (28), BW (30), VL (31); opmask and ZMM state.
  const bool avx512 = avx2 &&
                      detail::all_bits(w.leaf7_ebx, (1u << 16) | (1u << 17) | (1u << 28) | (1u << 30) | (1u << 31)) &&
                      detail::all_bits(w.xcr0, 0xE6);
  if (v == isa_variant::avx512) return avx512;
  return avx512 && detail::all_bits(w.leaf7_edx, 1u << 23);  // AVX512-FP16 (EDX 23)
}

/// The variant DMLREF_ISA names, or avx512fp16 (no cap) where it is unset or names none.
inline isa_variant isa_cap_from_environment() noexcept {
#if defined(_MSC_VER)
#pragma warning(push)
#pragma warning(disable : 4996)  // getenv: read once, not kept
#endif
  const char* cap = std::getenv("DMLREF_ISA");
#if defined(_MSC_VER)
#pragma warning(pop)
#endif
  for (auto v : {isa_variant::baseline, isa_variant::avx2, isa_variant::avx512})
    if (cap != nullptr && std::strcmp(cap, name_of(v)) == 0) return v;
  return isa_variant::avx512fp16;
}

/// The widest compiled-in variant this processor runs, within DMLREF_ISA's cap; decided once.
inline isa_variant selected_isa_variant() noexcept {
  static const isa_variant chosen = [] {
    const isa_variant cap = isa_cap_from_environment();
    for (auto v : {isa_variant::avx512fp16, isa_variant::avx512, isa_variant::avx2})
      if (v <= cap && compiled_in(v) && cpu_runs(v)) return v;
    return isa_variant::baseline;
  }();
  return chosen;
}

}  // namespace dmlref::dml
