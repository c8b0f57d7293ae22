#pragma once
// Execution paths, chosen by tag like std::execution policies. Both take the same arguments
// and apply the same validation.
//   dmlref::golden  the oracle: exact arithmetic, one rounding, the same bits under any
//                   compiler flags.
//   dmlref::fast    vector inner loops, within each operator's fast_ulp_budget of golden.

namespace dmlref {

struct golden_path {};
struct fast_path {};

inline constexpr golden_path golden{};
inline constexpr fast_path fast{};

template <class P>
inline constexpr bool is_path_v = false;
template <> inline constexpr bool is_path_v<golden_path> = true;
template <> inline constexpr bool is_path_v<fast_path> = true;

}  // namespace dmlref
