#pragma once
// Budgets that several operators share (fast_ulp_budget and default_tolerance), stated once.
// An operator derives from with_budgets<Family, Budgets> (or a refinement built on it) instead
// of writing the two functions.
//
//   with_budgets<Family, Budgets>  Family, plus Budgets' two functions.
//   exact_budgets                  fast_ulp_budget 0; the exact default comparison.
//   ulp_budgets<Fast32, Fast16, Default>
//                                  the fast path within Fast16 ULP of golden for a FLOAT16
//                                  output, Fast32 ULP for any other; the default comparison
//                                  within Default ULP whatever the types.
//   budgets_of<Other>              Other's two functions, for an operator whose contract takes
//                                  another operator's budgets (CELU takes ELU's).

#include <cstdint>

#include "dmlref/core/data_type.hpp"
#include "dmlref/core/tolerance.hpp"
#include "dmlref/ops/operator_traits.hpp"

namespace dmlref::ops {

struct exact_budgets {
  static constexpr std::uint64_t fast_ulp_budget(data_type) noexcept { return 0; }
  static constexpr tolerance default_tolerance(const operation_types&) noexcept { return tolerance::exact(); }
};

template <std::uint64_t Fast32, std::uint64_t Fast16, std::uint64_t Default>
struct ulp_budgets {
  static constexpr std::uint64_t fast_ulp_budget(data_type output) noexcept {
    return output == data_type::float16 ? Fast16 : Fast32;
  }
  static constexpr tolerance default_tolerance(const operation_types&) noexcept { return tolerance::ulp(Default); }
};

template <class Family, class Budgets>
struct with_budgets : Family, Budgets {};

template <class Other>
struct budgets_of {
  static constexpr std::uint64_t fast_ulp_budget(data_type output) noexcept { return Other::fast_ulp_budget(output); }
  static constexpr tolerance default_tolerance(const operation_types& t) noexcept {
    return Other::default_tolerance(t);
  }
};

}  // namespace dmlref::ops
