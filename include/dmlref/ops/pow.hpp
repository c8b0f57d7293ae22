#pragma once
// ELEMENT_WISE_POW
//
// Formula      y = pow(g, e), g = x, or fma(x, Scale, Bias) rounded once to FLOAT32 when
//              ScaleBias is given; e is the ExponentTensor's element, exact as a real.
// Float base   (FLOAT32, FLOAT16 input): as CONSTANT_POW (ops/constant_pow.hpp), whatever
//              the exponent's type: C's special values, DirectML's negative-base rule, the
//              exact result rounded once to the output type.
// Integer base, integer exponent, no ScaleBias: exact. The true power reduced modulo
//              2^bits of the output type (two's complement wrap-around). x^0 = 1, 0^0
//              included. A negative exponent gives 1 for x = 1, +-1 by parity for x = -1,
//              0 for |x| > 1. [unverified: wrap-around rather than saturation]
// Mixed        integer base with a float exponent, or an integer base with ScaleBias: pow in
//              real numbers, then truncated toward zero to the output type. [unverified]
// Undefined    (not compared) integer 0 to a negative integer power; a mixed result that is
//              NaN, infinite or outside the output type's range. The golden path writes 0
//              there.
// Support      1_0: InputTensor, ExponentTensor and OutputTensor all FLOAT32 or all FLOAT16.
//              3_0: InputTensor and ExponentTensor each any of FLOAT32, FLOAT16, INT32,
//              INT16, INT8, UINT32, UINT16, UINT8; OutputTensor of the InputTensor's type.
//              No 64-bit types. Dimensions: 4 before 3_0, 1 to 8 from 3_0. ScaleBias
//              optional (integer inputs: 8 to 32 bits, which is all of them).
//              OutputTensor may alias InputTensor (in place).
// Budgets      golden: 0 ULP from the exact result. fast: 2 FLOAT32 / 1 FLOAT16 ULP from
//              golden, integer results exact. Default comparison: 32 ULP FLOAT32, 2 ULP
//              FLOAT16; integer outputs exact when the exponent is an integer and there is no
//              ScaleBias, 1 (integer unit) for mixed POW (a float exponent, or ScaleBias), whose
//              truncation a float pow a hair below an integer moves by one.

#include <array>
#include <cstdint>
#include <optional>
#include <type_traits>
#include <vector>

#include "dmlref/core/tolerance.hpp"
#include "dmlref/dml/directml_types.hpp"
#include "dmlref/math/exact_pow.hpp"
#include "dmlref/ops/operator_traits.hpp"
#include "dmlref/ops/pow_hard_cases.hpp"
#include "dmlref/ops/pow_rounding.hpp"
#include "dmlref/ops/scale_bias.hpp"
#include "dmlref/ops/support.hpp"
#include "dmlref/ops/unverified.hpp"

namespace dmlref::ops {

struct pow {
  // Identity.
  static constexpr dml::DML_OPERATOR_TYPE dml_type = dml::DML_OPERATOR_ELEMENT_WISE_POW;

  // Tensors, inputs in descriptor order then the output (the schema names them).
  struct slot {
    enum : std::size_t { input, exponent, output };
  };
  static pow from_attributes(const dml::attribute_values& a) noexcept { return pow{scale_bias_of(a)}; }
  dml::attribute_values attributes() const { return with_scale_bias(dml::attribute_values(schema_of<pow>()), scale_and_bias); }

  // Support table: InputTensor and ExponentTensor each take these; before 3_0 all three
  // tensors share one type, from 3_0 only the output follows the input.
  using element_support = support_table<since<feature_level::level_1_0, float_elements>,
                                        since<feature_level::level_3_0, int_elements_8_to_32>>;
  static constexpr type_set base_types(feature_level level) noexcept { return element_support::at(level); }
  static status check_support(feature_level level, const operation_types& t) {
    const auto allowed = base_types(level);
    if (auto s = check_type(t.type[slot::input], allowed, "InputTensor", name_of<pow>, level); !s.ok()) return s;
    if (auto s = check_type(t.type[slot::exponent], allowed, "ExponentTensor", name_of<pow>, level); !s.ok()) return s;
    if (!at_least(level, feature_level::level_3_0)) {
      if (auto s = check_same_type(t.type[slot::exponent], t.type[slot::input], "ExponentTensor", "InputTensor", name_of<pow>);
          !s.ok()) {
        return s;
      }
    }
    return check_same_type(t.type[slot::output], t.type[slot::input], "OutputTensor", "InputTensor", name_of<pow>);
  }
  static constexpr bool allows_in_place = true;

  // Dispatch: InputTensor's type T and ExponentTensor's type E; operands (output first) of
  // types operand_types<T, E>.
  static constexpr std::array<std::size_t, 2> dispatch_slots{slot::input, slot::exponent};
  using dispatch_lists = type_list<element_support::elements, element_support::elements>;
  template <class T, class E>
  using operand_types = type_list<T, T, E>;

