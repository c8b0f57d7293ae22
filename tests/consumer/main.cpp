// A consumer of an installed (or embedded) dmlref: tests/consumer/*/ build this one file with
// find_package, pkg-config, add_subdirectory and a Meson subproject (ctest label consumers:
// cmake/dmlrefTests.cmake).
#include <dmlref/dmlref.hpp>

#include <cstdio>
#include <cstring>

#if defined(DMLREF_EXPECT_SIMD) && !defined(DMLREF_HAVE_XSIMD)
#error "dmlref::simd must define DMLREF_HAVE_XSIMD"
#endif
#if defined(DMLREF_EXPECT_NO_SIMD) && defined(DMLREF_HAVE_XSIMD)
#error "dmlref::dmlref must not define DMLREF_HAVE_XSIMD (only dmlref::simd does)"
#endif

int main() {
    std::printf("dmlref %s\n", DMLREF_VERSION_STRING);
#ifdef DMLREF_EXPECTED_VERSION
    // The version the build system reports must be the one the headers carry.
    if (std::strcmp(DMLREF_VERSION_STRING, DMLREF_EXPECTED_VERSION) != 0) {
        std::printf("version mismatch: headers say %s, the build system says %s\n",
                    DMLREF_VERSION_STRING, DMLREF_EXPECTED_VERSION);
        return 1;
    }
#endif
    return 0;
}
