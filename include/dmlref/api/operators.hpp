#pragma once
// The typed API: one function per operator over tensor views, the path first.
//
//   dmlref::sign(dmlref::golden, input, output)
//   dmlref::constant_pow(dmlref::fast, input, output, 2.2f, dmlref::scale_bias{2, 1})
//   dmlref::pow(dmlref::golden, input, exponent, output)
//   dmlref::dequantize_linear(dmlref::golden, input, scale, zero_point, output)
//   dmlref::dequantize_linear(dmlref::golden, input, scale, output)   // no zero point
//   dmlref::quantize_linear(dmlref::golden, input, scale, zero_point, output)
//   dmlref::quantize_linear(dmlref::golden, input, scale, output)     // no zero point
//
// The path is dmlref::golden or dmlref::fast, or either on several threads:
//
//   dmlref::pow(dmlref::fast.threads(4), input, exponent, output)   // bit for bit fast's result
//
// (dmlref/core/path.hpp says how the threads share the work). Data types are checked at
// compile time against the newest feature level's table; the thread count, sizes, output
// layout and aliasing at run time, returning a status (nothing is read or written when it is
// not ok). Each operator's contract is in its header under dmlref/ops/.

#include <optional>
#include <type_traits>

#include "dmlref/api/run.hpp"
#include "dmlref/ops/constant_pow.hpp"
#include "dmlref/ops/dequantize_linear.hpp"
#include "dmlref/ops/pow.hpp"
#include "dmlref/ops/quantize_linear.hpp"
#include "dmlref/ops/sign.hpp"

