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
// Refinements, for operators that also share their budgets or attributes:
//   exact_without_attributes<Op, Family>
//                        Family, plus what an exact operator without attributes states the
//                        same way: from_attributes (none to read), fast_ulp_budget 0 and the
//                        exact default comparison. The operator states dml_type, its golden
//                        operator() and defined().
//   relation<Op, Support, OutputSupport>
//                        a comparison (above) that is an exact relation defined on every
//                        element (the LOGICAL_ relations); relation_inputs_1_0 with
//                        relation_flags_1_0, and relation_inputs_3_0 with relation_flags_3_0,
//                        are the two support tables those relations have. The operator states
//                        dml_type and its golden operator(a, b).
//   logical_connective<Op>
//                        a binary operator over UINT32 from 1_0 and UINT8 from 2_0 (the
//                        LOGICAL_ AND, OR and XOR: any nonzero element is true), exact,
//                        without attributes, every element defined. The operator states
//                        dml_type and its golden operator(a, b).
//   bit_shift<Op>        a binary operator over UINT32, UINT16, UINT8 from 2_1 and UINT64
//                        from 4_1, exact, without attributes, that moves a's bits by b places
//                        (BIT_SHIFT_LEFT and _RIGHT); b at least the type's width is undefined,
//                        where golden writes 0. The operator states dml_type and its
//                        shift(a, n), which golden applies to one element (a widened to 32 or
//                        64 bits, so nothing is promoted to a signed type) and the fast path to
//                        a batch of lanes, n below the width in both.
//   division<Op, Support>
//                        a binary operator over Support, exact, without attributes, whose
//                        integer elements are undefined where b is 0, where golden writes 0
//                        (DIVIDE, MODULUS_TRUNCATE, MODULUS_FLOOR); golden rounds a float
//                        result once from the exact real Op::exact(a, b). The operator
//                        states dml_type, exact(a, b) on reals and integer(a, b), the
//                        integer result for b != 0.
//
// In place: allows_in_place says whether the output may alias an input at all, and
// in_place_inputs (where a family states it) which ones, bit k for the k-th input; without
// it, InputTensor alone (ops::in_place_inputs_of).
//
// Tensor names in messages are the schema's (tensor_field_of).

#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "dmlref/core/feature_level.hpp"
#include "dmlref/core/status.hpp"
#include "dmlref/core/tolerance.hpp"
#include "dmlref/core/type_list.hpp"
#include "dmlref/math/real.hpp"
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

template <class Op, class Family>
struct exact_without_attributes : Family {
  static Op from_attributes(const dml::attribute_values&) noexcept { return Op{}; }

  // Budgets.
  static constexpr std::uint64_t fast_ulp_budget(data_type) noexcept { return 0; }
  static constexpr tolerance default_tolerance(const operation_types&) noexcept { return tolerance::exact(); }
};

template <class Op, class Support, class OutputSupport>
struct relation : exact_without_attributes<Op, comparison<Op, Support, OutputSupport>> {
  template <class T>
  bool defined(T, T) const noexcept {
    return true;
  }
};

template <class Op>
struct logical_connective
    : exact_without_attributes<Op, binary<Op, support_table<since<feature_level::level_1_0, type_list<std::uint32_t>>,
                                                            since<feature_level::level_2_0, type_list<std::uint8_t>>>>> {
  template <class T>
  bool defined(T, T) const noexcept {
    return true;
  }
};

template <class Op>
struct bit_shift
    : exact_without_attributes<Op, binary<Op, support_table<since<feature_level::level_2_1,
                                                                  type_list<std::uint32_t, std::uint16_t, std::uint8_t>>,
                                                            since<feature_level::level_4_1, type_list<std::uint64_t>>>>> {
  /// Golden: the shifted bits (0 where b is at least the width: undefined).
  template <class T>
  T operator()(T a, T b) const noexcept {
    if (!defined(a, b)) return 0;
    using W = std::conditional_t<(sizeof(T) <= 4), std::uint32_t, std::uint64_t>;  // no signed promotion
    return static_cast<T>(Op::shift(static_cast<W>(a), b));
  }
  template <class T>
  bool defined(T, T b) const noexcept {
    return b < static_cast<T>(std::numeric_limits<T>::digits);
  }
};

template <class Op, class Support>
struct division : exact_without_attributes<Op, binary<Op, Support>> {
  /// Golden.
  template <class T>
  T operator()(T a, T b) const noexcept {
    if constexpr (is_float_element_v<T>) {
      return math::round_real<T>(Op::exact(math::to_real(a), math::to_real(b)));
    } else {
      return b == T{0} ? T{0} : Op::integer(a, b);
    }
  }
  template <class T>
  bool defined(T, T b) const noexcept {
    if constexpr (is_float_element_v<T>) {
      return true;
    } else {
      return b != T{0};
    }
  }
};

/// Inputs and flags of a relation that appears at 1_0: FLOAT32, FLOAT16 -> UINT32; 2_0: ->
/// UINT8 too; 2_1: + the integers of 8 to 32 bits; 4_1: + INT64, UINT64.
using relation_inputs_1_0 = support_table<since<feature_level::level_1_0, float_elements>,
                                          since<feature_level::level_2_1, int_elements_8_to_32>,
                                          since<feature_level::level_4_1, int_elements_64>>;
using relation_flags_1_0 = support_table<since<feature_level::level_1_0, type_list<std::uint32_t>>,
                                         since<feature_level::level_2_0, type_list<std::uint8_t>>>;
/// Inputs and flags of a relation that appears at 3_0: FLOAT32, FLOAT16 and the integers of 8
/// to 32 bits -> UINT32 or UINT8; 4_1: + INT64, UINT64.
using relation_inputs_3_0 = support_table<since<feature_level::level_3_0, float_elements, int_elements_8_to_32>,
                                          since<feature_level::level_4_1, int_elements_64>>;
using relation_flags_3_0 = support_table<since<feature_level::level_3_0, type_list<std::uint32_t, std::uint8_t>>>;

}  // namespace dmlref::ops
