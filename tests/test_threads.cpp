// Threaded paths (dmlref::golden.threads(n), dmlref::fast.threads(n)): the split of a loop
// shape into boxes, the bits against one thread for every operator, layout class and rank
// 1 to 8 (in place included), the threshold below which a call stays on the calling thread,
// which thread computes which elements, streaming stores decided on the whole call's output
// for every part, and the errors.
//
// The expectations are the plain path's own outputs: a threaded call must reproduce them bit
// for bit, padding between elements included.

#include <dmlref/dml/execute_once.hpp>  // first: the runtime layer is compiled once, elsewhere

#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <cstring>
#include <limits>
#include <mutex>
#include <random>
#include <stdexcept>
#include <string>
#include <thread>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include <dmlref/dmlref.hpp>
#include <dmlref/loops/parallel.hpp>
#include <dmlref/simd/stream.hpp>

namespace {

using namespace dmlref;

static_assert(is_path_v<threaded_path<golden_path>> && is_path_v<threaded_path<fast_path>>);
static_assert(std::is_same_v<decltype(fast.threads(2)), threaded_path<fast_path>>);
static_assert(golden.threads(3).requested == 3 && fast.threads(2).threads(5).requested == 5);

// ---------------------------------------------------------------------------------------------
// Values: mostly moderate numbers, with IEEE specials among them (the bits must match
// whatever they are).

template <class T>
T value_from(std::mt19937_64& rng) {
  const std::uint64_t r = rng();
  if constexpr (std::is_same_v<T, float> || std::is_same_v<T, float16>) {
    const std::uint64_t kind = r % 64;
    float v = static_cast<float>(static_cast<std::int64_t>((r >> 16) % 32001) - 16000) / 1000.0f;  // [-16, 16]
    if (kind == 0) v = std::numeric_limits<float>::quiet_NaN();
    if (kind == 1) v = std::numeric_limits<float>::infinity();
    if (kind == 2) v = -0.0f;
    if (kind == 3) v = 1e-41f;  // subnormal in FLOAT32, 0 in FLOAT16
    if constexpr (std::is_same_v<T, float16>) {
      return float16(v);
    } else {
      return v;
    }
  } else {
    return static_cast<T>(r);
  }
}

template <class T>
std::vector<T> values(std::size_t n, std::mt19937_64& rng) {
  std::vector<T> v(n);
  for (auto& x : v) x = value_from<T>(rng);
  return v;
}

template <class T>
bool same_bits(const std::vector<T>& a, const std::vector<T>& b) {
  return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(T)) == 0;
}

// ---------------------------------------------------------------------------------------------
// Layouts over runtime rank and sizes.

enum class layout { contiguous, padded, strided_rows, broadcast, in_place };
const std::vector<layout> all_layouts{layout::contiguous, layout::padded, layout::strided_rows, layout::broadcast,
                                      layout::in_place};

const char* name_of(layout l) {
  switch (l) {
    case layout::contiguous: return "contiguous";
    case layout::padded: return "padded strides";
    case layout::strided_rows: return "strided rows (inner stride 2)";
    case layout::broadcast: return "broadcast inputs after the first";
    case layout::in_place: return "in place";
  }
  return "";
}

/// Strides for sizes[0..rank): packed; padded (each dimension's stride 1 or 3 elements more
/// than packed); or with inner stride 2 and padding.
element_strides strides_for(std::uint32_t rank, const dimensions& sizes, layout l) {
  element_strides s{};
  std::uint64_t step = 1;
  for (std::uint32_t d = rank; d-- > 0;) {
    if (l == layout::strided_rows && d + 1 == rank) step = 2;
    s[d] = step;
    step *= sizes[d];
    if (l == layout::padded || l == layout::strided_rows) step += d % 2 == 0 ? 1 : 3;
  }
  return s;
}

/// Zero strides on every other dimension (a broadcast operand).
element_strides broadcast_of(std::uint32_t rank, element_strides s) {
  for (std::uint32_t d = 0; d < rank; d += 2) s[d] = 0;
  return s;
}

std::size_t span_of(std::uint32_t rank, const dimensions& sizes, const element_strides& s) {
  std::size_t last = 0;
  for (std::uint32_t d = 0; d < rank; ++d) last += std::size_t{sizes[d] - 1} * s[d];
  return last + 1;
}

/// Sizes of `rank` dimensions with about `target` elements: a size 1 among them at ranks
/// of 4 and more, the rest spread so that the inner dimension is the longest.
dimensions sizes_for(std::uint32_t rank, std::uint64_t target, std::mt19937_64& rng) {
  dimensions sizes{};
  std::uint64_t left = target;
  for (std::uint32_t d = 0; d + 1 < rank; ++d) {
    const bool unit = rank >= 4 && d == 1;
    sizes[d] = unit ? 1u : static_cast<std::uint32_t>(2 + rng() % 3);
    left = std::max<std::uint64_t>(1, left / sizes[d]);
  }
  sizes[rank - 1] = static_cast<std::uint32_t>(std::max<std::uint64_t>(1, left + rng() % 7));
  return sizes;
}

