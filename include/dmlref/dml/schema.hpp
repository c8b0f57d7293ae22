#pragma once
// DirectML's element-wise operators described once, as data, in the manner of DirectML's own
// operator schema: for each of the 86 (65 ELEMENT_WISE_*, 21 ACTIVATION_*), its
// DML_OPERATOR_TYPE value and name, the feature level it appeared in, and its
// DML_*_OPERATOR_DESC's fields in declaration order, each with its kind (input tensor, output
// tensor, attribute), its type, its name, whether it may be null, and for an enum its values.
// Descriptors can be read and written by walking the fields (field_offset gives each one's
// byte offset), so nothing else needs an operator's field names.
//
//   dml::find_schema(DML_OPERATOR_ELEMENT_WISE_CLIP1)    -> its entry, or nullptr
//   dml::find_schema("clip1")                            -> the same (see below for names)
//   for (const auto& op : dml::element_wise_operators)   -> every entry, by DML_OPERATOR_TYPE
//
// A leaf: it depends on directml_types.hpp and the standard library only. Each entry's size
// and alignment come from its descriptor struct (sizeof/alignof); building the table checks
// that the struct has as many members as the entry has fields, and the static_asserts at the
// end that the fields walked by natural alignment add up to exactly that struct, so a wrong
// field list does not compile, against dmlref's declarations or the real directml.h's.
// (tests/test_schema.cpp also checks each member's type: detail::schema::members_match.) With a real directml.h whose DML_TARGET_VERSION is below 0x6200, the table
// holds the operators that header declares (DirectML's own gating); with dmlref's
// declarations, all 86.
//
// "Optional" is DirectML's documentation's: the field may be null at some feature level
// (ScaleBias, FusedActivation, QUANTIZED_LINEAR_ADD's zero points, and QUANTIZE_LINEAR's and
// DEQUANTIZE_LINEAR's ZeroPointTensor, optional from 6_2: the level rule belongs to the
// operator's support table).

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <type_traits>
#include <utility>

#include "dmlref/dml/directml_types.hpp"

