#pragma once
// The x86 intrinsics header, included once for all of dmlref.
//
// GCC 12 reports its own AVX-512 intrinsics (their _mm512_undefined_* placeholders) as
// reading uninitialised values once they are inlined; the report points into GCC's header,
// not at dmlref, so the warning is silenced for that header's lines alone.

#if defined(__x86_64__) || defined(__i386__) || defined(_M_X64)
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#include <immintrin.h>
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
#endif
