// Rows of every operator that bench/dmlref_bench.cpp has no hand-written rows for, named as
// its own rows are:
//
//   <op>/<impl>/<dtype>/contiguous/-/<elements>
//
//   dtype    each first-input data type that the operator's support table admits at the newest
//            feature level; the other tensors take the first combination that
//            `dmlref-eval generate` picks (io::generate_cases), the attributes the operator's
//            first sample.
//   inputs   generate --values normal's: 4096 moderate values per input, redrawn where golden's
//            result is not a finite normal number (io::redraw_until_normal); larger rows
//            repeat those 4096 elements.
//   impl     golden   4096 elements only (a correctly rounded transcendental function takes
//                     up to microseconds per element)
//            fast     4096, 2^20 and 2^24 elements
//            memcpy   one memcpy of half the bytes the operator moves (its inputs' and its
//                     output's), so that as many bytes are read and written
//
// The call timed is dml::run_validated on a descriptor read, validated and bound once, as a
// compiled DirectML operator is executed: the type dispatch once per call, then the typed
// loop, on one thread. Counters as dmlref-bench's own: bytes_per_second (inputs' and output's
// bytes), items_per_second (elements), rel_err (the largest relative difference from golden
// over the first 4096 elements; not set for memcpy).

#include "family_rows.hpp"

#if __has_include(<nlohmann/json.hpp>)

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <map>
#include <memory>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#include <benchmark/benchmark.h>

#include <dmlref/dml/execute.hpp>
#include <dmlref/io/evaluate.hpp>
#include <dmlref/io/generate.hpp>
#include <dmlref/io/normal_values.hpp>
#include <dmlref/ops/registry.hpp>

namespace dmlref_bench {

namespace {

namespace dml = dmlref::dml;
namespace io = dmlref::io;
using dmlref::data_type;
using u64 = std::uint64_t;

constexpr std::uint32_t sample_elements = 4096;
constexpr u64 sizes[] = {sample_elements, u64{1} << 20, u64{1} << 24};
constexpr data_type first_input_types[] = {data_type::float32, data_type::float16, data_type::int8,
                                           data_type::uint8,   data_type::int16,   data_type::uint16,
                                           data_type::int32,   data_type::uint32,  data_type::int64,
                                           data_type::uint64};

enum class impl { golden, fast, memcpy };

const char* name_of(impl i) {
  switch (i) {
    case impl::golden: return "golden";
    case impl::fast: return "fast";
    case impl::memcpy: return "memcpy";
  }
  return "?";
}

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

/// An operator's name in the benchmarks' names: its DirectML name without ELEMENT_WISE_, in
/// lower case.
std::string bench_name(const std::string& directml_name) {
  const std::string prefix = "ELEMENT_WISE_";
  const bool prefixed = directml_name.compare(0, prefix.size(), prefix) == 0;
  return lower(prefixed ? directml_name.substr(prefix.size()) : directml_name);
}

io::generate_options sample_options(const std::string& op, data_type first, std::uint32_t count) {
  io::generate_options o;
  o.op = op;
  o.first_input = first;
  o.layouts = {"contiguous"};
  o.count = count;
  o.values = "normal";
  return o;
}

/// The 4096-element case of op with a first input of type first, its values in range; made
/// once per program.
std::shared_ptr<const io::test_case> sample_case(const std::string& op, data_type first, std::string& problem) {
  static std::map<std::string, std::shared_ptr<const io::test_case>> made;
  const std::string key = op + "/" + std::string(dmlref::name(first));
  if (const auto it = made.find(key); it != made.end()) return it->second;
  auto cases = io::generate_cases(sample_options(op, first, sample_elements), problem);
  if (cases.empty()) return nullptr;
  std::mt19937_64 rng(1);
  if (io::redraw_until_normal(cases.front(), rng, problem) < 0) return nullptr;
  auto c = std::make_shared<io::test_case>();
  if (const auto s = io::read_case(cases.front(), *c); !s.ok()) {
    problem = s.message();
    return nullptr;
  }
  made.emplace(key, c);
  return c;
}

/// A sample case at n elements (its inputs repeated), read, validated and bound once.
class prepared {
 public:
  prepared() = default;
  prepared(const prepared&) = delete;
  prepared& operator=(const prepared&) = delete;

  dmlref::status prepare(const io::test_case& sample, u64 n) {
    c_ = sample;
    for (auto& t : c_.tensors) {
      const u64 size = dmlref::element_size(t.desc.type);
      t.desc = dmlref::tensor_desc::packed(t.desc.type, {static_cast<std::uint32_t>(n)});
      t.buffer_bytes = t.desc.total_size_in_bytes;
      bytes_ += n * size;
      if (!t.has_data) continue;
      io::element_buffer repeated;
      repeated.type = t.buffer.type;
      repeated.resize_bytes(n * size);
      auto* to = static_cast<unsigned char*>(repeated.data());
      const auto* from = static_cast<const unsigned char*>(t.buffer.data());
      const u64 block = u64{sample_elements} * size, total = n * size;
      for (u64 at = 0; at < total; at += block) std::memcpy(to + at, from, static_cast<std::size_t>(std::min(block, total - at)));
      t.buffer = std::move(repeated);
    }
    descriptors_ = std::make_unique<io::case_descriptors>(c_);
    if (auto s = dml::validate_descriptor(static_cast<dml::DML_FEATURE_LEVEL>(c_.level), descriptors_->op(), v_); !s.ok()) {
      return s;
    }
    for (std::size_t k = 0; k < v_.op.input_count; ++k) {
      if (const auto* t = c_.find(v_.op.tensor_names[k])) inputs_[k] = {t->buffer.data(), t->buffer.size_in_bytes()};
    }
    const io::case_tensor* output = c_.find(v_.op.tensor_names[v_.op.output_index()]);
    out_.type = output->desc.type;
    out_.resize_bytes(output->buffer_bytes);
    outputs_[0] = {out_.data(), out_.size_in_bytes()};
    return dml::validate_bindings(v_, inputs_.data(), v_.op.input_count, outputs_, 1);
  }

