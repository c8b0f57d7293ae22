#pragma once
// The four ways of running an operator, for the per-operator suites: the typed API and the
// runtime layer (dml::execute), each on the golden and on the fast path. A hand-derived
// expectation holds exactly on the golden variants and within the operator's
// fast_ulp_budget on the fast ones (NaN matching any NaN, integers in integer units).
//
// execute_packed runs an operator of the registry through dml::execute on n packed elements
// (4-D {1, 1, 1, n} tensors, which every feature level accepts), building its descriptor
// through the operator's schema: one helper for every operator.

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <vector>

#include <doctest/doctest.h>

#include <dmlref/dmlref.hpp>
#include <dmlref/oracle/ulp.hpp>

namespace op_variants {

enum class variant { typed_golden, typed_fast, runtime_golden, runtime_fast };
inline constexpr variant all[] = {variant::typed_golden, variant::typed_fast, variant::runtime_golden,
                                  variant::runtime_fast};

inline const char* name(variant v) {
  switch (v) {
    case variant::typed_golden: return "typed API, golden";
    case variant::typed_fast: return "typed API, fast";
    case variant::runtime_golden: return "dml::execute, golden";
    case variant::runtime_fast: return "dml::execute, fast";
  }
  return "";
}
inline bool is_fast(variant v) { return v == variant::typed_fast || v == variant::runtime_fast; }
inline bool is_runtime(variant v) { return v == variant::runtime_golden || v == variant::runtime_fast; }

/// Calls f(path) with dmlref::golden or dmlref::fast, as v says.
template <class F>
decltype(auto) with_path(variant v, F&& f) {
  if (is_fast(v)) return f(dmlref::fast);
  return f(dmlref::golden);
}

/// Whether got is within budget of want: NaN matches any NaN; ULPs in T's own type, integer
/// units for integers.
template <class T>
bool within(T got, T want, std::uint64_t budget) {
  if (dmlref::oracle::is_nan(want) || dmlref::oracle::is_nan(got)) {
    return dmlref::oracle::is_nan(want) && dmlref::oracle::is_nan(got);
  }
  return dmlref::oracle::ulp_distance(got, want) <= budget;
}

/// The budget a variant is held to: 0 on golden, Op's fast_ulp_budget on fast.
template <class Op, class Out>
std::uint64_t budget_of(variant v) {
  return is_fast(v) ? Op::fast_ulp_budget(dmlref::data_type_of_v<Out>) : 0;
}

/// An operation of schema on n packed elements (4-D {1, 1, 1, n} tensors, which every
/// feature level accepts) of the data types given at run time, one per tensor of the schema in
/// its order (inputs, then the output): the descriptor written from attrs through the schema,
/// over bound copies of the inputs and an output buffer, each TotalTensorSizeInBytes long (a
/// null input pointer leaves that optional tensor out of the descriptor). Nothing of it is a
/// template of the operator: a test that runs every operator compiles it once.
class packed_operation {
 public:
  packed_operation(const dmlref::dml::operator_schema& schema, const dmlref::dml::attribute_values& attrs,
                   std::uint32_t n, std::vector<dmlref::data_type> types, std::vector<const void*> inputs)
      : n_(n), sizes_{1, 1, 1, n}, count_(types.size()), storage_(count_), bytes_(count_), buffers_(count_),
        tensors_(count_), descs_(count_), data_(count_ - 1, nullptr), desc_(make(schema, attrs, types, inputs)) {}

  /// Runs the operation through dml::execute on path at level; its n output elements are then
  /// output_bytes().
  template <class Path>
  dmlref::status execute(Path path, dmlref::dml::DML_FEATURE_LEVEL level) {
    const dmlref::dml::output_binding outputs[1] = {{storage_.back().data(), bytes_.back()}};
    return dmlref::dml::execute(path, level, desc_.op(), inputs_.data(), inputs_.size(), outputs, 1);
  }
  const void* output_bytes() const { return storage_.back().data(); }

  /// Which of the n elements the operator's contract defines (dml::defined_mask): mask[0..n).
  dmlref::status defined(bool* mask) const {
    dmlref::dml::validated_operation v;
    if (auto s = dmlref::dml::validate_descriptor(dmlref::dml::DML_FEATURE_LEVEL_6_4, desc_.op(), v); !s.ok()) return s;
    return dmlref::dml::defined_mask(v, data_.data(), mask);
  }