/// The operands of one operation over a layout: buffers and strides. In place, the output
/// is the first input's buffer.
template <class Out, class... Ins>
struct problem {
  std::uint32_t rank = 1;
  dimensions sizes{};
  element_strides out_strides{};
  std::array<element_strides, sizeof...(Ins)> in_strides{};
  std::vector<Out> out;
  std::tuple<std::vector<Ins>...> in;
};

template <class Out, class... Ins, std::size_t... I>
problem<Out, Ins...> make_problem(std::uint32_t rank, const dimensions& sizes, layout l, std::mt19937_64& rng,
                                  std::index_sequence<I...>) {
  problem<Out, Ins...> p;
  p.rank = rank;
  p.sizes = sizes;
  const element_strides main = strides_for(rank, sizes, l == layout::in_place || l == layout::broadcast
                                                            ? layout::padded
                                                            : l);
  p.out_strides = main;
  p.in_strides = {(I > 0 && l == layout::broadcast ? broadcast_of(rank, main) : main)...};
  p.in = {values<Ins>(span_of(rank, sizes, p.in_strides[I]), rng)...};
  p.out.assign(span_of(rank, sizes, p.out_strides), value_from<Out>(rng));  // the padding's sentinel
  return p;
}

/// Runs runner(op, rank, sizes, out, ins...) over p's operands (in place: the output is the
/// first input's buffer) and returns the buffer written.
template <class Runner, class Op, class Out, class... Ins, std::size_t... I>
std::vector<Out> run_on(const Runner& runner, const Op& op, problem<Out, Ins...> p, bool in_place,
                        std::index_sequence<I...>) {
  std::vector<Out>* target = &p.out;
  if constexpr (sizeof...(Ins) > 0 && std::is_same_v<Out, std::tuple_element_t<0, std::tuple<Ins...>>>) {
    if (in_place) target = &std::get<0>(p.in);
  }
  REQUIRE((!in_place || target != &p.out));
  runner(op, p.rank, p.sizes.data(), loops::operand<Out>{target->data(), p.out_strides},
         loops::operand<const Ins>{std::get<I>(p.in).data(), p.in_strides[I]}...);
  return *target;
}

/// Whether an operation Out(Ins...) can run in place (the output has the first input's type).
template <class Out, class... Ins>
constexpr bool in_place_possible() {
  if constexpr (sizeof...(Ins) == 0) {
    return false;
  } else {
    return std::is_same_v<Out, std::tuple_element_t<0, std::tuple<Ins...>>>;
  }
}

/// A runner of run_operator on one path.
template <class Path>
auto on_path(Path path) {
  return [path](const auto& op, std::uint32_t rank, const std::uint32_t* sizes, const auto& out, const auto&... ins) {
    run_operator(path, op, rank, sizes, out, ins...);
  };
}

/// A runner of run_operator on a plain path through loops::run_split on `threads` threads,
/// with no threshold: small tensors are cut into many boxes.
template <class Path>
auto split_on(Path path, std::uint32_t threads) {
  return [path, threads](const auto& op, std::uint32_t rank, const std::uint32_t* sizes, const auto& out,
                         const auto&... ins) {
    const auto run = [&](loops::call_extent call, std::uint32_t part_rank, const std::uint32_t* part_sizes,
                         const auto& o, const auto&... i) { run_operator(path, call, op, part_rank, part_sizes, o, i...); };
    loops::run_split(threads, run, rank, sizes, out, ins...);
  };
}

/// The plain runner and the threaded one over one problem per layout: the same buffer bits.
template <class Out, class... Ins, class Plain, class Threaded, class Op>
void check_same_bits(const Plain& plain, const Threaded& threaded, const Op& op, std::uint32_t rank,
                     const dimensions& sizes, const std::vector<layout>& layouts, std::mt19937_64& rng) {
  for (const layout l : layouts) {
    const bool in_place = l == layout::in_place;
    if (in_place && !(in_place_possible<Out, Ins...>() && Op::allows_in_place)) continue;
    const auto p = make_problem<Out, Ins...>(rank, sizes, l, rng, std::index_sequence_for<Ins...>{});
    const auto want = run_on(plain, op, p, in_place, std::index_sequence_for<Ins...>{});
    const auto got = run_on(threaded, op, p, in_place, std::index_sequence_for<Ins...>{});
    INFO(dmlref::ops::name_of<Op> << " " << name(data_type_of_v<Out>) << ", " << name_of(l) << ", rank " << rank);
    CHECK(same_bits(want, got));
  }
}

