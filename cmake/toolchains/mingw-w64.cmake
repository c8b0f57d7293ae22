# Cross-compiles dmlref for 64-bit Windows with Debian's MinGW-w64 (g++-mingw-w64-x86-64-posix:
# the POSIX thread model, which std::thread needs) and runs what it builds under Wine (wine64):
#
#   cmake --workflow --preset mingw-wine        (CMakePresets.json)
#
# Contract:
# - Executables are linked -static: libgcc, libstdc++ and winpthread are inside each .exe, so it
#   runs under Wine (or on Windows) without the cross compiler's DLLs beside it.
# - Libraries, headers and CMake packages are looked for in MinGW-w64's tree only, so the host's
#   (libbenchmark, MPFR, LLVM's C library, Python, pybind11) are never linked into a Windows
#   program: the parts needing them are not built. The header-only xsimd, doctest,
#   nlohmann_json and CLI11 are the exception: mingw-w64-host-headers.cmake (included after
#   project()) takes them from the host.
# - CMAKE_CROSSCOMPILING_EMULATOR runs a Windows program through Wine with WINEDEBUG=-all and
#   WINEPREFIX=<build tree>/wine-prefix (made by the first start), so no run touches $HOME/.wine.
#   Without Wine the tree still builds; its ctest entries then fail to start.
set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR x86_64)
set(DMLREF_MINGW_TRIPLET x86_64-w64-mingw32)

set(CMAKE_C_COMPILER ${DMLREF_MINGW_TRIPLET}-gcc-posix)
set(CMAKE_CXX_COMPILER ${DMLREF_MINGW_TRIPLET}-g++-posix)
set(CMAKE_RC_COMPILER ${DMLREF_MINGW_TRIPLET}-windres)

set(CMAKE_FIND_ROOT_PATH /usr/${DMLREF_MINGW_TRIPLET})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)

set(CMAKE_EXE_LINKER_FLAGS_INIT "-static")

set(CMAKE_PROJECT_INCLUDE "${CMAKE_CURRENT_LIST_DIR}/mingw-w64-host-headers.cmake")

find_program(DMLREF_WINE NAMES wine64 wine PATHS /usr/lib/wine
  DOC "Wine, which runs the Windows programs of this tree (CMAKE_CROSSCOMPILING_EMULATOR)")
if(DMLREF_WINE)
  set(CMAKE_CROSSCOMPILING_EMULATOR env WINEDEBUG=-all "WINEPREFIX=${CMAKE_BINARY_DIR}/wine-prefix" "${DMLREF_WINE}")
endif()