namespace dmlref::dml {

enum class field_kind : std::uint8_t { input_tensor, output_tensor, attribute };

enum class field_type : std::uint8_t {
  tensor_desc,    // const DML_TENSOR_DESC*
  operator_desc,  // const DML_OPERATOR_DESC* (ADD1's FusedActivation)
  uint_value,     // UINT
  int_value,      // INT
  float_value,    // FLOAT
  scale_bias,     // const DML_SCALE_BIAS*
  data_type,      // DML_TENSOR_DATA_TYPE (CLIP1's MinMaxDataType)
  enumeration,    // a UINT-sized enum such as DML_ROUNDING_MODE; see field_schema::values
  scalar_union,   // DML_SCALAR_UNION, typed by the field named in field_schema::typed_by
};

/// One value of an enumeration field: {"DML_ROUNDING_MODE_TOWARD_ZERO", 1}.
struct enum_value {
  const char* name;
  std::uint32_t value;
};

struct field_schema {
  field_kind kind;
  field_type type;
  const char* name;       // DirectML's field name: "InputTensor", "Min"
  bool optional;          // may be null (tensor, scale_bias, operator_desc)
  const char* type_name;  // the C type as directml.h spells it: "DML_TENSOR_DESC*", "FLOAT"
  const enum_value* values = nullptr;  // enumeration: its values
  std::size_t value_count = 0;
  const char* typed_by = nullptr;  // scalar_union: the data_type field giving its type
};

struct operator_schema {
  DML_OPERATOR_TYPE type;
  const char* name;              // "ELEMENT_WISE_ABS": DirectML's enum name without DML_OPERATOR_
  DML_FEATURE_LEVEL introduced;  // the feature level the operator appeared in
  const field_schema* fields;    // in the descriptor's order
  std::size_t field_count;
  std::size_t desc_size, desc_align;  // sizeof/alignof of its DML_*_OPERATOR_DESC
};

/// The descriptor's output tensor: every element-wise operator has exactly one
/// ("OutputTensor", or "OutputGradientTensor" for the gradients); null for none.
constexpr const field_schema* output_field(const operator_schema& s) noexcept {
  for (std::size_t k = 0; k < s.field_count; ++k) {
    if (s.fields[k].kind == field_kind::output_tensor) return &s.fields[k];
  }
  return nullptr;
}

/// Bounds for code that holds any descriptor of the family: its size in bytes and its number
/// of fields (checked below against every entry).
inline constexpr std::size_t max_descriptor_bytes = 256;
inline constexpr std::size_t max_descriptor_fields = 16;

namespace detail::schema {

constexpr field_schema input(const char* name, bool optional = false) noexcept {
  return {field_kind::input_tensor, field_type::tensor_desc, name, optional, "DML_TENSOR_DESC*"};
}
constexpr field_schema output(const char* name) noexcept {
  return {field_kind::output_tensor, field_type::tensor_desc, name, false, "DML_TENSOR_DESC*"};
}
constexpr field_schema attribute(field_type type, const char* name, const char* type_name,
                                 bool optional = false) noexcept {
  return {field_kind::attribute, type, name, optional, type_name};
}
constexpr field_schema float_attribute(const char* name) noexcept {
  return attribute(field_type::float_value, name, "FLOAT");
}
template <std::size_t N>
constexpr field_schema enum_attribute(const char* name, const char* type_name, const enum_value (&values)[N]) noexcept {
  return {field_kind::attribute, field_type::enumeration, name, false, type_name, values, N};
}
constexpr field_schema scalar_attribute(const char* name, const char* typed_by) noexcept {
  return {field_kind::attribute, field_type::scalar_union, name, false, "DML_SCALAR_UNION", nullptr, 0, typed_by};
}

inline constexpr field_schema input_tensor = input("InputTensor");
inline constexpr field_schema output_tensor = output("OutputTensor");
inline constexpr field_schema a_tensor = input("ATensor");
inline constexpr field_schema b_tensor = input("BTensor");
inline constexpr field_schema input_gradient = input("InputGradientTensor");
inline constexpr field_schema output_gradient = output("OutputGradientTensor");
inline constexpr field_schema scale_bias = attribute(field_type::scale_bias, "ScaleBias", "DML_SCALE_BIAS*", true);
inline constexpr field_schema alpha = float_attribute("Alpha");
inline constexpr field_schema beta = float_attribute("Beta");
inline constexpr field_schema min = float_attribute("Min");
inline constexpr field_schema max = float_attribute("Max");
inline constexpr field_schema min_max_data_type =
    attribute(field_type::data_type, "MinMaxDataType", "DML_TENSOR_DATA_TYPE");
inline constexpr field_schema min_scalar = scalar_attribute("Min", "MinMaxDataType");
inline constexpr field_schema max_scalar = scalar_attribute("Max", "MinMaxDataType");

// Shapes shared by several descriptors.
inline constexpr field_schema unary[] = {input_tensor, output_tensor};
inline constexpr field_schema unary_scale_bias[] = {input_tensor, output_tensor, scale_bias};
inline constexpr field_schema binary[] = {a_tensor, b_tensor, output_tensor};
inline constexpr field_schema unary_alpha[] = {input_tensor, output_tensor, alpha};
inline constexpr field_schema unary_alpha_beta[] = {input_tensor, output_tensor, alpha, beta};
inline constexpr field_schema quantize[] = {input_tensor, input("ScaleTensor"), input("ZeroPointTensor", true),
                                            output_tensor};

// One descriptor each.
inline constexpr field_schema add1[] = {
    a_tensor, b_tensor, output_tensor,
    attribute(field_type::operator_desc, "FusedActivation", "DML_OPERATOR_DESC*", true)};
inline constexpr field_schema clip[] = {input_tensor, output_tensor, scale_bias, min, max};
inline constexpr field_schema pow[] = {input_tensor, input("ExponentTensor"), output_tensor, scale_bias};
inline constexpr field_schema constant_pow[] = {input_tensor, output_tensor, scale_bias, float_attribute("Exponent")};
inline constexpr field_schema threshold[] = {input_tensor, output_tensor, scale_bias, min};
inline constexpr field_schema parameterized_relu[] = {input_tensor, input("SlopeTensor"), output_tensor};
inline constexpr field_schema scaled_elu[] = {input_tensor, output_tensor, alpha, float_attribute("Gamma")};
inline constexpr field_schema softplus[] = {input_tensor, output_tensor, float_attribute("Steepness")};
inline constexpr field_schema if_[] = {input("ConditionTensor"), a_tensor, b_tensor, output_tensor};
inline constexpr field_schema shrink[] = {input_tensor, output_tensor, float_attribute("Bias"),
                                          float_attribute("Threshold")};
inline constexpr field_schema relu_grad[] = {input_tensor, input_gradient, output_gradient};
inline constexpr field_schema clip_grad[] = {input_tensor, input_gradient, output_gradient, min, max};
inline constexpr field_schema quantized_linear_add[] = {
    a_tensor,           input("AScaleTensor"),      input("AZeroPointTensor", true),
    b_tensor,           input("BScaleTensor"),      input("BZeroPointTensor", true),
    input("OutputScaleTensor"), input("OutputZeroPointTensor", true), output_tensor};
inline constexpr field_schema clip1[] = {input_tensor, output_tensor, scale_bias, min_max_data_type, min_scalar, max_scalar};
inline constexpr field_schema clip_grad1[] = {input_tensor, input_gradient, output_gradient,
                                              min_max_data_type, min_scalar, max_scalar};
inline constexpr field_schema swish[] = {input_tensor, output_tensor, float_attribute("SigmoidInputScale")};

#if DMLREF_DML_TARGET_VERSION >= 0x2100
inline constexpr enum_value rounding_modes[] = {
    {"DML_ROUNDING_MODE_HALVES_TO_NEAREST_EVEN", DML_ROUNDING_MODE_HALVES_TO_NEAREST_EVEN},
    {"DML_ROUNDING_MODE_TOWARD_ZERO", DML_ROUNDING_MODE_TOWARD_ZERO},
    {"DML_ROUNDING_MODE_TOWARD_INFINITY", DML_ROUNDING_MODE_TOWARD_INFINITY},
};
inline constexpr enum_value infinity_modes[] = {
    {"DML_IS_INFINITY_MODE_EITHER", DML_IS_INFINITY_MODE_EITHER},
    {"DML_IS_INFINITY_MODE_POSITIVE", DML_IS_INFINITY_MODE_POSITIVE},
    {"DML_IS_INFINITY_MODE_NEGATIVE", DML_IS_INFINITY_MODE_NEGATIVE},
};
inline constexpr field_schema round[] = {input_tensor, output_tensor,
                                         enum_attribute("RoundingMode", "DML_ROUNDING_MODE", rounding_modes)};
inline constexpr field_schema is_infinity[] = {input_tensor, output_tensor,
                                               enum_attribute("InfinityMode", "DML_IS_INFINITY_MODE", infinity_modes)};
#endif

// Reading a descriptor struct's members without their names: Desc{a, b, ...} is well-formed
// only with at most as many initializers as it has members, and `only<T>` converts to T and
// nothing else, so Desc{any, only<T>, any} asks whether the second member is a T.
struct any_member {
  template <class T>
  operator T() const noexcept;  // unevaluated only
};
template <class T>
struct only {
  template <class U, std::enable_if_t<std::is_same_v<U, T>, int> = 0>
  operator U() const noexcept;
};
struct only_enum {  // an enumeration other than DML_TENSOR_DATA_TYPE
  template <class U, std::enable_if_t<std::is_enum_v<U> && !std::is_same_v<U, DML_TENSOR_DATA_TYPE>, int> = 0>
  operator U() const noexcept;
};
template <class... T>
struct pack {};
template <class Desc, class Args, class = void>
struct braces : std::false_type {};
template <class Desc, class... A>
struct braces<Desc, pack<A...>, std::void_t<decltype(Desc{std::declval<A>()...})>> : std::true_type {};

/// Desc{...} with `count` initializers, Probe at position probe and any_member elsewhere.
template <class Desc, class Probe, std::size_t probe, std::size_t... I>
constexpr bool accepts(std::index_sequence<I...>) noexcept {
  return braces<Desc, pack<std::conditional_t<I == probe, Probe, any_member>...>>::value;
}

/// The field type of Desc's member k (of count members); field_type's last value + 1 when
/// it is none of them.
template <class Desc, std::size_t count, std::size_t k>
constexpr int member_type() noexcept {
  using all = std::make_index_sequence<count>;
  if (accepts<Desc, only<const DML_TENSOR_DESC*>, k>(all{})) return static_cast<int>(field_type::tensor_desc);
  if (accepts<Desc, only<const DML_OPERATOR_DESC*>, k>(all{})) return static_cast<int>(field_type::operator_desc);
  if (accepts<Desc, only<const DML_SCALE_BIAS*>, k>(all{})) return static_cast<int>(field_type::scale_bias);
  if (accepts<Desc, only<UINT>, k>(all{})) return static_cast<int>(field_type::uint_value);
  if (accepts<Desc, only<INT>, k>(all{})) return static_cast<int>(field_type::int_value);
  if (accepts<Desc, only<FLOAT>, k>(all{})) return static_cast<int>(field_type::float_value);
  if (accepts<Desc, only<DML_TENSOR_DATA_TYPE>, k>(all{})) return static_cast<int>(field_type::data_type);
  if (accepts<Desc, only_enum, k>(all{})) return static_cast<int>(field_type::enumeration);
#if DMLREF_DML_TARGET_VERSION >= 0x2100
  if (accepts<Desc, only<DML_SCALAR_UNION>, k>(all{})) return static_cast<int>(field_type::scalar_union);
#endif
  return static_cast<int>(field_type::scalar_union) + 1;
}

/// Desc has exactly count members.
template <class Desc, std::size_t count>
constexpr bool has_members() noexcept {
  return accepts<Desc, any_member, count>(std::make_index_sequence<count>{}) &&
         !accepts<Desc, any_member, count + 1>(std::make_index_sequence<count + 1>{});
}

/// Desc's members are op's fields: as many, and each of the type the field names. (Costly to
/// compile: the table checks only the count; tests/test_schema.cpp checks every type.)
template <class Desc, std::size_t count, std::size_t... k>
constexpr bool members_match(const operator_schema& op, std::index_sequence<k...>) noexcept {
  if (op.field_count != count || !has_members<Desc, count>()) return false;
  const int types[] = {member_type<Desc, count, k>()...};
  for (std::size_t i = 0; i < count; ++i) {
    if (types[i] != static_cast<int>(op.fields[i].type)) return false;
  }
  return true;
}

/// Not constexpr: reaching it while element_wise_operators is initialized stops the build.
inline void the_fields_do_not_match_the_descriptor_struct() noexcept {}

/// An entry whose size and alignment are its descriptor struct's, after checking that the
/// struct has as many members as fields.
template <class Desc, std::size_t N>
constexpr operator_schema describe(DML_OPERATOR_TYPE type, const char* name, DML_FEATURE_LEVEL introduced,
                                   const field_schema (&fields)[N]) noexcept {
  if (!has_members<Desc, N>()) the_fields_do_not_match_the_descriptor_struct();
  return {type, name, introduced, fields, N, sizeof(Desc), alignof(Desc)};
}

}  // namespace detail::schema

// One entry: the operator's enum value, name and descriptor from one spelling.
#define DMLREF_DML_SCHEMA(NAME, LEVEL, FIELDS)                                                         \
  detail::schema::describe<DML_##NAME##_OPERATOR_DESC>(DML_OPERATOR_##NAME, #NAME, DML_FEATURE_LEVEL_##LEVEL, \
                                                       detail::schema::FIELDS)