 private:
  dmlref::dml::descriptor_storage make(const dmlref::dml::operator_schema& schema,
                                       const dmlref::dml::attribute_values& attrs,
                                       const std::vector<dmlref::data_type>& types,
                                       const std::vector<const void*>& inputs) {
    using namespace dmlref::dml;
    REQUIRE(inputs.size() + 1 == count_);
    for (std::size_t k = 0; k < count_; ++k) {
      const UINT64 element_bytes = dmlref::element_size(types[k]);
      bytes_[k] = (UINT64{n_} * element_bytes + 3) / 4 * 4;
      storage_[k].assign(static_cast<std::size_t>((bytes_[k] + 7) / 8), 0);
      if (k + 1 < count_ && inputs[k] != nullptr) {
        std::memcpy(storage_[k].data(), inputs[k], static_cast<std::size_t>(n_ * element_bytes));
        data_[k] = storage_[k].data();
      }
      buffers_[k] = {static_cast<DML_TENSOR_DATA_TYPE>(types[k]), DML_TENSOR_FLAG_NONE, 4, sizes_, nullptr, bytes_[k], 0};
      tensors_[k] = {DML_TENSOR_TYPE_BUFFER, &buffers_[k]};
      descs_[k] = (k + 1 == count_ || data_[k] != nullptr) ? &tensors_[k] : nullptr;
    }
    for (std::size_t k = 0; k + 1 < count_; ++k) inputs_.push_back({data_[k], data_[k] != nullptr ? bytes_[k] : 0});
    return descriptor_storage(schema, descs_.data(), attrs);
  }

  std::uint32_t n_;
  dmlref::dml::UINT sizes_[4];
  std::size_t count_;
  std::vector<std::vector<std::uint64_t>> storage_;
  std::vector<dmlref::dml::UINT64> bytes_;
  std::vector<dmlref::dml::DML_BUFFER_TENSOR_DESC> buffers_;
  std::vector<dmlref::dml::DML_TENSOR_DESC> tensors_;
  std::vector<const dmlref::dml::DML_TENSOR_DESC*> descs_;
  std::vector<const void*> data_;
  std::vector<dmlref::dml::input_binding> inputs_;
  dmlref::dml::descriptor_storage desc_;
};

/// Op's packed_operation on n elements of the types of ins and out.
template <class Op, class Out, class... Ins>
packed_operation packed_operation_of(const dmlref::dml::attribute_values& attrs, std::uint32_t n, const Ins*... ins) {
  static_assert(sizeof...(Ins) + 1 == dmlref::ops::tensor_count_of<Op>, "one pointer per tensor of the operator");
  return packed_operation(dmlref::ops::schema_of<Op>(), attrs, n, {dmlref::data_type_of_v<Ins>..., dmlref::data_type_of_v<Out>},
                          {static_cast<const void*>(ins)...});
}

/// Op through dml::execute on n packed elements at level: out[0..n) from ins[0..n).
template <class Op, class Path, class Out, class... Ins>
dmlref::status execute_packed(Path path, dmlref::dml::DML_FEATURE_LEVEL level, const dmlref::dml::attribute_values& attrs,
                              std::uint32_t n, Out* out, const Ins*... ins) {
  packed_operation operation = packed_operation_of<Op, Out>(attrs, n, ins...);
  auto s = operation.execute(path, level);
  if (s.ok()) std::memcpy(static_cast<void*>(out), operation.output_bytes(), n * sizeof(Out));
  return s;
}

/// Which of the n packed elements Op's contract defines, through the runtime layer
/// (dml::defined_mask): mask[0..n).
template <class Op, class Out, class... Ins>
dmlref::status defined_packed(const dmlref::dml::attribute_values& attrs, std::uint32_t n, bool* mask,
                              const Ins*... ins) {
  return packed_operation_of<Op, Out>(attrs, n, ins...).defined(mask);
}

/// Runs run(v) (the operator on one element, returning Out) for each variant v and checks it
/// against the element rule's value: the same bits on golden, within Op's fast_ulp_budget on
/// fast.
template <class Op, class Out, class Run>
void check_every_variant(Out element_rule, Run&& run) {
  for (const auto v : all) {
    const Out got = run(v);
    INFO(name(v));
    if (is_fast(v)) {
      CHECK(within(got, element_rule, budget_of<Op, Out>(v)));
    } else {
      Out want = element_rule;
      CHECK(std::memcmp(&got, &want, sizeof(Out)) == 0);
    }
  }
}

namespace detail {

template <class T>
dmlref::tensor_view<const T, 1, dmlref::packed_layout> one(const T* p) {
  return dmlref::make_packed_view(p, {1});
}
template <class T>
dmlref::tensor_view<T, 1, dmlref::packed_layout> one(T* p) {
  return dmlref::make_packed_view(p, {1});
}

}  // namespace detail

/// An operator that, called on one element, returns the element rule's value and checks the
/// four variants against it (where the contract defines the element): a drop-in for the
/// operator object in the hand-derived tests, so every vector runs on every variant.
template <class Op>
struct every_variant {
  Op op;

  template <class... Ins>
  auto operator()(Ins... x) const {
    const auto rule = op(x...);
    using Out = std::remove_const_t<decltype(rule)>;
    if (op.defined(x...)) {
      check_every_variant<Op>(rule, [&](variant v) {
        Out out{};
        const auto s = with_path(v, [&](auto path) {
          if (is_runtime(v)) {
            return execute_packed<Op>(path, dmlref::dml::DML_FEATURE_LEVEL_6_4, dmlref::ops::attributes_of(op), 1, &out, &x...);
          }
          return dmlref::compute(path, op, detail::one(&x)..., detail::one(&out));
        });
        CHECK(s.ok());
        return out;
      });
    }
    return rule;
  }
  template <class... Ins>
  bool defined(Ins... x) const {
    return op.defined(x...);
  }
};

}  // namespace op_variants
