#pragma once
// The operator families: what the operators of one family share, stated once (their tensor
// slots, the rule their support table applies, their dispatch and their in-place rule). An
// operator derives from its family and states only what differs: its schema entry
// (dml_type), its support table, its budgets and its formula.
//
//   unary<Op, Support>   InputTensor -> OutputTensor of the same data type, which Support
//                        lists per feature level; dispatched on InputTensor's type; the
//                        output may alias the input (in place).
//   binary<Op, Support>  ATensor, BTensor -> OutputTensor, all three of one data type from
//                        Support; dispatched on ATensor's type; in place over either input
//                        or both (DirectML's pages: the output may alias one or more of the
//                        inputs).
//   comparison<Op, Support, OutputSupport>
//                        ATensor, BTensor of one type from Support -> OutputTensor of a type
//                        from OutputSupport (the LOGICAL_ operators' UINT8/UINT32 flags, 1
//                        for true); dispatched on ATensor's and OutputTensor's types; not in
//                        place (DirectML's pages state no aliasing for them).
//   predicate<Op, Support, OutputSupport>
//                        InputTensor of a type from Support -> OutputTensor of a type from
//                        OutputSupport (IS_NAN's and IS_INFINITY's flags, BIT_COUNT's
//                        counts); dispatched on InputTensor's and OutputTensor's types; not
//                        in place (DirectML's pages state no aliasing for them).
//
// In place: allows_in_place says whether the output may alias an input at all, and
// in_place_inputs (where a family states it) which ones, bit k for the k-th input; without
// it, InputTensor alone (ops::in_place_inputs_of).
//
// Tensor names in messages are the schema's (tensor_field_of).

#include <array>
#include <cstddef>
#include <cstdint>

#include "dmlref/core/feature_level.hpp"
#include "dmlref/core/status.hpp"
#include "dmlref/core/type_list.hpp"
#include "dmlref/ops/operator_traits.hpp"
#include "dmlref/ops/support.hpp"

namespace dmlref::ops {

namespace detail {
/// Tensors first .. last of Op share the data type of tensor `first`, which Support allows at
/// level.
template <class Op, class Support>
status check_one_type(feature_level level, const operation_types& t, std::size_t first, std::size_t last) {
  const char* reference = tensor_field_of<Op>(first).name;
  if (auto s = check_type(t.type[first], Support::at(level), reference, name_of<Op>, level); !s.ok()) return s;
  for (std::size_t k = first + 1; k <= last; ++k) {
    if (auto s = check_same_type(t.type[k], t.type[first], tensor_field_of<Op>(k).name, reference, name_of<Op>);
        !s.ok()) {
      return s;
    }
  }
  return {};
}
}  // namespace detail

template <class Op, class Support>
struct unary {
  struct slot {
    enum : std::size_t { input, output };
  };
  using input_support = Support;
  static constexpr type_set supported_types(feature_level level) noexcept { return Support::at(level); }
  static status check_support(feature_level level, const operation_types& t) {
    return detail::check_one_type<Op, Support>(level, t, slot::input, slot::output);
  }
  static constexpr bool allows_in_place = true;

  // Dispatch: InputTensor's type T; the operands (output first) are of types T, T.
  static constexpr std::array<std::size_t, 1> dispatch_slots{slot::input};
  using dispatch_lists = type_list<typename Support::elements>;
  template <class T>
  using operand_types = type_list<T, T>;
};

template <class Op, class Support>
struct binary {
  struct slot {
    enum : std::size_t { a, b, output };
  };
  using input_support = Support;
  static constexpr type_set supported_types(feature_level level) noexcept { return Support::at(level); }
  static status check_support(feature_level level, const operation_types& t) {
    return detail::check_one_type<Op, Support>(level, t, slot::a, slot::output);
  }
  static constexpr bool allows_in_place = true;
  static constexpr std::uint32_t in_place_inputs = (1u << slot::a) | (1u << slot::b);

  // Dispatch: ATensor's type T; the operands (output first) are of types T, T, T.
  static constexpr std::array<std::size_t, 1> dispatch_slots{slot::a};
  using dispatch_lists = type_list<typename Support::elements>;
  template <class T>
  using operand_types = type_list<T, T, T>;
};

template <class Op, class Support, class OutputSupport>
struct comparison {
  struct slot {
    enum : std::size_t { a, b, output };
  };
  using input_support = Support;
  static constexpr type_set supported_types(feature_level level) noexcept { return Support::at(level); }
  static status check_support(feature_level level, const operation_types& t) {
    if (auto s = detail::check_one_type<Op, Support>(level, t, slot::a, slot::b); !s.ok()) return s;
    return check_type(t.type[slot::output], OutputSupport::at(level), tensor_field_of<Op>(slot::output).name,
                      name_of<Op>, level);
  }
  static constexpr bool allows_in_place = false;

  // Dispatch: ATensor's type T and OutputTensor's type O; the operands (output first) are
  // of types O, T, T.
  static constexpr std::array<std::size_t, 2> dispatch_slots{slot::a, slot::output};
  using dispatch_lists = type_list<typename Support::elements, typename OutputSupport::elements>;
  template <class T, class O>
  using operand_types = type_list<O, T, T>;
};

template <class Op, class Support, class OutputSupport>
struct predicate {
  struct slot {
    enum : std::size_t { input, output };
  };
  using input_support = Support;
  static constexpr type_set supported_types(feature_level level) noexcept { return Support::at(level); }
  static status check_support(feature_level level, const operation_types& t) {
    if (auto s = check_type(t.type[slot::input], Support::at(level), tensor_field_of<Op>(slot::input).name,
                            name_of<Op>, level);
        !s.ok()) {
      return s;
    }
    return check_type(t.type[slot::output], OutputSupport::at(level), tensor_field_of<Op>(slot::output).name,
                      name_of<Op>, level);
  }
  static constexpr bool allows_in_place = false;

  // Dispatch: InputTensor's type T and OutputTensor's type O; the operands (output first)
  // are of types O, T.
  static constexpr std::array<std::size_t, 2> dispatch_slots{slot::input, slot::output};
  using dispatch_lists = type_list<typename Support::elements, typename OutputSupport::elements>;
  template <class T, class O>
  using operand_types = type_list<O, T>;
};

}  // namespace dmlref::ops