  // Budgets.
  static constexpr std::uint64_t fast_ulp_budget(data_type output_type) noexcept {
    return is_float(output_type) ? detail::float_pow_fast_ulp_budget(output_type) : 0;
  }
  /// The default comparison depends on the whole operation: see "Budgets" above.
  static constexpr tolerance default_tolerance(const operation_types& t) noexcept {
    if (is_float(t.type[slot::output])) return detail::float_pow_default_tolerance(t.type[slot::output]);
    const bool mixed = is_float(t.type[slot::exponent]) || t.scale_bias;
    return mixed ? tolerance::ulp(1) : tolerance::exact();
  }

  std::optional<scale_bias> scale_and_bias = std::nullopt;

  /// The hard-to-round corpus (ops/pow_hard_cases.hpp): its rows whose base and exponent
  /// types are t's, as {bases, exponents} bit patterns (without ScaleBias: the corpus is of
  /// the bases themselves).
  static std::vector<std::vector<std::uint64_t>> hard_inputs(const operation_types& t) {
    std::vector<std::vector<std::uint64_t>> columns(2);
    if (t.scale_bias) return columns;
    for (const auto& row : pow_hard_cases) {
      if (row.base_type == name(t.type[slot::input]) && row.exponent_type == name(t.type[slot::exponent])) {
        columns[0].push_back(row.base);
        columns[1].push_back(row.exponent);
      }
    }
    return columns;
  }

  /// Report note: integer wrap-around, and the truncation of mixed integer POW.
  const char* unverified_note(const operation_types& t, const double* in) const noexcept {
    if (!unverified::is_integer(t.type[2])) return nullptr;
    if (!unverified::is_integer(t.type[1]) || t.scale_bias) return unverified::mixed_pow;
    return unverified::power_outside_range(t.type[2], in[0], in[1]) ? unverified::integer_wrap : nullptr;
  }

  /// Golden. The output type is the input's (In).
  template <class In, class Exp>
  In operator()(In x, Exp e) const {
    if constexpr (is_float_element_v<In>) {
      return detail::pow_rounded<In>(scaled_input(x, scale_and_bias), math::to_real(e));
    } else {
      In out{};
      evaluate_integer(x, e, out);
      return out;
    }
  }

  /// False where the contract leaves the element undefined.
  template <class In, class Exp>
  bool defined(In x, Exp e) const {
    if constexpr (is_float_element_v<In>) {
      return true;
    } else {
      In out{};
      return evaluate_integer(x, e, out);
    }
  }

 private:
  /// Integer outputs; returns false (out = 0) where the result is undefined.
  template <class In, class Exp>
  bool evaluate_integer(In x, Exp e, In& out) const {
    out = 0;
    if constexpr (std::is_integral_v<Exp>) {
      if (!scale_and_bias) return integer_power(x, e, out);
    }
    const auto base = scaled_input(x, scale_and_bias);
    const auto exponent = math::to_real(e);
    const auto plan = math::plan_pow(base, exponent);
    using o = math::pow_outcome;
    math::real result;
    result.negative = plan.negative;
    switch (plan.outcome) {
      case o::nan:
      case o::infinity: return false;
      case o::zero: out = 0; return true;
      case o::one: out = 1; return true;
      case o::magnitude: break;
    }
    std::uint64_t magnitude = 0;
    if (!math::pow_magnitude_truncated(base.magnitude, exponent, magnitude)) return false;
    result.cls = magnitude == 0 ? math::fp_class::zero : math::fp_class::normal;
    result.magnitude = {false, magnitude, 0, false};
    return math::truncate_to_integer(result, out);
  }

  /// x^e exactly, modulo 2^bits of In.
  template <class In, class Exp>
  static bool integer_power(In x, Exp e, In& out) noexcept {
    const auto base = static_cast<std::uint64_t>(static_cast<std::int64_t>(x));  // two's complement
    if constexpr (std::is_signed_v<Exp>) {
      if (e < 0) {
        if (x == 0) return false;                  // 0 to a negative power: undefined
        if (x == 1) out = 1;
        else if (std::is_signed_v<In> && base == ~std::uint64_t{0}) {  // x = -1
          out = static_cast<In>((static_cast<std::int64_t>(e) & 1) != 0 ? -1 : 1);
        } else {
          out = 0;
        }
        return true;
      }
    }
    std::uint64_t result = 1;
    std::uint64_t square = base;
    for (auto n = static_cast<std::uint64_t>(e); n != 0; n >>= 1) {
      if ((n & 1) != 0) result *= square;
      square *= square;
    }
    out = static_cast<In>(result);  // reduction modulo 2^bits
    return true;
  }
};

}  // namespace dmlref::ops