/// Every operator (SIGN on three types, the others on two type combinations, with and without
/// ScaleBias) on the plain path `plain` and through the runner `threaded`.
template <class Plain, class Threaded>
void check_every_operator(const Plain& plain, const Threaded& threaded, std::uint32_t rank, const dimensions& sizes,
                          const std::vector<layout>& layouts, std::mt19937_64& rng) {
  check_same_bits<float, float>(plain, threaded, ops::sign{}, rank, sizes, layouts, rng);
  check_same_bits<std::int8_t, std::int8_t>(plain, threaded, ops::sign{}, rank, sizes, layouts, rng);
  check_same_bits<float16, float16>(plain, threaded, ops::sign{}, rank, sizes, layouts, rng);
  check_same_bits<float, float>(plain, threaded, ops::constant_pow{2.2f, std::nullopt}, rank, sizes, layouts, rng);
  check_same_bits<float16, float16>(plain, threaded, ops::constant_pow{0.5f, scale_bias{1.5f, -0.25f}}, rank, sizes,
                                    layouts, rng);
  check_same_bits<float, float, float>(plain, threaded, ops::pow{std::nullopt}, rank, sizes, layouts, rng);
  check_same_bits<float16, float16, std::int32_t>(plain, threaded, ops::pow{scale_bias{0.5f, 1.0f}}, rank, sizes, layouts, rng);
  check_same_bits<float, std::int8_t, float, std::int8_t>(plain, threaded, ops::dequantize_linear{}, rank, sizes, layouts, rng);
  check_same_bits<float16, std::uint8_t, float16, std::uint8_t>(plain, threaded, ops::dequantize_linear{}, rank, sizes,
                                                                layouts, rng);
  check_same_bits<std::int8_t, float, float, std::int8_t>(plain, threaded, ops::quantize_linear{}, rank, sizes, layouts, rng);
  check_same_bits<std::uint8_t, float16, float16, std::uint8_t>(plain, threaded, ops::quantize_linear{}, rank, sizes,
                                                                layouts, rng);
}

// ---------------------------------------------------------------------------------------------
// Which thread computed an element: an operator whose value is the computing thread's serial
// number (a new number for every thread ever started, so a thread that ends cannot hand its
// number on). It has no vector kernel: both paths run it through the golden traversal.

std::atomic<std::uint64_t> next_thread_serial{1};

std::uint64_t thread_serial() {
  thread_local const std::uint64_t serial = next_thread_serial++;
  return serial;
}

struct thread_recorder {
  std::uint64_t operator()(std::uint8_t) const { return thread_serial(); }
};

/// Serial numbers of the threads that computed n packed elements with `path`.
template <class Path>
std::vector<std::uint64_t> recorded_threads(Path path, std::uint32_t n) {
  std::vector<std::uint64_t> out(n, 0);
  const std::vector<std::uint8_t> in(n, 0);
  const element_strides packed{1};
  run_operator(path, thread_recorder{}, 1, &n, loops::operand<std::uint64_t>{out.data(), packed},
               loops::operand<const std::uint8_t>{in.data(), packed});
  return out;
}

/// The lengths of the runs of equal values, in order.
std::vector<std::size_t> run_lengths(const std::vector<std::uint64_t>& v) {
  std::vector<std::size_t> lengths;
  for (std::size_t k = 0; k < v.size(); ++k) {
    if (k == 0 || v[k] != v[k - 1]) lengths.push_back(0);
    ++lengths.back();
  }
  return lengths;
}

}  // namespace

#if DMLREF_FAST_PATH_KERNELS
// ---------------------------------------------------------------------------------------------
// The fast traversal's route for a contiguous output: an identity operator whose vector
// kernel counts the blocks it writes straight into the caller's output and those it writes
// elsewhere. A call that does not stream writes every full block in place (only a row's
// last partial block goes through a staged copy); a call that streams (simd/stream.hpp)
// writes its blocks into a chunk buffer that is then copied out with streaming stores (and a
// row's lead before its first 64-byte boundary, shorter than one block of 16 floats, through
// a staged copy too).

namespace {

struct route_log {
  std::uintptr_t output_begin = 0, output_end = 0;  // the caller's output, [begin, end) bytes
  std::atomic<std::uint64_t> in_output{0}, elsewhere{0};
};

struct route_probe {
  route_log* log = nullptr;
  float operator()(float x) const { return x; }
};

}  // namespace

namespace dmlref::simd {
inline namespace DMLREF_ISA_NAMESPACE {
template <>
struct kernel<route_probe, float, float> {
  static constexpr bool available = true;
  static constexpr std::size_t step = 16;

  template <class Source>
  static void block(const route_probe& op, float* out, std::size_t i, Source in) noexcept {
    for (std::size_t k = 0; k < step; ++k) {
      if constexpr (std::is_same_v<Source, contiguous<float>>) {
        out[i + k] = in.data[i + k];
      } else {
        out[i + k] = in.value;
      }
    }
    const auto at = reinterpret_cast<std::uintptr_t>(out + i);
    auto& count = at >= op.log->output_begin && at < op.log->output_end ? op.log->in_output : op.log->elsewhere;
    count.fetch_add(1, std::memory_order_relaxed);
  }
};
}  // namespace DMLREF_ISA_NAMESPACE
}  // namespace dmlref::simd