namespace dmlref {

template <class Path, class InView, class OutView>
status sign(Path path, const InView& input, const OutView& output) {
  using T = typename InView::value_type;
  static_assert(std::is_same_v<T, typename OutView::value_type>,
                "ELEMENT_WISE_SIGN: OutputTensor has the InputTensor's data type");
  static_assert(ops::sign::supported_types(newest_feature_level).contains(data_type_of_v<T>),
                "ELEMENT_WISE_SIGN: unsupported data type");
  using detail::named;
  if (auto s = detail::check_views<ops::sign>(path, named("OutputTensor", output), named("InputTensor", input));
      !s.ok()) {
    return s;
  }
  detail::run_views(path, ops::sign{}, output, input);
  return {};
}

template <class Path, class InView, class OutView>
status constant_pow(Path path, const InView& input, const OutView& output, float exponent,
                    std::optional<scale_bias> scale_and_bias = std::nullopt) {
  using T = typename InView::value_type;
  static_assert(std::is_same_v<T, typename OutView::value_type>,
                "ELEMENT_WISE_CONSTANT_POW: OutputTensor has the InputTensor's data type");
  static_assert(is_float_element_v<T> && !std::is_same_v<T, double>,
                "ELEMENT_WISE_CONSTANT_POW takes FLOAT32 or FLOAT16");
  using detail::named;
  if (auto s = detail::check_views<ops::constant_pow>(path, named("OutputTensor", output),
                                                          named("InputTensor", input));
      !s.ok()) {
    return s;
  }
  detail::run_views(path, ops::constant_pow{exponent, scale_and_bias}, output, input);
  return {};
}

template <class Path, class InView, class ExpView, class OutView>
status pow(Path path, const InView& input, const ExpView& exponent, const OutView& output,
           std::optional<scale_bias> scale_and_bias = std::nullopt) {
  using T = typename InView::value_type;
  using E = typename ExpView::value_type;
  constexpr auto types = ops::pow::base_types(newest_feature_level);
  static_assert(std::is_same_v<T, typename OutView::value_type>,
                "ELEMENT_WISE_POW: OutputTensor has the InputTensor's data type");
  static_assert(types.contains(data_type_of_v<T>), "ELEMENT_WISE_POW: unsupported InputTensor data type");
  static_assert(types.contains(data_type_of_v<E>), "ELEMENT_WISE_POW: unsupported ExponentTensor data type");
  using detail::named;
  if (auto s = detail::check_views<ops::pow>(path, named("OutputTensor", output), named("InputTensor", input),
                                                 named("ExponentTensor", exponent));
      !s.ok()) {
    return s;
  }
  detail::run_views(path, ops::pow{scale_and_bias}, output, input, exponent);
  return {};
}

namespace detail {
template <class InView, class ScaleView, class OutView>
constexpr void check_dequantize_types() {
  using In = typename InView::value_type;
  using S = typename ScaleView::value_type;
  constexpr auto level = newest_feature_level;
  static_assert(ops::dequantize_linear::input_types(level).contains(data_type_of_v<In>),
                "ELEMENT_WISE_DEQUANTIZE_LINEAR: InputTensor is an 8- to 32-bit integer");
  static_assert(ops::dequantize_linear::output_types(level).contains(data_type_of_v<S>),
                "ELEMENT_WISE_DEQUANTIZE_LINEAR: ScaleTensor is FLOAT32 or FLOAT16");
  static_assert(std::is_same_v<S, typename OutView::value_type>,
                "ELEMENT_WISE_DEQUANTIZE_LINEAR: OutputTensor has the ScaleTensor's data type");
}
}  // namespace detail

template <class Path, class InView, class ScaleView, class ZeroView, class OutView>
status dequantize_linear(Path path, const InView& input, const ScaleView& scale,
                         const ZeroView& zero_point, const OutView& output) {
  detail::check_dequantize_types<InView, ScaleView, OutView>();
  static_assert(std::is_same_v<typename InView::value_type, typename ZeroView::value_type>,
                "ELEMENT_WISE_DEQUANTIZE_LINEAR: ZeroPointTensor has the InputTensor's data type");
  using detail::named;
  if (auto s = detail::check_views<ops::dequantize_linear>(
          path, named("OutputTensor", output), named("InputTensor", input), named("ScaleTensor", scale),
          named("ZeroPointTensor", zero_point));
      !s.ok()) {
    return s;
  }
  detail::run_views(path, ops::dequantize_linear{}, output, input, scale, zero_point);
  return {};
}

/// Without a ZeroPointTensor: the zero point is 0.
template <class Path, class InView, class ScaleView, class OutView>
status dequantize_linear(Path path, const InView& input, const ScaleView& scale, const OutView& output) {
  detail::check_dequantize_types<InView, ScaleView, OutView>();
  using detail::named;
  if (auto s = detail::check_views<ops::dequantize_linear>(path, named("OutputTensor", output),
                                                               named("InputTensor", input),
                                                               named("ScaleTensor", scale));
      !s.ok()) {
    return s;
  }
  using In = typename InView::value_type;
  const In zero = 0;
  loops::operand<const In> zero_point{&zero, {}};  // stride 0 everywhere: a broadcast scalar
  run_operator(path, ops::dequantize_linear{}, static_cast<std::uint32_t>(OutView::rank),
                  output.sizes().data(), detail::output_operand(output),
                  detail::input_operand(input), detail::input_operand(scale), zero_point);
  return {};
}

namespace detail {
template <class InView, class ScaleView, class OutView>
constexpr void check_quantize_types() {
  using In = typename InView::value_type;
  using Out = typename OutView::value_type;
  using q = ops::quantize_linear;
  constexpr auto level = newest_feature_level;
  static_assert(q::input_types(level).contains(data_type_of_v<In>),
                "ELEMENT_WISE_QUANTIZE_LINEAR: InputTensor is FLOAT32, FLOAT16 or INT32");
  static_assert(std::is_same_v<typename ScaleView::value_type, q::scale_element<In>>,
                "ELEMENT_WISE_QUANTIZE_LINEAR: ScaleTensor has the InputTensor's type (FLOAT32 for INT32)");
  static_assert(q::output_types(level).contains(data_type_of_v<Out>),
                "ELEMENT_WISE_QUANTIZE_LINEAR: OutputTensor is INT8 or UINT8");
}
}  // namespace detail

template <class Path, class InView, class ScaleView, class ZeroView, class OutView>
status quantize_linear(Path path, const InView& input, const ScaleView& scale, const ZeroView& zero_point,
                       const OutView& output) {
  detail::check_quantize_types<InView, ScaleView, OutView>();
  static_assert(std::is_same_v<typename ZeroView::value_type, typename OutView::value_type>,
                "ELEMENT_WISE_QUANTIZE_LINEAR: ZeroPointTensor has the OutputTensor's data type");
  using detail::named;
  if (auto s = detail::check_views<ops::quantize_linear>(path, named("OutputTensor", output), named("InputTensor", input),
                                                         named("ScaleTensor", scale),
                                                         named("ZeroPointTensor", zero_point));
      !s.ok()) {
    return s;
  }
  detail::run_views(path, ops::quantize_linear{}, output, input, scale, zero_point);
  return {};
}

/// Without a ZeroPointTensor: the zero point is 0.
template <class Path, class InView, class ScaleView, class OutView>
status quantize_linear(Path path, const InView& input, const ScaleView& scale, const OutView& output) {
  detail::check_quantize_types<InView, ScaleView, OutView>();
  using detail::named;
  if (auto s = detail::check_views<ops::quantize_linear>(path, named("OutputTensor", output), named("InputTensor", input),
                                                         named("ScaleTensor", scale));
      !s.ok()) {
    return s;
  }
  using Out = typename OutView::value_type;
  const Out zero = 0;
  loops::operand<const Out> zero_point{&zero, {}};  // stride 0 everywhere: a broadcast scalar
  run_operator(path, ops::quantize_linear{}, static_cast<std::uint32_t>(OutView::rank), output.sizes().data(),
               detail::output_operand(output), detail::input_operand(input), detail::input_operand(scale), zero_point);
  return {};
}

}  // namespace dmlref