/// Every element-wise operator, in DML_OPERATOR_TYPE order.
inline constexpr operator_schema element_wise_operators[] = {
    DMLREF_DML_SCHEMA(ELEMENT_WISE_IDENTITY, 1_0, unary_scale_bias),
    DMLREF_DML_SCHEMA(ELEMENT_WISE_ABS, 1_0, unary_scale_bias),
    DMLREF_DML_SCHEMA(ELEMENT_WISE_ACOS, 1_0, unary_scale_bias),
    DMLREF_DML_SCHEMA(ELEMENT_WISE_ADD, 1_0, binary),
    DMLREF_DML_SCHEMA(ELEMENT_WISE_ASIN, 1_0, unary_scale_bias),
    DMLREF_DML_SCHEMA(ELEMENT_WISE_ATAN, 1_0, unary_scale_bias),
    DMLREF_DML_SCHEMA(ELEMENT_WISE_CEIL, 1_0, unary_scale_bias),
    DMLREF_DML_SCHEMA(ELEMENT_WISE_CLIP, 1_0, clip),
    DMLREF_DML_SCHEMA(ELEMENT_WISE_COS, 1_0, unary_scale_bias),
    DMLREF_DML_SCHEMA(ELEMENT_WISE_DIVIDE, 1_0, binary),
    DMLREF_DML_SCHEMA(ELEMENT_WISE_EXP, 1_0, unary_scale_bias),
    DMLREF_DML_SCHEMA(ELEMENT_WISE_FLOOR, 1_0, unary_scale_bias),
    DMLREF_DML_SCHEMA(ELEMENT_WISE_LOG, 1_0, unary_scale_bias),
    DMLREF_DML_SCHEMA(ELEMENT_WISE_LOGICAL_AND, 1_0, binary),
    DMLREF_DML_SCHEMA(ELEMENT_WISE_LOGICAL_EQUALS, 1_0, binary),
    DMLREF_DML_SCHEMA(ELEMENT_WISE_LOGICAL_GREATER_THAN, 1_0, binary),
    DMLREF_DML_SCHEMA(ELEMENT_WISE_LOGICAL_LESS_THAN, 1_0, binary),
    DMLREF_DML_SCHEMA(ELEMENT_WISE_LOGICAL_NOT, 1_0, unary),
    DMLREF_DML_SCHEMA(ELEMENT_WISE_LOGICAL_OR, 1_0, binary),
    DMLREF_DML_SCHEMA(ELEMENT_WISE_LOGICAL_XOR, 1_0, binary),
    DMLREF_DML_SCHEMA(ELEMENT_WISE_MAX, 1_0, binary),
    DMLREF_DML_SCHEMA(ELEMENT_WISE_MEAN, 1_0, binary),
    DMLREF_DML_SCHEMA(ELEMENT_WISE_MIN, 1_0, binary),
    DMLREF_DML_SCHEMA(ELEMENT_WISE_MULTIPLY, 1_0, binary),
    DMLREF_DML_SCHEMA(ELEMENT_WISE_POW, 1_0, pow),
    DMLREF_DML_SCHEMA(ELEMENT_WISE_CONSTANT_POW, 1_0, constant_pow),
    DMLREF_DML_SCHEMA(ELEMENT_WISE_RECIP, 1_0, unary_scale_bias),
    DMLREF_DML_SCHEMA(ELEMENT_WISE_SIN, 1_0, unary_scale_bias),
    DMLREF_DML_SCHEMA(ELEMENT_WISE_SQRT, 1_0, unary_scale_bias),
    DMLREF_DML_SCHEMA(ELEMENT_WISE_SUBTRACT, 1_0, binary),
    DMLREF_DML_SCHEMA(ELEMENT_WISE_TAN, 1_0, unary_scale_bias),
    DMLREF_DML_SCHEMA(ELEMENT_WISE_THRESHOLD, 1_0, threshold),
    DMLREF_DML_SCHEMA(ELEMENT_WISE_QUANTIZE_LINEAR, 1_0, quantize),
    DMLREF_DML_SCHEMA(ELEMENT_WISE_DEQUANTIZE_LINEAR, 1_0, quantize),
    DMLREF_DML_SCHEMA(ACTIVATION_ELU, 1_0, unary_alpha),
    DMLREF_DML_SCHEMA(ACTIVATION_HARD_SIGMOID, 1_0, unary_alpha_beta),
    DMLREF_DML_SCHEMA(ACTIVATION_IDENTITY, 1_0, unary),
    DMLREF_DML_SCHEMA(ACTIVATION_LEAKY_RELU, 1_0, unary_alpha),
    DMLREF_DML_SCHEMA(ACTIVATION_LINEAR, 1_0, unary_alpha_beta),
    DMLREF_DML_SCHEMA(ACTIVATION_PARAMETERIZED_RELU, 1_0, parameterized_relu),
    DMLREF_DML_SCHEMA(ACTIVATION_PARAMETRIC_SOFTPLUS, 1_0, unary_alpha_beta),
    DMLREF_DML_SCHEMA(ACTIVATION_RELU, 1_0, unary),
    DMLREF_DML_SCHEMA(ACTIVATION_SCALED_ELU, 1_0, scaled_elu),
    DMLREF_DML_SCHEMA(ACTIVATION_SCALED_TANH, 1_0, unary_alpha_beta),
    DMLREF_DML_SCHEMA(ACTIVATION_SIGMOID, 1_0, unary),
    DMLREF_DML_SCHEMA(ACTIVATION_SOFTPLUS, 1_0, softplus),
    DMLREF_DML_SCHEMA(ACTIVATION_SOFTSIGN, 1_0, unary),
    DMLREF_DML_SCHEMA(ACTIVATION_TANH, 1_0, unary),
    DMLREF_DML_SCHEMA(ACTIVATION_THRESHOLDED_RELU, 1_0, unary_alpha),
#if DMLREF_DML_TARGET_VERSION >= 0x2000
    DMLREF_DML_SCHEMA(ELEMENT_WISE_SIGN, 2_0, unary),
    DMLREF_DML_SCHEMA(ELEMENT_WISE_IS_NAN, 2_0, unary),
    DMLREF_DML_SCHEMA(ELEMENT_WISE_ERF, 2_0, unary_scale_bias),
    DMLREF_DML_SCHEMA(ELEMENT_WISE_SINH, 2_0, unary_scale_bias),
    DMLREF_DML_SCHEMA(ELEMENT_WISE_COSH, 2_0, unary_scale_bias),
    DMLREF_DML_SCHEMA(ELEMENT_WISE_TANH, 2_0, unary_scale_bias),
    DMLREF_DML_SCHEMA(ELEMENT_WISE_ASINH, 2_0, unary_scale_bias),
    DMLREF_DML_SCHEMA(ELEMENT_WISE_ACOSH, 2_0, unary_scale_bias),
    DMLREF_DML_SCHEMA(ELEMENT_WISE_ATANH, 2_0, unary_scale_bias),
    DMLREF_DML_SCHEMA(ELEMENT_WISE_IF, 2_0, if_),
    DMLREF_DML_SCHEMA(ELEMENT_WISE_ADD1, 2_0, add1),
    DMLREF_DML_SCHEMA(ACTIVATION_SHRINK, 2_0, shrink),
#endif
#if DMLREF_DML_TARGET_VERSION >= 0x2100
    DMLREF_DML_SCHEMA(ELEMENT_WISE_BIT_SHIFT_LEFT, 2_1, binary),
    DMLREF_DML_SCHEMA(ELEMENT_WISE_BIT_SHIFT_RIGHT, 2_1, binary),
    DMLREF_DML_SCHEMA(ELEMENT_WISE_ROUND, 2_1, round),
    DMLREF_DML_SCHEMA(ELEMENT_WISE_IS_INFINITY, 2_1, is_infinity),
    DMLREF_DML_SCHEMA(ELEMENT_WISE_MODULUS_TRUNCATE, 2_1, binary),
    DMLREF_DML_SCHEMA(ELEMENT_WISE_MODULUS_FLOOR, 2_1, binary),
#endif
#if DMLREF_DML_TARGET_VERSION >= 0x3000
    DMLREF_DML_SCHEMA(ELEMENT_WISE_BIT_AND, 3_0, binary),
    DMLREF_DML_SCHEMA(ELEMENT_WISE_BIT_OR, 3_0, binary),
    DMLREF_DML_SCHEMA(ELEMENT_WISE_BIT_XOR, 3_0, binary),
    DMLREF_DML_SCHEMA(ELEMENT_WISE_BIT_NOT, 3_0, unary),
    DMLREF_DML_SCHEMA(ELEMENT_WISE_BIT_COUNT, 3_0, unary),
    DMLREF_DML_SCHEMA(ELEMENT_WISE_LOGICAL_GREATER_THAN_OR_EQUAL, 3_0, binary),
    DMLREF_DML_SCHEMA(ELEMENT_WISE_LOGICAL_LESS_THAN_OR_EQUAL, 3_0, binary),
    DMLREF_DML_SCHEMA(ACTIVATION_CELU, 3_0, unary_alpha),
    DMLREF_DML_SCHEMA(ACTIVATION_RELU_GRAD, 3_0, relu_grad),
#endif
#if DMLREF_DML_TARGET_VERSION >= 0x3100
    DMLREF_DML_SCHEMA(ELEMENT_WISE_ATAN_YX, 3_1, binary),
    DMLREF_DML_SCHEMA(ELEMENT_WISE_CLIP_GRAD, 3_1, clip_grad),
    DMLREF_DML_SCHEMA(ELEMENT_WISE_DIFFERENCE_SQUARE, 3_1, binary),
#endif
#if DMLREF_DML_TARGET_VERSION >= 0x4000
    DMLREF_DML_SCHEMA(ELEMENT_WISE_QUANTIZED_LINEAR_ADD, 4_0, quantized_linear_add),
#endif
#if DMLREF_DML_TARGET_VERSION >= 0x5000
    DMLREF_DML_SCHEMA(ELEMENT_WISE_CLIP1, 5_0, clip1),
    DMLREF_DML_SCHEMA(ELEMENT_WISE_CLIP_GRAD1, 5_0, clip_grad1),
    DMLREF_DML_SCHEMA(ELEMENT_WISE_NEGATE, 5_0, unary),
#endif
#if DMLREF_DML_TARGET_VERSION >= 0x5100
    DMLREF_DML_SCHEMA(ACTIVATION_GELU, 5_1, unary),
#endif
#if DMLREF_DML_TARGET_VERSION >= 0x6200
    DMLREF_DML_SCHEMA(ACTIVATION_SWISH, 6_2, swish),
    DMLREF_DML_SCHEMA(ACTIVATION_HARD_SWISH, 6_2, unary_alpha_beta),
#endif
};