  template <class Path>
  dmlref::status run(Path path) {
    return dml::run_validated(path, v_, inputs_.data(), outputs_);
  }

  u64 bytes() const noexcept { return bytes_; }
  const io::element_buffer& output() const noexcept { return out_; }

 private:
  io::test_case c_;
  std::unique_ptr<io::case_descriptors> descriptors_;
  dml::validated_operation v_;
  std::array<dml::input_binding, dml::max_operation_tensors> inputs_{};
  io::element_buffer out_;
  dml::output_binding outputs_[1]{};
  u64 bytes_ = 0;
};

/// The largest relative difference of got from want over their first count elements (NaN
/// against NaN: none; anything else against NaN: infinite).
double relative_error(const io::element_buffer& got, const io::element_buffer& want, u64 count) {
  double worst = 0;
  io::visit_element_type(want.type, [&](auto* tag) {
    using T = std::remove_pointer_t<decltype(tag)>;
    const T* a = got.as<T>();
    const T* b = want.as<T>();
    for (u64 k = 0; k < count; ++k) {
      const auto x = static_cast<double>(a[k]), y = static_cast<double>(b[k]);
      if ((std::isnan(x) && std::isnan(y)) || x == y) continue;
      const double d = std::fabs(x - y) / std::max(std::fabs(y), std::numeric_limits<double>::min());
      worst = std::max(worst, std::isnan(d) ? std::numeric_limits<double>::infinity() : d);
    }
  });
  return worst;
}

/// The problem of the last row run, kept for its next repetition (one at a time: a 2^24-element
/// problem of many tensors holds hundreds of MiB).
prepared* problem_for(const std::string& key, const io::test_case& sample, u64 n, dmlref::status& s) {
  static std::string held_key;
  static std::unique_ptr<prepared> held;
  if (held && held_key == key) return held.get();
  held.reset();
  auto p = std::make_unique<prepared>();
  s = p->prepare(sample, n);
  if (!s.ok()) return nullptr;
  held = std::move(p);
  held_key = key;
  return held.get();
}

void run_row(benchmark::State& state, const std::string& op, data_type first, impl which, u64 n) {
  std::string problem;
  const auto sample = sample_case(op, first, problem);
  if (!sample) {
    state.SkipWithError(problem.c_str());
    return;
  }
  dmlref::status s;
  prepared* p = problem_for(op + "/" + std::string(dmlref::name(first)) + "/" + std::to_string(n), *sample, n, s);
  if (p == nullptr) {
    state.SkipWithError(s.message().c_str());
    return;
  }
  const auto bytes = p->bytes();
  if (which == impl::memcpy) {
    const auto half = static_cast<std::size_t>(bytes / 2);
    std::vector<unsigned char> from(half, 1), to(half, 0);
    for (auto _ : state) {
      std::memcpy(to.data(), from.data(), half);
      benchmark::ClobberMemory();
    }
  } else {
    const auto call = [&] { return which == impl::golden ? p->run(dmlref::golden) : p->run(dmlref::fast); };
    if (s = call(); !s.ok()) {
      state.SkipWithError(s.message().c_str());
      return;
    }
    if (which == impl::fast) {
      prepared reference;
      if (s = reference.prepare(*sample, sample_elements); s.ok()) s = reference.run(dmlref::golden);
      if (!s.ok()) {
        state.SkipWithError(s.message().c_str());
        return;
      }
      state.counters["rel_err"] = relative_error(p->output(), reference.output(), sample_elements);
    } else {
      state.counters["rel_err"] = 0;
    }
    for (auto _ : state) {
      (void)call();
      benchmark::ClobberMemory();
    }
  }
  const auto iterations = static_cast<std::int64_t>(state.iterations());
  state.SetItemsProcessed(iterations * static_cast<std::int64_t>(n));
  state.SetBytesProcessed(iterations * static_cast<std::int64_t>(bytes));
}

}  // namespace

void register_family_rows(const std::vector<std::string>& hand_written) {
  dmlref::ops::for_each_operator([&](auto tag) {
    const std::string op = dmlref::ops::name_of<typename decltype(tag)::type>;
    const std::string name = bench_name(op);
    if (std::find(hand_written.begin(), hand_written.end(), name) != hand_written.end()) return;
    for (const data_type first : first_input_types) {
      std::string problem;
      if (io::generate_cases(sample_options(op, first, 2), problem).empty()) continue;  // not admitted
      for (const u64 n : sizes) {
        for (const impl which : {impl::golden, impl::fast, impl::memcpy}) {
          if (which == impl::golden && n > sample_elements) continue;
          const std::string row = name + "/" + name_of(which) + "/" + lower(std::string(dmlref::name(first))) +
                                  "/contiguous/-/" + std::to_string(n);
          benchmark::RegisterBenchmark(row.c_str(), [=](benchmark::State& state) {
            run_row(state, op, first, which, n);
          })->Unit(benchmark::kNanosecond);
        }
      }
    }
  });
}

}  // namespace dmlref_bench

#else  // no nlohmann_json: no dmlref::io, no generated inputs

namespace dmlref_bench {

void register_family_rows(const std::vector<std::string>&) {}

}  // namespace dmlref_bench

#endif
