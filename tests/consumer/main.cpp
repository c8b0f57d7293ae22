// A consumer of an installed (or embedded) dmlref: tests/consumer/*/ build this one file with
// find_package, pkg-config, add_subdirectory and a Meson subproject (ctest label consumers:
// cmake/dmlrefTests.cmake), and run it: it prints the version and runs SIGN on two threads.
#include <dmlref/dmlref.hpp>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

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
    // A threaded path starts threads: the build system must link what std::thread needs.
    const auto n = static_cast<std::uint32_t>(2 * dmlref::min_elements_per_thread);
    std::vector<float> x(n), plain(n), threaded(n);
    for (std::uint32_t i = 0; i < n; ++i) x[i] = static_cast<float>(static_cast<int>(i % 5) - 2);
    const std::uint32_t size[] = {n};
    const auto in = dmlref::make_packed_view(static_cast<const float*>(x.data()), size);
    if (!dmlref::sign(dmlref::golden, in, dmlref::make_packed_view(plain.data(), size)).ok() ||
        !dmlref::sign(dmlref::golden.threads(2), in, dmlref::make_packed_view(threaded.data(), size)).ok() ||
        std::memcmp(plain.data(), threaded.data(), n * sizeof(float)) != 0) {
        std::printf("SIGN on 2 threads differs from SIGN on one\n");
        return 1;
    }
    return 0;
}