namespace {

struct route_counts {
  std::uint64_t in_output = 0, elsewhere = 0;
};

/// The blocks of route_probe over n packed floats on `path` (the typed layer's entry,
/// run_operator), after checking that the output holds the input's bits.
template <class Path>
route_counts probe_route(Path path, std::uint32_t n) {
  std::vector<float> in(n), out(n, -1.0f);
  for (std::uint32_t k = 0; k < n; ++k) in[k] = static_cast<float>(k % 100003);
  route_log log;
  log.output_begin = reinterpret_cast<std::uintptr_t>(out.data());
  log.output_end = reinterpret_cast<std::uintptr_t>(out.data() + n);
  const element_strides packed{1};
  run_operator(path, route_probe{&log}, 1, &n, loops::operand<float>{out.data(), packed},
               loops::operand<const float>{in.data(), packed});
  CHECK(same_bits(in, out));
  return {log.in_output.load(), log.elsewhere.load()};
}

}  // namespace
#endif  // DMLREF_FAST_PATH_KERNELS

// ---------------------------------------------------------------------------------------------

TEST_CASE("threads: for_each_box covers a range of positions exactly, in row-major order") {
  std::mt19937_64 rng(41);
  for (int trial = 0; trial < 400; ++trial) {
    const auto rank = static_cast<std::uint32_t>(1 + rng() % max_rank);
    dimensions sizes{};
    std::array<element_strides, 2> strides{};
    for (std::uint32_t d = 0; d < rank; ++d) {
      sizes[d] = static_cast<std::uint32_t>(1 + rng() % 5);
      strides[0][d] = rng() % 40;  // any strides: the split is only arithmetic on positions
      strides[1][d] = rng() % 3 == 0 ? 0 : rng() % 40;
    }
    const auto shape = loops::make_loop_shape<2>(rank, sizes.data(), strides);
    const std::uint64_t count = shape.element_count();
    const std::uint64_t begin = rng() % count;
    const std::uint64_t end = begin + 1 + rng() % (count - begin);

    // Expected: the offsets of positions [begin, end), by naive index arithmetic.
    std::vector<std::array<std::uint64_t, 2>> want;
    for (std::uint64_t p = begin; p < end; ++p) {
      std::array<std::uint64_t, 2> at{};
      std::uint64_t rest = p;
      for (std::uint32_t d = shape.rank; d-- > 0;) {
        const std::uint64_t index = rest % shape.sizes[d];
        rest /= shape.sizes[d];
        for (std::size_t k = 0; k < 2; ++k) at[k] += index * shape.strides[k][d];
      }
      want.push_back(at);
    }
    std::vector<std::array<std::uint64_t, 2>> got;
    std::size_t boxes = 0;
    loops::for_each_box(shape, begin, end, [&](const loops::box<2>& b) {
      ++boxes;
      CHECK(b.rank >= 1);
      CHECK(b.rank <= shape.rank);
      dimensions index{};
      for (;;) {
        std::array<std::uint64_t, 2> at = b.offsets;
        for (std::uint32_t e = 0; e < b.rank; ++e) {
          for (std::size_t k = 0; k < 2; ++k) at[k] += index[e] * b.strides[k][e];
        }
        got.push_back(at);
        std::uint32_t e = b.rank;
        while (e > 0 && ++index[e - 1] == b.sizes[e - 1]) index[--e] = 0;
        if (e == 0) break;
      }
    });
    INFO("trial " << trial << ", rank " << shape.rank << ", positions [" << begin << ", " << end << ") of " << count);
    CHECK(boxes <= 2 * shape.rank - 1);
    CHECK(got == want);
  }
}

TEST_CASE("threads: part_begin cuts equal parts on multiples of the granule") {
  for (const std::uint64_t elements : {std::uint64_t{64 * 7}, std::uint64_t{1000003}, std::uint64_t{0xFFFFFFFF}}) {
    for (std::uint32_t parts = 1; parts <= 7; ++parts) {
      CHECK(loops::part_begin(elements, parts, 0, 64) == 0);
      CHECK(loops::part_begin(elements, parts, parts, 64) == elements);
      for (std::uint32_t k = 1; k < parts; ++k) {
        const auto b = loops::part_begin(elements, parts, k, 64);
        CHECK(b % 64 == 0);
        CHECK(b > loops::part_begin(elements, parts, k - 1, 64));
        CHECK(b + 64 > elements * k / parts);
        CHECK(b <= elements * k / parts);
      }
    }
  }
}

TEST_CASE("threads: split traversals give the plain path's bits: every operator, layout and rank 1 to 8") {
  std::mt19937_64 rng(43);
  for (std::uint32_t rank = 1; rank <= max_rank; ++rank) {
    const dimensions sizes = sizes_for(rank, 3000, rng);
    for (const std::uint32_t threads : {2u, 3u, 7u}) {
      INFO(threads << " threads, golden");
      check_every_operator(on_path(golden), split_on(golden, threads), rank, sizes, all_layouts, rng);
    }
    for (const std::uint32_t threads : {2u, 3u, 7u}) {
      INFO(threads << " threads, fast");
      check_every_operator(on_path(fast), split_on(fast, threads), rank, sizes, all_layouts, rng);
    }
  }
}

