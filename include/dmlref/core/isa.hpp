#pragma once
// The instruction set a translation unit is compiled for, as a namespace name.
//
// The fast path's kernels (dmlref/simd/) and the fast path's tag (dmlref::fast_path) live in
// the inline namespace DMLREF_ISA_NAMESPACE, named after every instruction-set extension the
// compiler targets that changes their code (the predefined macros below, including those
// xsimd reads to choose its architecture). Translation units compiled for different
// instruction sets therefore define different symbols for them, never one symbol with two
// bodies: a program may link kernels built for several CPUs (the runtime layer's
// DMLREF_RUNTIME_ISAS, dmlref/dml/isa_variants.hpp) or a user's sources built with different
// -m flags, and the linker cannot substitute one CPU's kernel for another's. Code outside
// those namespaces (golden, validation, traversal) computes the same thing whatever the flags.
//
// Example: g++ -march=x86-64-v3 gives
//   isa_sse2_sse3_ssse3_sse41_sse42_avx_fma_f16c_avx2
// and a build without flags isa_sse2 (x86-64) or isa (a target none of these name).

#define DMLREF_DETAIL_ISA_NAME(a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p, q) \
  isa##a##b##c##d##e##f##g##h##i##j##k##l##m##n##o##p##q
#define DMLREF_DETAIL_ISA_EXPAND(...) DMLREF_DETAIL_ISA_NAME(__VA_ARGS__)

#if defined(__SSE2__) || defined(_M_X64) || (defined(_M_IX86_FP) && _M_IX86_FP >= 2)
#define DMLREF_DETAIL_ISA_SSE2 _sse2
#else
#define DMLREF_DETAIL_ISA_SSE2
#endif
#if defined(__SSE3__)
#define DMLREF_DETAIL_ISA_SSE3 _sse3
#else
#define DMLREF_DETAIL_ISA_SSE3
#endif
#if defined(__SSSE3__)
#define DMLREF_DETAIL_ISA_SSSE3 _ssse3
#else
#define DMLREF_DETAIL_ISA_SSSE3
#endif
#if defined(__SSE4_1__)
#define DMLREF_DETAIL_ISA_SSE41 _sse41
#else
#define DMLREF_DETAIL_ISA_SSE41
#endif
#if defined(__SSE4_2__)
#define DMLREF_DETAIL_ISA_SSE42 _sse42
#else
#define DMLREF_DETAIL_ISA_SSE42
#endif
#if defined(__AVX__)
#define DMLREF_DETAIL_ISA_AVX _avx
#else
#define DMLREF_DETAIL_ISA_AVX
#endif
#if defined(__FMA__)
#define DMLREF_DETAIL_ISA_FMA _fma
#else
#define DMLREF_DETAIL_ISA_FMA
#endif
#if defined(__F16C__)
#define DMLREF_DETAIL_ISA_F16C _f16c
#else
#define DMLREF_DETAIL_ISA_F16C
#endif
#if defined(__AVX2__)
#define DMLREF_DETAIL_ISA_AVX2 _avx2
#else
#define DMLREF_DETAIL_ISA_AVX2
#endif
#if defined(__AVX512F__)
#define DMLREF_DETAIL_ISA_AVX512F _avx512f
#else
#define DMLREF_DETAIL_ISA_AVX512F
#endif
#if defined(__AVX512CD__)
#define DMLREF_DETAIL_ISA_AVX512CD _avx512cd
#else
#define DMLREF_DETAIL_ISA_AVX512CD
#endif
#if defined(__AVX512DQ__)
#define DMLREF_DETAIL_ISA_AVX512DQ _avx512dq
#else
#define DMLREF_DETAIL_ISA_AVX512DQ
#endif
#if defined(__AVX512BW__)
#define DMLREF_DETAIL_ISA_AVX512BW _avx512bw
#else
#define DMLREF_DETAIL_ISA_AVX512BW
#endif
#if defined(__AVX512VL__)
#define DMLREF_DETAIL_ISA_AVX512VL _avx512vl
#else
#define DMLREF_DETAIL_ISA_AVX512VL
#endif
#if defined(__AVX512FP16__)
#define DMLREF_DETAIL_ISA_AVX512FP16 _avx512fp16
#else
#define DMLREF_DETAIL_ISA_AVX512FP16
#endif
#if defined(__ARM_NEON) || defined(__ARM_NEON__)
#define DMLREF_DETAIL_ISA_NEON _neon
#else
#define DMLREF_DETAIL_ISA_NEON
#endif
#if defined(__ARM_FEATURE_FMA)
#define DMLREF_DETAIL_ISA_ARM_FMA _armfma
#else
#define DMLREF_DETAIL_ISA_ARM_FMA
#endif

/// This translation unit's instruction-set namespace (an identifier).
#define DMLREF_ISA_NAMESPACE                                                                                     \
  DMLREF_DETAIL_ISA_EXPAND(DMLREF_DETAIL_ISA_SSE2, DMLREF_DETAIL_ISA_SSE3, DMLREF_DETAIL_ISA_SSSE3, DMLREF_DETAIL_ISA_SSE41,            \
                           DMLREF_DETAIL_ISA_SSE42, DMLREF_DETAIL_ISA_AVX, DMLREF_DETAIL_ISA_FMA,               \
                           DMLREF_DETAIL_ISA_F16C, DMLREF_DETAIL_ISA_AVX2, DMLREF_DETAIL_ISA_AVX512F,           \
                           DMLREF_DETAIL_ISA_AVX512CD, DMLREF_DETAIL_ISA_AVX512DQ, DMLREF_DETAIL_ISA_AVX512BW,  \
                           DMLREF_DETAIL_ISA_AVX512VL, DMLREF_DETAIL_ISA_AVX512FP16, DMLREF_DETAIL_ISA_NEON,    \
                           DMLREF_DETAIL_ISA_ARM_FMA)

#define DMLREF_DETAIL_ISA_STRING2(x) #x
#define DMLREF_DETAIL_ISA_STRING(x) DMLREF_DETAIL_ISA_STRING2(x)
/// The same name as a string literal ("isa_sse3_..."), for messages and --version lines.
#define DMLREF_ISA_NAME DMLREF_DETAIL_ISA_STRING(DMLREF_ISA_NAMESPACE)
