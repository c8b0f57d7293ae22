#pragma once
// ELEMENT_WISE_ADD1
//
// Formula      y = FusedActivation(a + b), or a + b when no FusedActivation is given.
// Fusion       the sum is ADD's (ops/add.hpp): the exact sum rounded once to the output type;
//              the activation is then its own golden functor applied to that rounded sum, so
//              y has the bits ADD followed by the activation gives. [unverified: DirectML's
//              pages say only that the activation "executes on the output"; a GPU may keep the
//              sum wider inside the fused shader. A sum rounded to the output type is what the
//              unfused pair computes, which fusion is documented not to change ("fused
//              activations produce the same result").]
// Activation   any operator of the registry named ACTIVATION_* whose descriptor has one input
//              and one output tensor (ACTIVATION_PARAMETERIZED_RELU's slope and
//              ACTIVATION_RELU_GRAD's gradient have no binding inside ADD1: refused), with its
//              own attributes; an activation added to the registry later fuses with no change
//              here (ops/registry.hpp folds over it: fused_activations).
// Validation   FusedActivation's type must be such an activation; its InputTensor and
//              OutputTensor null (DirectML's fused-activation page); its support table must
//              take OutputTensor's data type at the level (and so its level must be reached);
//              its enumerations and its own attribute rules hold. Each error names the field
//              ("FusedActivation", "FusedActivation.Alpha", ...).
// Specials     ADD's for the sum (NaN canonical, -0 + -0 = -0, exact zero sums +0), then the
//              activation's.
// Undefined    where the activation leaves its input's result undefined.
// Support      ATensor, BTensor and OutputTensor share one data type.
//              2_0: FLOAT32, FLOAT16. Dimensions: 4 to 5 before 3_0, 1 to 8 from 3_0.
//              FusedActivation optional. OutputTensor may alias ATensor, BTensor or both
//              (in place).
// Budgets      golden: exact (ADD's exact sum, then the activation's exact golden). fast:
//              exact (fast_ulp_budget 0): without an activation, ADD's lanes (simd/add1.hpp);
//              with one, the golden traversal (no vector kernel for the fused pair yet).
//              Default comparison: exact without an activation; with one, the activation's
//              default for the output type (default_tolerance_of sees the attributes).

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "dmlref/core/float16.hpp"
#include "dmlref/core/status.hpp"
#include "dmlref/core/tolerance.hpp"
#include "dmlref/dml/attributes.hpp"
#include "dmlref/dml/directml_types.hpp"
#include "dmlref/ops/add.hpp"
#include "dmlref/ops/families.hpp"
#include "dmlref/ops/support.hpp"

namespace dmlref::ops {

/// An activation chosen at run time, applied to single values: ADD1's FusedActivation. It
/// holds the activation operator (built from its own attributes) and, per element type, a
/// function calling that operator's golden functor.
class fused_activation {
 public:
  fused_activation() = default;

  /// The activation op, described by nested (its attributes as given).
  template <class Op>
  static fused_activation of(const Op& op, std::shared_ptr<const dml::nested_operator> nested) {
    fused_activation f;
    f.op_ = std::make_shared<const Op>(op);
    f.nested_ = std::move(nested);
    f.on_float_ = [](const void* p, float x) { return (*static_cast<const Op*>(p))(x); };
    f.on_half_ = [](const void* p, float16 x) { return (*static_cast<const Op*>(p))(x); };
    f.defined_float_ = [](const void* p, float x) noexcept { return static_cast<const Op*>(p)->defined(x); };
    f.defined_half_ = [](const void* p, float16 x) noexcept { return static_cast<const Op*>(p)->defined(x); };
    f.tolerance_ = [](const operation_types& t) noexcept { return Op::default_tolerance(t); };
    return f;
  }

  explicit operator bool() const noexcept { return op_ != nullptr; }
  /// The descriptor it was built from (null when none).
  const std::shared_ptr<const dml::nested_operator>& nested() const noexcept { return nested_; }