TEST_CASE("threads: threaded paths above the threshold give the plain path's bits") {
  // 2.5 * min_elements_per_thread elements: two threads for threads(2), threads(3) and
  // threads(0) on any machine with two hardware threads or more. (Padded and strided rows
  // are the split traversal's business, tested above.)
  std::mt19937_64 rng(47);
  const std::vector<layout> layouts{layout::contiguous, layout::broadcast, layout::in_place};
  const auto target = 5 * min_elements_per_thread / 2;
  const std::pair<std::uint32_t, std::uint32_t> golden_threads[] = {{1, 2}, {3, 3}, {8, 0}};  // {rank, threads}
  for (const auto& rank_and_threads : golden_threads) {
    const std::uint32_t rank = rank_and_threads.first, golden_count = rank_and_threads.second;
    const dimensions sizes = sizes_for(rank, target, rng);
    for (const std::uint32_t threads : {2u, 3u, 0u}) {
      INFO(threads << " threads requested, fast");
      check_every_operator(on_path(fast), on_path(fast.threads(threads)), rank, sizes, layouts, rng);
    }
    INFO(golden_count << " threads requested, golden");
    check_every_operator(on_path(golden), on_path(golden.threads(golden_count)), rank, sizes, layouts, rng);
  }
}

TEST_CASE("threads: the typed API takes a threaded path, in place included") {
  std::mt19937_64 rng(53);
  const auto n = static_cast<std::uint32_t>(3 * min_elements_per_thread + 17);
  const auto base = values<float>(n, rng);
  const auto exponent = values<float>(n, rng);
  const std::uint32_t size[] = {n};
  const auto base_view = make_packed_view(base.data(), size);
  const auto exponent_view = make_packed_view(exponent.data(), size);
  std::vector<float> plain(n), threaded(n);
  REQUIRE(pow(fast, base_view, exponent_view, make_packed_view(plain.data(), size)).ok());
  REQUIRE(pow(fast.threads(3), base_view, exponent_view, make_packed_view(threaded.data(), size)).ok());
  CHECK(same_bits(plain, threaded));

  // In place: the output view is the input view.
  std::vector<float> a = base, b = base;
  REQUIRE(constant_pow(golden, make_packed_view(a.data(), size), make_packed_view(a.data(), size), 2.2f).ok());
  REQUIRE(constant_pow(golden.threads(2), make_packed_view(b.data(), size), make_packed_view(b.data(), size), 2.2f)
              .ok());
  CHECK(same_bits(a, b));

  // No zero point: the operator's broadcast zero reaches every thread.
  const auto q = values<std::int8_t>(n, rng);
  const float scale = 0.125f;
  const std::uint32_t zero_stride[] = {0};
  const auto scale_view = make_strided_view(&scale, size, zero_stride);
  std::vector<float> d1(n), d2(n);
  REQUIRE(dequantize_linear(golden, make_packed_view(q.data(), size), scale_view, make_packed_view(d1.data(), size))
              .ok());
  REQUIRE(dequantize_linear(golden.threads(4), make_packed_view(q.data(), size), scale_view,
                            make_packed_view(d2.data(), size))
              .ok());
  CHECK(same_bits(d1, d2));
}

TEST_CASE("threads: dml::execute takes a threaded path") {
  using namespace dmlref::dml;
  std::mt19937_64 rng(59);
  const auto n = static_cast<std::uint32_t>(2 * min_elements_per_thread + 1);
  const UINT sizes[4] = {1, 1, 1, n};
  const UINT64 bytes = UINT64{n} * 4;
  DML_BUFFER_TENSOR_DESC buffer{DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_FLAG_NONE, 4, sizes, nullptr, bytes, 0};
  const DML_TENSOR_DESC tensor{DML_TENSOR_TYPE_BUFFER, &buffer};
  const DML_ELEMENT_WISE_POW_OPERATOR_DESC desc{&tensor, &tensor, &tensor, nullptr};
  const DML_OPERATOR_DESC op{DML_OPERATOR_ELEMENT_WISE_POW, &desc};
  const auto base = values<float>(n, rng);
  const auto exponent = values<float>(n, rng);
  std::vector<float> plain(n), threaded(n);
  REQUIRE(execute(fast, DML_FEATURE_LEVEL_6_4, op, {{base.data(), bytes}, {exponent.data(), bytes}},
                  {{plain.data(), bytes}})
              .ok());
  REQUIRE(execute(fast.threads(2), DML_FEATURE_LEVEL_6_4, op, {{base.data(), bytes}, {exponent.data(), bytes}},
                  {{threaded.data(), bytes}})
              .ok());
  CHECK(same_bits(plain, threaded));

  // In place: the output buffer is the InputTensor's.
  std::vector<float> a = base, b = base;
  REQUIRE(execute(golden, DML_FEATURE_LEVEL_6_4, op, {{a.data(), bytes}, {exponent.data(), bytes}}, {{a.data(), bytes}})
              .ok());
  REQUIRE(execute(golden.threads(2), DML_FEATURE_LEVEL_6_4, op, {{b.data(), bytes}, {exponent.data(), bytes}},
                  {{b.data(), bytes}})
              .ok());
  CHECK(same_bits(a, b));
}

