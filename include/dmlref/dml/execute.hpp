#pragma once
// execute(): validate a DirectML operator descriptor and its bindings, dispatch once on the
// runtime data types, and run the typed kernels on the chosen path. When validation fails
// the returned status says why and no buffer is read or written.
//
//   dmlref::dml::execute(dmlref::golden, DML_FEATURE_LEVEL_6_4, op_desc,
//                        {{input, input_bytes}, {exponent, exponent_bytes}},
//                        {{output, output_bytes}});
//
// The path may be threaded (dmlref::fast.threads(4), see dmlref/core/path.hpp): the same
// bits, computed on up to that many threads. A thread count above max_threads fails with the
// field "threads".

#include <array>
#include <cstddef>
#include <initializer_list>
#include <string>

#include "dmlref/api/run_operator.hpp"
#include "dmlref/dml/dispatch.hpp"
#include "dmlref/dml/validate.hpp"

namespace dmlref::dml {

namespace detail {

/// Runs v, a validated operation of Op, on bindings that passed validate_bindings, on a path
/// that passed validate_path: dispatch on its data types, then run_operator.
template <class Op, class Path>
status run_operation(Path path, const validated_operation& v, const input_binding* inputs,
                     const output_binding* outputs) {
  std::array<const void*, max_operation_tensors> input_data{};
  for (std::size_t k = 0; k < v.op.input_count; ++k) input_data[k] = inputs[k].data;
  const tensor_desc& out = v.output();
  return dispatch_as<Op>(v, outputs[0].data, input_data.data(), [&](const auto& op, const auto& output,
                                                                   const auto&... ins) {
    run_operator(path, op, out.rank, out.sizes.data(), output, ins...);
  });
}

/// The elements of v, a validated operation of Op, that its contract defines: mask[k] is false
/// where the result is undefined (compared nowhere), packed row-major over the output's sizes.
template <class Op>
status defined_elements(const validated_operation& v, const void* const* inputs, bool* mask) {
  const tensor_desc& out = v.output();
  const loops::operand<bool> mask_operand{mask, packed_strides(out.rank, out.sizes)};
  return dispatch_as<Op>(v, nullptr, inputs, [&](const auto& op, const auto&, const auto&... ins) {
    golden_defined_mask(op, out.rank, out.sizes.data(), mask_operand, ins...);
  });
}

/// Everything the runtime layer runs of Op, as one class: run_operation on each of the four
/// paths and defined_elements. A program that compiles the runtime layer once
/// (dml/execute_once.hpp) instantiates it per operator, in as many translation units as it
/// likes (`template struct operation_run<Op>;`), and declares it extern everywhere else.
template <class Op>
struct operation_run {
  using inputs = const input_binding*;
  using outputs = const output_binding*;
  static status run(golden_path, const validated_operation&, inputs, outputs);
  static status run(fast_path, const validated_operation&, inputs, outputs);
  static status run(threaded_path<golden_path>, const validated_operation&, inputs, outputs);
  static status run(threaded_path<fast_path>, const validated_operation&, inputs, outputs);
  static status defined(const validated_operation&, const void* const* inputs, bool* mask);
};

template <class Op>
status operation_run<Op>::run(golden_path p, const validated_operation& v, inputs in, outputs out) {
  return run_operation<Op>(p, v, in, out);
}
template <class Op>
status operation_run<Op>::run(fast_path p, const validated_operation& v, inputs in, outputs out) {
  return run_operation<Op>(p, v, in, out);
}
template <class Op>
status operation_run<Op>::run(threaded_path<golden_path> p, const validated_operation& v, inputs in, outputs out) {
  return run_operation<Op>(p, v, in, out);
}
template <class Op>
status operation_run<Op>::run(threaded_path<fast_path> p, const validated_operation& v, inputs in, outputs out) {
  return run_operation<Op>(p, v, in, out);
}
template <class Op>
status operation_run<Op>::defined(const validated_operation& v, const void* const* inputs, bool* mask) {
  return defined_elements<Op>(v, inputs, mask);
}

/// Calls f(operation_run<Op>{}) for v's operator; the error when the registry has none.
template <class F>
status with_operation_run(const validated_operation& v, F&& f) {
  status result = status::error(errc::unsupported_operator, "", "Type",
                                std::string(v.op.name) + " is not an operator of this build's registry");
  ops::with_operator(v.op.type, [&](auto tag) { result = f(operation_run<typename decltype(tag)::type>{}); });
  return result;
}

}  // namespace detail

/// Runs a validated operation on bindings that passed validate_bindings. Fails, writing
/// nothing, when the path breaks its rules (validate_path) or dispatch finds no kernel for the
/// operation's data types.
template <class Path>
status run_validated(Path path, const validated_operation& v, const input_binding* inputs,
                     const output_binding* outputs) {
  static_assert(is_path_v<Path>, "the first argument is dmlref::golden or dmlref::fast (or either's .threads(n))");
  if (auto s = validate_path(path); !s.ok()) return s;
  return detail::with_operation_run(v, [&](auto run) { return decltype(run)::run(path, v, inputs, outputs); });
}

/// Which elements of v the operator's contract defines: mask[k] is false where the result is
/// undefined (a dequantize scale of 0, integer 0 to a negative power, ...), so comparisons
/// skip it; packed in logical row-major order over the output's sizes. inputs[k] is input
/// slot k's buffer (null for an absent optional tensor). Fails, writing nothing, when
/// dispatch finds no instantiation for v's data types.
inline status defined_mask(const validated_operation& v, const void* const* inputs, bool* mask) {
  return detail::with_operation_run(v, [&](auto run) { return decltype(run)::defined(v, inputs, mask); });
}

template <class Path>
status execute(Path path, DML_FEATURE_LEVEL level, const DML_OPERATOR_DESC& desc, const input_binding* inputs,
               std::size_t input_count, const output_binding* outputs, std::size_t output_count) {
  static_assert(is_path_v<Path>, "the first argument is dmlref::golden or dmlref::fast (or either's .threads(n))");
  if (auto s = validate_path(path); !s.ok()) return s;
  validated_operation v;
  if (auto s = validate_descriptor(level, desc, v); !s.ok()) return s;
  if (auto s = validate_bindings(v, inputs, input_count, outputs, output_count); !s.ok()) return s;
  return run_validated(path, v, inputs, outputs);
}

template <class Path>
status execute(Path path, DML_FEATURE_LEVEL level, const DML_OPERATOR_DESC& desc,
               std::initializer_list<input_binding> inputs, std::initializer_list<output_binding> outputs) {
  return execute(path, level, desc, inputs.begin(), inputs.size(), outputs.begin(), outputs.size());
}

inline status validate(DML_FEATURE_LEVEL level, const DML_OPERATOR_DESC& desc,
                       std::initializer_list<input_binding> inputs, std::initializer_list<output_binding> outputs) {
  return validate(level, desc, inputs.begin(), inputs.size(), outputs.begin(), outputs.size());
}

}  // namespace dmlref::dml
