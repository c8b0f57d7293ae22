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
#include <cstdint>
#include <initializer_list>
#include <string>
#include <type_traits>
#include <vector>

#include "dmlref/api/run_operator.hpp"
#include "dmlref/dml/dispatch.hpp"
#include "dmlref/dml/isa_variants.hpp"
#include "dmlref/dml/validate.hpp"
#include "dmlref/loops/parallel.hpp"

namespace dmlref::dml {

namespace detail {

/// Runs v, a validated operation of Op, on bindings that passed validate_bindings, on a path
/// that passed validate_path, as `call` or one of its parts (run_in_parts): dispatch on its
/// data types, then run_operator.
template <class Op, class Path>
status run_operation(Path path, loops::call_extent call, const validated_operation& v, const input_binding* inputs,
                     const output_binding* outputs) {
  std::array<const void*, max_operation_tensors> input_data{};
  for (std::size_t k = 0; k < v.op.input_count; ++k) input_data[k] = inputs[k].data;
  const tensor_desc& out = v.output();
  return dispatch_as<Op>(v, outputs[0].data, input_data.data(), [&](const auto& op, const auto& output,
                                                                   const auto&... ins) {
    run_operator(path, call, op, out.rank, out.sizes.data(), output, ins...);
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

/// Everything the runtime layer runs of Op, as one class: run_operation on the golden and
/// the fast path (a call whole, or one of its parts), and defined_elements (the threaded
/// paths run parts of an operation on these, run_in_parts below, and instantiate nothing per
/// operator). A program that compiles the
/// runtime layer once (dml/execute_once.hpp) instantiates it per operator, in as many
/// translation units as it likes (`template struct operation_run<Op>;`), and declares it
/// extern everywhere else.
template <class Op>
struct operation_run {
  using op = Op;
  using inputs = const input_binding*;
  using outputs = const output_binding*;
  static status run(golden_path, loops::call_extent, const validated_operation&, inputs, outputs);
  static status run(fast_path, loops::call_extent, const validated_operation&, inputs, outputs);
  static status defined(const validated_operation&, const void* const* inputs, bool* mask);
};

template <class Op>
status operation_run<Op>::run(golden_path p, loops::call_extent call, const validated_operation& v, inputs in,
                              outputs out) {
  return run_operation<Op>(p, call, v, in, out);
}
template <class Op>
status operation_run<Op>::run(fast_path p, loops::call_extent call, const validated_operation& v, inputs in,
                              outputs out) {
  return run_operation<Op>(p, call, v, in, out);
}
template <class Op>
status operation_run<Op>::defined(const validated_operation& v, const void* const* inputs, bool* mask) {
  return defined_elements<Op>(v, inputs, mask);
}

/// Op's fast path compiled for the instruction-set variant V (dml/isa_variants.hpp): defined
/// only in translation units compiled with V's flags (dml/execute_once.hpp's
/// DMLREF_INSTANTIATE_ISA_VARIANT), declared extern in the rest of a program built with
/// DMLREF_RUNTIME_ISAS.
template <class Op, isa_variant V>
struct fast_run_on {
  static status run(loops::call_extent, const validated_operation&, const input_binding*, const output_binding*);
};

template <class Op, isa_variant V>
status fast_run_on<Op, V>::run(loops::call_extent call, const validated_operation& v, const input_binding* in,
                               const output_binding* out) {
  static_assert(V != isa_variant::baseline && V == variant_of_this_translation_unit(),
                "a variant's kernels compile only with that variant's flags (dml/isa_variants.hpp)");
  return run_operation<Op>(fast_path{}, call, v, in, out);
}

/// Runs one part of an operation (a validated operation of its own, on its own bindings) of
/// the call `call` (the whole operation's extent).
using part_runner = status (*)(const void* context, loops::call_extent call, const validated_operation& part,
                               const input_binding* inputs, const output_binding* outputs);

/// The part of v that box b covers (b's operand 0 is the output, 1 + k input slot k): every
/// present tensor given b's sizes and its strides (each fits DirectML's 32 bits: the caller
/// checked the shape's), its buffer offset to b's first element.
template <std::size_t N>
void part_of(const validated_operation& v, const loops::box<N>& b, const input_binding* inputs,
             const output_binding* outputs, validated_operation& part, input_binding* part_inputs,
             output_binding& part_output) {
  part = v;
  part_output = outputs[0];
  for (std::size_t k = 0; k < v.op.tensor_count(); ++k) {
    const bool is_output = k == v.op.output_index();
    if (!is_output) part_inputs[k] = inputs[k];
    if (!is_output && !v.present[k]) continue;
    const std::size_t j = is_output ? 0 : 1 + k;
    tensor_desc& t = part.tensors[k];
    t.rank = b.rank;
    t.has_strides = true;
    for (std::uint32_t e = 0; e < b.rank; ++e) {
      t.sizes[e] = b.sizes[e];
      t.strides[e] = static_cast<std::uint32_t>(b.strides[j][e]);
    }
    const std::uint64_t offset = b.offsets[j] * element_size(t.type);
    if (is_output) {
      part_output.data = static_cast<unsigned char*>(outputs[0].data) + offset;
    } else {
      part_inputs[k].data = static_cast<const unsigned char*>(inputs[k].data) + offset;
    }
  }
}

/// run_in_parts for an operation of N tensors.
template <std::size_t N>
status run_in_parts_of(const validated_operation& v, std::uint32_t requested, const input_binding* inputs,
                       const output_binding* outputs, part_runner run_part, const void* context) {
  constexpr std::uint64_t granule = 64;  // parts begin at multiples of 64 elements
  const tensor_desc& out = v.output();
  std::array<element_strides, N> strides{};
  strides[0] = out.effective_strides();
  for (std::size_t k = 0; k + 1 < N; ++k) {
    if (v.present[k]) strides[1 + k] = v.tensors[k].effective_strides();
  }
  const auto shape = loops::make_loop_shape<N>(out.rank, out.sizes.data(), strides);
  const std::uint64_t elements = shape.element_count();
  const loops::call_extent call{elements};
  const std::uint32_t threads = loops::threads_for(requested, elements, min_elements_per_thread);
  // A part is described with DirectML's 32-bit strides: a shape with a wider one (only a packed
  // tensor of more than 2^32 elements has one) runs unsplit.
  bool strides_fit = true;
  for (std::size_t k = 0; k < N; ++k) {
    for (std::uint32_t d = 0; d < shape.rank; ++d) strides_fit = strides_fit && shape.strides[k][d] <= UINT32_MAX;
  }
  if (threads <= 1 || elements < std::uint64_t{threads} * granule || !strides_fit) {
    return run_part(context, call, v, inputs, outputs);
  }
  std::vector<status> results(threads);
  loops::run_on_threads(threads, [&](std::uint32_t t) {
    const std::uint64_t begin = loops::part_begin(elements, threads, t, granule);
    const std::uint64_t end = loops::part_begin(elements, threads, t + 1, granule);
    loops::for_each_box(shape, begin, end, [&](const loops::box<N>& b) {
      if (!results[t].ok()) return;
      validated_operation part;
      std::array<input_binding, max_operation_tensors> part_inputs{};
      output_binding part_output;
      part_of(v, b, inputs, outputs, part, part_inputs.data(), part_output);
      results[t] = run_part(context, call, part, part_inputs.data(), &part_output);
    });
  });
  for (std::uint32_t t = 0; t < threads; ++t) {
    if (!results[t].ok()) return results[t];
  }
  return {};
}

template <std::size_t N = 2>
status run_in_parts_dispatch(const validated_operation& v, std::uint32_t requested, const input_binding* inputs,
                             const output_binding* outputs, part_runner run_part, const void* context) {
  if constexpr (N > max_operation_tensors) {
    const tensor_desc& out = v.output();
    return run_part(context, loops::whole_call(out.rank, out.sizes.data()), v, inputs, outputs);
  } else {
    if (v.op.tensor_count() == N) return run_in_parts_of<N>(v, requested, inputs, outputs, run_part, context);
    return run_in_parts_dispatch<N + 1>(v, requested, inputs, outputs, run_part, context);
  }
}

/// Runs v, a validated operation, on up to `requested` threads (loops::threads_for's count,
/// given min_elements_per_thread): its elements in row-major order are cut into one range per
/// thread, each range a few boxes (loops/parallel.hpp), and each box runs as an operation of
/// its own through run_part on one thread, given the whole operation's call_extent (what is
/// decided per call, such as streaming stores, is then decided alike for every part). So
/// every element is computed by the code that computes it on one thread, each output element
/// is written once, and an output that exactly aliases an input stays correct (the parts are
/// disjoint). The first failing part's status.
inline status run_in_parts(const validated_operation& v, std::uint32_t requested, const input_binding* inputs,
                           const output_binding* outputs, part_runner run_part, const void* context) {
  return run_in_parts_dispatch(v, requested, inputs, outputs, run_part, context);
}

/// Calls f(operation_run<Op>{}) for v's operator; the error when the registry has none.
template <class F>
status with_operation_run(const validated_operation& v, F&& f) {
  status result = status::error(errc::unsupported_operator, "", "Type",
                                std::string(v.op.name) + " is not an operator of this build's registry");
  ops::with_operator(v.op.type, [&](auto tag) { result = f(operation_run<typename decltype(tag)::type>{}); });
  return result;
}

/// Runs v, `call` or one of its parts, on the plain path Path; the fast path's kernels are
/// variant's.
template <class Path>
status run_plain(Path path, isa_variant variant, loops::call_extent call, const validated_operation& v,
                 const input_binding* inputs, const output_binding* outputs) {
  return with_operation_run(v, [&](auto run) {
    if constexpr (std::is_same_v<Path, fast_path>) {
      switch (variant) {
#if defined(DMLREF_RUNTIME_ISA_AVX2) && DMLREF_RUNTIME_ISA_AVX2
        case isa_variant::avx2: return fast_run_on<typename decltype(run)::op, isa_variant::avx2>::run(call, v, inputs, outputs);
#endif
#if defined(DMLREF_RUNTIME_ISA_AVX512) && DMLREF_RUNTIME_ISA_AVX512
        case isa_variant::avx512: return fast_run_on<typename decltype(run)::op, isa_variant::avx512>::run(call, v, inputs, outputs);
#endif
#if defined(DMLREF_RUNTIME_ISA_AVX512FP16) && DMLREF_RUNTIME_ISA_AVX512FP16
        case isa_variant::avx512fp16: return fast_run_on<typename decltype(run)::op, isa_variant::avx512fp16>::run(call, v, inputs, outputs);
#endif
        default: break;
      }
    }
    return decltype(run)::run(path, call, v, inputs, outputs);
  });
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
  const tensor_desc& out = v.output();
  return detail::run_plain(path, selected_isa_variant(), loops::whole_call(out.rank, out.sizes.data()), v, inputs,
                           outputs);
}

/// The same on threads: parts of v, each run on the plain path (detail::run_in_parts).
template <class Path>
status run_validated(threaded_path<Path> path, const validated_operation& v, const input_binding* inputs,
                     const output_binding* outputs) {
  if (auto s = validate_path(path); !s.ok()) return s;
  const isa_variant variant = selected_isa_variant();
  const detail::part_runner run_part = [](const void* context, loops::call_extent call,
                                          const validated_operation& part, const input_binding* in,
                                          const output_binding* out) {
    return detail::run_plain(Path{}, *static_cast<const isa_variant*>(context), call, part, in, out);
  };
  return detail::run_in_parts(v, path.requested, inputs, outputs, run_part, &variant);
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