TEST_CASE("threads: below the threshold a call stays on the calling thread") {
  const std::uint64_t caller = thread_serial();
  const auto min = static_cast<std::uint32_t>(min_elements_per_thread);
  SUBCASE("one thread requested") {
    const auto t = recorded_threads(golden.threads(1), 4 * min);
    CHECK(run_lengths(t) == std::vector<std::size_t>{t.size()});
    CHECK(t.front() == caller);
  }
  SUBCASE("fewer than 2 * min_elements_per_thread elements") {
    for (const std::uint32_t threads : {2u, 4u, 0u}) {
      const auto t = recorded_threads(fast.threads(threads), 2 * min - 1);
      CHECK(run_lengths(t) == std::vector<std::size_t>{t.size()});
      CHECK(t.front() == caller);
    }
  }
  SUBCASE("the plain paths") {
    const auto t = recorded_threads(golden, 4 * min);
    CHECK(run_lengths(t) == std::vector<std::size_t>{t.size()});
  }
}

TEST_CASE("threads: above the threshold each thread computes one contiguous range") {
  const std::uint64_t caller = thread_serial();
  const auto min = static_cast<std::uint32_t>(min_elements_per_thread);
  struct expectation {
    std::uint32_t requested, elements, threads;
  };
  const expectation cases[] = {
      {2, 2 * min, 2},          // exactly at the threshold
      {4, 2 * min + 1, 2},      // limited by the elements
      {4, 4 * min + 999, 4},    // as requested
      {3, 5 * min, 3},
  };
  for (const auto& c : cases) {
    INFO(c.requested << " threads requested for " << c.elements << " elements");
    const auto t = recorded_threads(golden.threads(c.requested), c.elements);
    const auto lengths = run_lengths(t);
    REQUIRE(lengths.size() == c.threads);
    CHECK(t.front() == caller);  // the first range runs on the calling thread
    std::vector<std::uint64_t> serials;
    std::size_t at = 0;
    for (const auto length : lengths) {
      serials.push_back(t[at]);
      at += length;
      CHECK(length >= min_elements_per_thread - 64);
      CHECK(length + 64 >= c.elements / c.threads);
      CHECK(length <= c.elements / c.threads + 64);
    }
    std::sort(serials.begin(), serials.end());
    CHECK(std::unique(serials.begin(), serials.end()) == serials.end());  // a thread per range
  }
  SUBCASE("threads(0): one per hardware thread") {
    const std::uint32_t hardware = std::max(1u, std::thread::hardware_concurrency());
    const auto t = recorded_threads(fast.threads(0), 2 * min * hardware);
    CHECK(run_lengths(t).size() == hardware);
  }
}

TEST_CASE("threads: threads_for's count") {
  const std::uint64_t min = min_elements_per_thread;
  CHECK(loops::threads_for(1, 100 * min, min) == 1);
  CHECK(loops::threads_for(8, 2 * min - 1, min) == 1);
  CHECK(loops::threads_for(8, 2 * min, min) == 2);
  CHECK(loops::threads_for(8, 5 * min + 3, min) == 5);
  CHECK(loops::threads_for(3, 100 * min, min) == 3);
  CHECK(loops::threads_for(max_threads, std::uint64_t{0xFFFFFFFF}, min) == std::min<std::uint64_t>(max_threads, 0xFFFFFFFF / min));
  CHECK(loops::threads_for(0, 100000 * min, min) == std::max(1u, std::thread::hardware_concurrency()));
  CHECK(loops::threads_for(4, 1, min) == 1);
}

// ---------------------------------------------------------------------------------------------
// Streaming stores are decided per call (simd/stream.hpp): every part of a threaded call whose
// output reaches the threshold streams, however small the parts; none of a smaller one does.

TEST_CASE("threads: streams_call, the streaming rule, reads the whole call's output bytes") {
  CHECK(simd::streams_call(simd::streaming_threshold_bytes) == simd::has_streaming_stores);
  CHECK(simd::streams_call(std::uint64_t{1} << 40) == simd::has_streaming_stores);
  CHECK_FALSE(simd::streams_call(simd::streaming_threshold_bytes - 1));
  CHECK_FALSE(simd::streams_call(0));
  const std::uint32_t sizes[] = {3, 1000, 701};
  CHECK(loops::whole_call(3, sizes).output_elements == 2103000);
  CHECK(loops::whole_call(0, sizes).output_elements == 1);
}