#undef DMLREF_DML_SCHEMA

inline constexpr std::size_t element_wise_operator_count = sizeof(element_wise_operators) / sizeof(operator_schema);

/// The entry of type; nullptr when type is not an element-wise operator.
constexpr const operator_schema* find_schema(DML_OPERATOR_TYPE type) noexcept {
  for (const auto& op : element_wise_operators) {
    if (op.type == type) return &op;
  }
  return nullptr;
}

namespace detail::schema {

constexpr char upper(char c) noexcept { return c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c; }

constexpr bool same_name(std::string_view a, std::string_view b) noexcept {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (upper(a[i]) != upper(b[i])) return false;
  }
  return true;
}

/// text without prefix (compared case-insensitively), or text itself when it lacks it.
constexpr std::string_view without(std::string_view text, std::string_view prefix) noexcept {
  return text.size() > prefix.size() && same_name(text.substr(0, prefix.size()), prefix) ? text.substr(prefix.size())
                                                                                         : text;
}

/// "ABS" for "ELEMENT_WISE_ABS", "RELU" for "ACTIVATION_RELU".
constexpr std::string_view short_name(std::string_view name) noexcept {
  return without(without(name, "ELEMENT_WISE_"), "ACTIVATION_");
}

}  // namespace detail::schema

/// The entry named name, case-insensitively: "ELEMENT_WISE_ABS", "DML_OPERATOR_ELEMENT_WISE_ABS",
/// or the short name "abs" where exactly one operator has it (IDENTITY and TANH exist as both
/// ELEMENT_WISE_ and ACTIVATION_: their short names find nothing). nullptr when none.
constexpr const operator_schema* find_schema(std::string_view name) noexcept {
  const auto wanted = detail::schema::without(name, "DML_OPERATOR_");
  for (const auto& op : element_wise_operators) {
    if (detail::schema::same_name(op.name, wanted)) return &op;
  }
  const operator_schema* found = nullptr;
  for (const auto& op : element_wise_operators) {
    if (detail::schema::same_name(detail::schema::short_name(op.name), wanted)) {
      if (found != nullptr) return nullptr;  // ambiguous
      found = &op;
    }
  }
  return found;
}