  float operator()(float x) const { return on_float_(op_.get(), x); }
  float16 operator()(float16 x) const { return on_half_(op_.get(), x); }
  bool defined(float x) const noexcept { return defined_float_(op_.get(), x); }
  bool defined(float16 x) const noexcept { return defined_half_(op_.get(), x); }
  /// The activation's default comparison for an operation binding t (its own slots: input,
  /// output).
  tolerance default_tolerance(const operation_types& t) const noexcept { return tolerance_(t); }

 private:
  std::shared_ptr<const void> op_;
  std::shared_ptr<const dml::nested_operator> nested_;
  float (*on_float_)(const void*, float) = nullptr;
  float16 (*on_half_)(const void*, float16) = nullptr;
  bool (*defined_float_)(const void*, float) noexcept = nullptr;
  bool (*defined_half_)(const void*, float16) noexcept = nullptr;
  tolerance (*tolerance_)(const operation_types&) noexcept = nullptr;
};

/// The registry's activations as ADD1 fuses them (defined by ops/registry.hpp, after the
/// list of operators; Key is any type, there only so that the registry is read where ADD1 is
/// used rather than where it is declared):
///   static fused_activation make(const std::shared_ptr<const dml::nested_operator>&);
///                                      the activation it describes; empty when none fits
///   static status check(feature_level, data_type output, const dml::nested_operator&);
///   static std::vector<dml::attribute_values> samples(data_type output);
///                                      none, then each activation taking output with its
///                                      first attribute sample
template <class Key> struct fused_activations;

struct add1 : binary<add1, support_table<since<feature_level::level_2_0, float_elements>>> {
  static constexpr dml::DML_OPERATOR_TYPE dml_type = dml::DML_OPERATOR_ELEMENT_WISE_ADD1;
  static constexpr std::uint32_t most_dimensions_before_3_0 = 5;

  fused_activation activation;

  template <class A>
  static add1 from_attributes(const A& a) {
    add1 op;
    const auto& f = a["FusedActivation"];
    if (f.present && f.nested) op.activation = fused_activations<A>::make(f.nested);
    return op;
  }
  dml::attribute_values attributes() const {
    dml::attribute_values a(schema_of<add1>());
    if (activation && activation.nested()) {
      dml::attribute_value v;
      v.present = true;
      v.nested = activation.nested();
      a.set("FusedActivation", v);
    }
    return a;
  }
  /// None, then each activation of the registry that takes the output's type, with its
  /// first attribute sample.
  template <class Key = void>
  static std::vector<dml::attribute_values> attribute_samples(const operation_types& t) {
    return fused_activations<Key>::samples(t.type[slot::output]);
  }
  template <class Key = void>
  static std::vector<dml::attribute_values> attribute_samples() {
    return fused_activations<Key>::samples(data_type::float32);
  }
  template <class A>
  static status check_attributes(feature_level level, const operation_types& t, const A& a) {
    const auto& f = a["FusedActivation"];
    if (!f.present || !f.nested) return {};
    return fused_activations<A>::check(level, t.type[slot::output], *f.nested);
  }

  // Budgets.
  static constexpr std::uint64_t fast_ulp_budget(data_type) noexcept { return 0; }
  static constexpr tolerance default_tolerance(const operation_types&) noexcept { return tolerance::exact(); }
  /// With the attributes: the fused activation's default for the output type.
  tolerance default_tolerance_with(const operation_types& t) const noexcept {
    if (!activation) return tolerance::exact();
    operation_types own;
    own.type[0] = own.type[1] = t.type[slot::output];
    own.present[0] = own.present[1] = true;
    return activation.default_tolerance(own);
  }

  /// Golden: ADD's rounded sum, then the activation's golden on it.
  template <class T>
  T operator()(T a, T b) const {
    const T sum = add{}(a, b);
    return activation ? activation(sum) : sum;
  }
  template <class T>
  bool defined(T a, T b) const noexcept {
    return !activation || activation.defined(add{}(a, b));
  }
};

}  // namespace dmlref::ops