TEST_CASE("threads: every part of a split call is given the whole call's extent") {
  const std::uint32_t sizes[] = {3, 1000, 701};
  const std::uint64_t elements = 3 * 1000 * 701;
  using part_record = std::pair<std::uint64_t, std::uint64_t>;  // {the call's elements, the part's}
  // At least one part per thread, each told the whole call, together covering it.
  const auto check_parts = [&](const std::vector<part_record>& parts, std::uint32_t threads) {
    REQUIRE(parts.size() >= threads);
    std::uint64_t covered = 0;
    for (const auto& part : parts) {
      CHECK(part.first == elements);
      covered += part.second;
    }
    CHECK(covered == elements);
  };
  SUBCASE("loops::run_split (the typed API's threaded paths)") {
    const element_strides packed{701000, 701, 1}, broadcast{0, 701, 1};
    std::vector<float> out(elements), in(701000);
    std::mutex m;
    std::vector<part_record> parts;
    const auto run = [&](loops::call_extent call, std::uint32_t rank, const std::uint32_t* part_sizes,
                         const loops::operand<float>&, const loops::operand<const float>&) {
      const std::lock_guard<std::mutex> lock(m);
      parts.emplace_back(call.output_elements, loops::whole_call(rank, part_sizes).output_elements);
    };
    for (const std::uint32_t threads : {1u, 7u}) {
      INFO(threads << " threads");
      parts.clear();
      loops::run_split(threads, run, 3, sizes, loops::operand<float>{out.data(), packed},
                       loops::operand<const float>{in.data(), broadcast});
      check_parts(parts, threads);
    }
  }
  SUBCASE("dml::detail::run_in_parts (dml::execute's threaded paths)") {
    using namespace dmlref::dml;
    const UINT dml_sizes[4] = {1, sizes[0], sizes[1], sizes[2]};
    const UINT64 bytes = elements * 4;
    DML_BUFFER_TENSOR_DESC buffer{DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_FLAG_NONE, 4, dml_sizes, nullptr, bytes, 0};
    const DML_TENSOR_DESC tensor{DML_TENSOR_TYPE_BUFFER, &buffer};
    const DML_ELEMENT_WISE_SIGN_OPERATOR_DESC desc{&tensor, &tensor};
    const DML_OPERATOR_DESC op{DML_OPERATOR_ELEMENT_WISE_SIGN, &desc};
    std::vector<float> x(elements), y(elements);
    const input_binding inputs[] = {{x.data(), bytes}};
    const output_binding outputs[] = {{y.data(), bytes}};
    validated_operation v;
    REQUIRE(validate_descriptor(DML_FEATURE_LEVEL_6_4, op, v).ok());
    REQUIRE(validate_bindings(v, inputs, 1, outputs, 1).ok());
    struct record {
      mutable std::mutex m;
      mutable std::vector<part_record> parts;
    } log;
    const dmlref::dml::detail::part_runner recorder = [](const void* context, loops::call_extent call,
                                            const validated_operation& part, const input_binding*,
                                            const output_binding*) {
      const auto& r = *static_cast<const record*>(context);
      const std::lock_guard<std::mutex> lock(r.m);
      r.parts.emplace_back(call.output_elements, part.output().element_count());
      return status{};
    };
    for (const std::uint32_t threads : {1u, 7u}) {
      INFO(threads << " threads");
      log.parts.clear();
      REQUIRE(dmlref::dml::detail::run_in_parts(v, threads, inputs, outputs, recorder, &log).ok());
      check_parts(log.parts, threads);
    }
  }
}

#if DMLREF_FAST_PATH_KERNELS
TEST_CASE("threads: a fast call past the streaming threshold streams in every part, and none below it") {
  const auto above = static_cast<std::uint32_t>(simd::streaming_threshold_bytes / sizeof(float) + 1000);
  const auto below = static_cast<std::uint32_t>(simd::streaming_threshold_bytes / sizeof(float) - 1000);
  constexpr std::uint32_t threads = 16;  // parts of about 1 MiB, far below the threshold
  REQUIRE(loops::threads_for(threads, below, min_elements_per_thread) == threads);
  constexpr std::uint64_t step = simd::kernel<route_probe, float, float>::step;
  // Streamed: no block written in place but a part's lead (at most one a part). Not streamed:
  // no block written elsewhere but a part's partial last one.
  const auto streamed = [&](const route_counts& r, std::uint32_t parts, std::uint32_t n) {
    return r.in_output <= parts && r.elsewhere >= n / step;
  };
  const auto in_place = [&](const route_counts& r, std::uint32_t parts, std::uint32_t n) {
    return r.elsewhere <= parts && r.in_output >= n / step - parts;
  };
  CHECK(in_place(probe_route(fast, below), 1, below));
  CHECK(in_place(probe_route(fast.threads(threads), below), threads, below));
  if (simd::has_streaming_stores) {
    CHECK(streamed(probe_route(fast, above), 1, above));
    CHECK(streamed(probe_route(fast.threads(threads), above), threads, above));
  } else {
    CHECK(in_place(probe_route(fast.threads(threads), above), threads, above));
  }
}
#endif