namespace detail::schema {

constexpr bool is_pointer(field_type type) noexcept {
  return type == field_type::tensor_desc || type == field_type::operator_desc || type == field_type::scale_bias;
}
#if DMLREF_DML_TARGET_VERSION >= 0x2100
inline constexpr std::size_t scalar_union_size = sizeof(DML_SCALAR_UNION);
inline constexpr std::size_t scalar_union_align = alignof(DML_SCALAR_UNION);
#else
inline constexpr std::size_t scalar_union_size = 8, scalar_union_align = 8;
#endif
/// A field's size and alignment in its descriptor: pointers as the target's, DML_SCALAR_UNION
/// 8 (it holds INT64 and DOUBLE; 4-aligned on 32-bit x86 System V), UINT, INT, FLOAT and the
/// enums 4.
constexpr std::size_t field_size(field_type type) noexcept {
  return is_pointer(type) ? sizeof(void*) : type == field_type::scalar_union ? scalar_union_size : 4;
}
constexpr std::size_t field_align(field_type type) noexcept {
  return is_pointer(type) ? alignof(void*) : type == field_type::scalar_union ? scalar_union_align : 4;
}
constexpr std::size_t round_up(std::size_t n, std::size_t alignment) noexcept {
  return (n + alignment - 1) / alignment * alignment;
}

}  // namespace detail::schema

