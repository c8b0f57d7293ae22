#pragma once
// The operator families: what the operators of one family share, stated once (their tensor
// slots, the rule their support table applies, their dispatch and their in-place rule). An
// operator derives from its family and states only what differs: its schema entry
// (dml_type), its support table, its budgets and its formula.
//
//   unary<Op, Support>   InputTensor -> OutputTensor of the same data type, which Support
//                        lists per feature level; dispatched on InputTensor's type; the
//                        output may alias the input (in place).

#include <array>
#include <cstddef>

#include "dmlref/core/feature_level.hpp"
#include "dmlref/core/status.hpp"
#include "dmlref/core/type_list.hpp"
#include "dmlref/ops/operator_traits.hpp"
#include "dmlref/ops/support.hpp"

namespace dmlref::ops {

template <class Op, class Support>
struct unary {
  struct slot {
    enum : std::size_t { input, output };
  };
  using input_support = Support;
  static constexpr type_set supported_types(feature_level level) noexcept { return Support::at(level); }
  static status check_support(feature_level level, const operation_types& t) {
    if (auto s = check_type(t.type[slot::input], Support::at(level), "InputTensor", name_of<Op>, level); !s.ok()) {
      return s;
    }
    return check_same_type(t.type[slot::output], t.type[slot::input], "OutputTensor", "InputTensor", name_of<Op>);
  }
  static constexpr bool allows_in_place = true;

  // Dispatch: InputTensor's type T; the operands (output first) are of types T, T.
  static constexpr std::array<std::size_t, 1> dispatch_slots{slot::input};
  using dispatch_lists = type_list<typename Support::elements>;
  template <class T>
  using operand_types = type_list<T, T>;
};

}  // namespace dmlref::ops