// The typed API's case is test_fast_path.cpp's "outputs past the streaming threshold" (SIGN INT8
// on 1 and 16 threads).
TEST_CASE("threads: outputs past the streaming threshold on 16 threads: golden's bits, guards intact") {
  std::mt19937_64 rng(61);
  SUBCASE("dml::execute: SIGN FLOAT32, the output 4 bytes past a 64-byte boundary") {
    using namespace dmlref::dml;
    const auto n = static_cast<std::uint32_t>(simd::streaming_threshold_bytes / 4 + 37);
    const std::size_t lead = 16 + 1, trail = 16;
    const UINT sizes[4] = {1, 1, 1, n};
    const UINT64 bytes = UINT64{n} * 4;
    DML_BUFFER_TENSOR_DESC buffer{DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_FLAG_NONE, 4, sizes, nullptr, bytes, 0};
    const DML_TENSOR_DESC tensor{DML_TENSOR_TYPE_BUFFER, &buffer};
    const DML_ELEMENT_WISE_SIGN_OPERATOR_DESC desc{&tensor, &tensor};
    const DML_OPERATOR_DESC op{DML_OPERATOR_ELEMENT_WISE_SIGN, &desc};
    const auto x = values<float>(n, rng);
    const float guard = dmlref::detail::bit_cast<float>(0x7FC0BEEFu);
    std::vector<float> g(n), f(lead + n + trail, guard);
    const std::uint32_t size[] = {n};
    REQUIRE(sign(golden, make_packed_view(x.data(), size), make_packed_view(g.data(), size)).ok());
    float* out = f.data() + (64 - reinterpret_cast<std::uintptr_t>(f.data()) % 64) % 64 / 4 + 1;
    REQUIRE(execute(fast.threads(16), DML_FEATURE_LEVEL_6_4, op, {{x.data(), bytes}}, {{out, bytes}}).ok());
    CHECK(std::memcmp(g.data(), out, bytes) == 0);
    const auto is_guard = [&](float v) { return std::memcmp(&v, &guard, 4) == 0; };
    CHECK(std::all_of(f.data(), out, is_guard));
    CHECK(std::all_of(out + n, f.data() + f.size(), is_guard));
  }
}

TEST_CASE("threads: a thread count above max_threads is an error; nothing is written") {
  const std::uint32_t n = 8;
  std::vector<float> x(n, 2.0f), out(n, -7.0f);
  const std::uint32_t size[] = {n};
  const auto s = sign(fast.threads(max_threads + 1), make_packed_view(x.data(), size), make_packed_view(out.data(), size));
  CHECK_FALSE(s.ok());
  CHECK(s.code() == errc::invalid_argument);
  CHECK(s.field() == "threads");
  CHECK(s.message().find(std::to_string(max_threads + 1)) != std::string::npos);
  CHECK(std::all_of(out.begin(), out.end(), [](float v) { return v == -7.0f; }));
  CHECK(sign(golden.threads(max_threads), make_packed_view(x.data(), size), make_packed_view(out.data(), size)).ok());
  CHECK(out[0] == 1.0f);

  using namespace dmlref::dml;
  const UINT sizes[4] = {1, 1, 1, n};
  DML_BUFFER_TENSOR_DESC buffer{DML_TENSOR_DATA_TYPE_FLOAT32, DML_TENSOR_FLAG_NONE, 4, sizes, nullptr, n * 4, 0};
  const DML_TENSOR_DESC tensor{DML_TENSOR_TYPE_BUFFER, &buffer};
  const DML_ELEMENT_WISE_SIGN_OPERATOR_DESC desc{&tensor, &tensor};
  const DML_OPERATOR_DESC op{DML_OPERATOR_ELEMENT_WISE_SIGN, &desc};
  std::fill(out.begin(), out.end(), -7.0f);
  const auto e = execute(golden.threads(0xFFFFFFFF), DML_FEATURE_LEVEL_6_4, op, {{x.data(), n * 4}}, {{out.data(), n * 4}});
  CHECK(e.code() == errc::invalid_argument);
  CHECK(e.field() == "threads");
  CHECK(std::all_of(out.begin(), out.end(), [](float v) { return v == -7.0f; }));
}

TEST_CASE("threads: run_on_threads runs every task once and rethrows a task's exception") {
  std::vector<std::atomic<int>> ran(5);
  CHECK_THROWS_AS(loops::run_on_threads(5,
                                        [&](std::uint32_t i) {
                                          ++ran[i];
                                          if (i == 3) throw std::runtime_error("task 3");
                                        }),
                  std::runtime_error);
  for (const auto& r : ran) CHECK(r.load() == 1);
}

TEST_CASE("threads: the worker pool keeps its threads between calls, and a busy pool still runs every task") {
  constexpr std::uint32_t count = 6;
  const auto thread_ids = [&] {
    std::vector<std::thread::id> ids(count);
    loops::run_on_threads(count, [&](std::uint32_t i) { ids[i] = std::this_thread::get_id(); });
    return ids;
  };
  const auto first = thread_ids();
  const auto second = thread_ids();
  // Compared as bools: std::thread::id has no operator<< for doctest without <ostream>.
  CHECK((first[0] == std::this_thread::get_id()));
  for (std::uint32_t i = 1; i < count; ++i) {
    CHECK((first[i] != std::this_thread::get_id()));
    CHECK((second[i] == first[i]));  // the same worker each time
  }

  // A task that calls in again (the pool is busy with its own call) and two callers at once.
  std::vector<std::atomic<int>> ran(count * count);
  const auto nested = [&] {
    loops::run_on_threads(count, [&](std::uint32_t i) {
      loops::run_on_threads(count, [&, i](std::uint32_t k) { ++ran[i * count + k]; });
    });
  };
  std::thread other(nested);
  nested();
  other.join();
  for (const auto& r : ran) CHECK(r.load() == 2);
}