/// The byte offset of op's field field_index in its descriptor, by natural alignment; with
/// field_index == op.field_count, the end of the last field (before the struct's padding).
constexpr std::size_t field_offset(const operator_schema& op, std::size_t field_index) noexcept {
  std::size_t offset = 0;
  for (std::size_t k = 0; k < field_index && k < op.field_count; ++k) {
    offset = detail::schema::round_up(offset, detail::schema::field_align(op.fields[k].type)) +
             detail::schema::field_size(op.fields[k].type);
  }
  if (field_index < op.field_count) {
    offset = detail::schema::round_up(offset, detail::schema::field_align(op.fields[field_index].type));
  }
  return offset;
}

namespace detail::schema {

/// The fields walked by natural alignment make exactly the descriptor struct: its size and
/// its alignment (the largest field's).
constexpr bool layout_matches(const operator_schema& op) noexcept {
  std::size_t alignment = 1;
  for (std::size_t k = 0; k < op.field_count; ++k) {
    alignment = field_align(op.fields[k].type) > alignment ? field_align(op.fields[k].type) : alignment;
  }
  return alignment == op.desc_align && round_up(field_offset(op, op.field_count), op.desc_align) == op.desc_size &&
         op.field_count <= max_descriptor_fields && op.desc_size <= max_descriptor_bytes &&
         op.desc_align <= alignof(std::max_align_t);
}

constexpr bool layouts_match() noexcept {
  for (const auto& op : element_wise_operators) {
    if (!layout_matches(op)) return false;
  }
  return true;
}

constexpr bool sorted_and_unique() noexcept {
  for (std::size_t k = 1; k < element_wise_operator_count; ++k) {
    if (!(element_wise_operators[k - 1].type < element_wise_operators[k].type)) return false;
  }
  return true;
}

/// The operators directml.h declares up to DMLREF_DML_TARGET_VERSION (dmlref's own: 86).
constexpr std::size_t expected_count() noexcept {
  constexpr std::uint32_t versions[] = {0x1000, 0x2000, 0x2100, 0x3000, 0x3100, 0x4000, 0x5000, 0x5100, 0x6200};
  constexpr std::size_t added[] = {49, 12, 6, 9, 3, 1, 3, 1, 2};
  std::size_t count = 0;
  for (std::size_t k = 0; k < 9; ++k) {
    if (DMLREF_DML_TARGET_VERSION >= versions[k]) count += added[k];
  }
  return count;
}

}  // namespace detail::schema

static_assert(detail::schema::layouts_match(),
              "a schema entry's fields do not add up to its DML_*_OPERATOR_DESC (a field missing, extra or mistyped)");
static_assert(detail::schema::sorted_and_unique(), "element_wise_operators must be in strictly increasing DML_OPERATOR_TYPE order");
static_assert(element_wise_operator_count == detail::schema::expected_count(),
              "element_wise_operators must hold every element-wise operator the declarations have");

}  // namespace dmlref::dml
