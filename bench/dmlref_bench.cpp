// dmlref-bench: Google Benchmark suite for dmlref's element-wise operators.
//
// Every benchmark is named  <op>/<impl>/<dtype>/<layout>/<case>/<elements>  and is registered
// from the tables in register_all() (bottom of this file), never by hand:
//
//   op      sign | constant_pow | pow | dequantize_linear | quantize_linear (the registry's
//           operators: their DirectML names without ELEMENT_WISE_, in lower case); every
//           other operator of the registry has the rows of bench/family_rows.cpp (golden, fast
//           and memcpy, contiguous, moderate inputs), registered from the registry
//   impl    golden   dmlref::golden through the typed API (the exact reference)
//           fast     dmlref::fast through the typed API (xsimd kernels)
//           memcpy   the physical limit: the inputs' bytes copied into the output buffer
//           scalar   a plain loop over std:: functions
//           eigen    Eigen 3.4 arrays (when <Eigen/Core> is found)
//           xtensor  xtensor 0.24 with XTENSOR_USE_XSIMD (when <xtensor/...> is found)
//           (numpy: rows of the same names from bench/numpy_peer.py, which says what it computes)
//   dtype   the InputTensor's type: float32 float16 int8 int32 (sign), float32 float16
//           (pow, constant_pow; POW's exponent has the base's type), int8 uint8 int16 uint16
//           int32 uint32 (dequantize_linear), float32 float16 int32 (quantize_linear)
//   layout  contiguous  every tensor packed, one span of <elements>
//           broadcast   a 2-D [rows, 1024] tensor with one operand on zero strides: POW's
//                       ExponentTensor is one row (strides {0, 1}); DEQUANTIZE's Scale and
//                       ZeroPoint are one value per row, i.e. per channel (strides {1, 0})
//           strided     every tensor 2-D [rows, 1024] with a row stride of 1040 elements
//                       (each row padded by 16 elements)
//   case    sign: -   constant_pow: 2 3 0.5 2.2 2.2_sb (2.2 with ScaleBias 1.5, -0.25)
//           pow: rand (bases uniform in [0.25, 4], exponents uniform in [-4, 4]);
//           rand_t2: rand through dmlref::golden.threads(2) / dmlref::fast.threads(2) (float32,
//           contiguous, 2^24 only; golden and fast only), beside the one-thread rand rows (golden
//           float32 contiguous rand runs at 2^24 for them). Read their real time: the CPU time
//           is the calling thread's alone.
//           dequantize_linear: - (to FLOAT32), f16 (to FLOAT16)
//           quantize_linear: i8 (to INT8), u8 (to UINT8); inputs about +-200 scales
//   elements 4096, 1048576 (2^20), 16777216 (2^24); golden pow / constant_pow skip 2^24
//           (tens of ns per element: about a second per iteration).
//
// Counters: bytes_per_second (bytes read + written: every full-size input, the distinct
// elements of a broadcast one, and the output; padding not counted, the same figure for every
// impl of a row so the rates compare), items_per_second (elements), and rel_err: the largest
// relative difference from golden over the first 4096 elements (0 = identical values; not set
// for memcpy, whose output is not a result).
//
// What the peers compute (they compute "as nearly the same thing as they allow"):
//   sign       golden/fast: -1, +1, or +0 for +-0 and NaN. scalar: (x > 0) - (x < 0), the same
//              values. eigen: (x > 0).select(1, (x < 0).select(-1, 0)) on Constant arrays, the
//              same values (Eigen's own .sign() keeps NaN, and is 20x slower: not vectorised). xtensor: xt::where(x > 0, 1,
//              xt::where(x < 0, -1, 0)), the same values (xt::sign keeps -0 and NaN).
//              FLOAT16 peers widen to float and narrow back (Eigen::half, dmlref::float16).
//   constant_pow  golden: correctly rounded pow(g, e); fast: within 2 ULP (FLOAT32), exact
//              forms for 2, 3, 0.5. scalar: std::pow(g, E) with E a compile-time constant
//              (GCC turns pow(g, 2) into g * g; 3, 0.5 and 2.2 call powf). eigen: .square(),
//              .cube(), .sqrt(), .pow(e) (Eigen's vectorised generic pow); xtensor:
//              xt::square, xt::cube, xt::sqrt, xt::pow: the idiom each library offers for a
//              known exponent. cube rounds twice in float (dmlref rounds once); sqrt(-0) is -0
//              where pow gives +0. ScaleBias: peers compute x * 1.5f + (-0.25f) in float
//              (dmlref fuses it: one rounding).
//   pow        scalar: std::pow(b, e) (powf). eigen: b.pow(e) (vectorised generic_pow).
//              xtensor: xt::pow(b, e) (xsimd::pow). All in float; FLOAT16 widened and
//              narrowed (rounding twice; dmlref rounds once).
//   dequantize_linear  golden: the exact product rounded once. fast: one rounding for 8/16-bit
//              inputs to FLOAT32, double lanes for 32-bit inputs. peers: (float(x) - float(z))
//              * s in float (Eigen: (x.cast<float>() - z.cast<float>()) * s): 32-bit inputs
//              round x and z to float first, and FLOAT16 output rounds twice.
//   quantize_linear  golden: the exact quotient rounded to nearest even; fast: bit for bit with
//              golden. peers: nearbyint(float(x) / s) + z clamped, in float (Eigen: .rint(),
//              xtensor: xt::nearbyint): a float division, which can round onto a tie the exact
//              quotient misses.
// Peers on the broadcast and strided layouts run row by row over 1-D maps/adaptors of each
// contiguous row (the per-channel scale and zero point as scalars): the fastest way to drive
// either library; xtensor's own broadcasting and strided adaptors fall back to scalar steppers.
//
// Run it through bench/report.py (repetitions, medians, the page); directly, e.g.
//   build/bench/dmlref-bench --benchmark_filter='^sign/.*/float32/contiguous/-/1048576$'

#include <algorithm>
#include <cctype>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <limits>
#include <map>
#include <memory>
#include <new>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include <benchmark/benchmark.h>

#include <dmlref/dmlref.hpp>
#include <dmlref/ops/registry.hpp>

#include "family_rows.hpp"

#if __has_include(<Eigen/Core>)
#include <Eigen/Core>
#define DMLREF_BENCH_EIGEN 1
#elif __has_include(<eigen3/Eigen/Core>)
#include <eigen3/Eigen/Core>
#define DMLREF_BENCH_EIGEN 1
#else
#define DMLREF_BENCH_EIGEN 0
#endif

#if __has_include(<xtensor/xtensor.hpp>)
#ifndef XTENSOR_USE_XSIMD
#define XTENSOR_USE_XSIMD
#endif
#include <xtensor/xadapt.hpp>
#include <xtensor/xmath.hpp>
#include <xtensor/xnoalias.hpp>
#include <xtensor/xoperation.hpp>
#include <xtensor/xtensor.hpp>
#define DMLREF_BENCH_XTENSOR 1
#else
#define DMLREF_BENCH_XTENSOR 0
#endif

namespace {

using dmlref::float16;
using u32 = std::uint32_t;
using u64 = std::uint64_t;

// ---------------------------------------------------------------------------------------------
// Vocabulary

enum class impl { golden, fast, memcpy, scalar, eigen, xtensor };
enum class layout { contiguous, broadcast, strided };

const char* name_of(impl i) {
  switch (i) {
    case impl::golden: return "golden";
    case impl::fast: return "fast";
    case impl::memcpy: return "memcpy";
    case impl::scalar: return "scalar";
    case impl::eigen: return "eigen";
    case impl::xtensor: return "xtensor";
  }
  return "?";
}
const char* name_of(layout l) {
  switch (l) {
    case layout::contiguous: return "contiguous";
    case layout::broadcast: return "broadcast";
    case layout::strided: return "strided";
  }
  return "?";
}

template <class T> constexpr const char* dtype_name = "?";
template <> constexpr const char* dtype_name<float> = "float32";
template <> constexpr const char* dtype_name<float16> = "float16";
template <> constexpr const char* dtype_name<std::int8_t> = "int8";
template <> constexpr const char* dtype_name<std::uint8_t> = "uint8";
template <> constexpr const char* dtype_name<std::int16_t> = "int16";
template <> constexpr const char* dtype_name<std::uint16_t> = "uint16";
template <> constexpr const char* dtype_name<std::int32_t> = "int32";
template <> constexpr const char* dtype_name<std::uint32_t> = "uint32";

constexpr u32 row_width = 1024;  // elements per row of the 2-D layouts
constexpr u32 row_pad = 16;      // extra elements per row of the strided layout
constexpr u64 check_elements = 4096;

/// The shape every operand of one benchmark shares: rows x width, rows `pitch` elements apart.
/// contiguous: one row of n elements.
struct geometry {
  layout lay;
  u32 rows;
  u32 width;
  u64 pitch;
  u64 n() const { return u64{rows} * width; }
  u64 span() const { return (u64{rows} - 1) * pitch + width; }  // elements a full operand spans
};

geometry make_geometry(layout l, u64 n) {
  if (l == layout::contiguous) return {l, 1, static_cast<u32>(n), n};
  const u32 w = static_cast<u32>(std::min<u64>(n, row_width));
  return {l, static_cast<u32>(n / w), w, l == layout::strided ? u64{w} + row_pad : u64{w}};
}

/// The first rows of g (at least check_elements elements, or all of them).
geometry head_of(const geometry& g) {
  geometry h = g;
  if (g.lay == layout::contiguous) {
    h.width = static_cast<u32>(std::min<u64>(g.n(), check_elements));
    h.pitch = h.width;
  } else {
    h.rows = static_cast<u32>(std::min<u64>(g.rows, std::max<u64>(1, check_elements / g.width)));
  }
  return h;
}

// ---------------------------------------------------------------------------------------------
// Data: deterministic, generated once per (key, size) and kept while memory allows, so that the
// many calls Google Benchmark makes per benchmark (and the impls of one row) share it.

struct rng {
  u64 state;
  u64 next() {
    u64 z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  double uniform() { return static_cast<double>(next() >> 11) * 0x1p-53; }  // [0, 1)
  double uniform(double lo, double hi) { return lo + (hi - lo) * uniform(); }
};

class data_pool {
 public:
  /// count elements of T under key, made by gen(rng&) the first time.
  template <class T, class Gen>
  T* get(const std::string& key, u64 count, Gen&& gen) {
    const std::string full = key + "/" + dtype_name<T> + "/" + std::to_string(count);
    auto it = entries_.find(full);
    if (it == entries_.end()) {
      const std::size_t bytes = (static_cast<std::size_t>(count) * sizeof(T) + 63) / 64 * 64;
      make_room(bytes);
      void* p = std::aligned_alloc(64, bytes);
      if (p == nullptr) throw std::bad_alloc();
      T* typed = static_cast<T*>(p);
      rng r{std::hash<std::string>{}(full)};
      for (u64 i = 0; i < count; ++i) typed[i] = gen(r);
      it = entries_.emplace(full, entry{std::shared_ptr<void>(p, std::free), bytes, 0}).first;
      total_ += bytes;
    }
    it->second.epoch = epoch_;
    return static_cast<T*>(it->second.memory.get());
  }
  /// A new benchmark call: buffers of earlier calls may be evicted from now on.
  void next_epoch() { ++epoch_; }

 private:
  struct entry {
    std::shared_ptr<void> memory;
    std::size_t bytes;
    u64 epoch;
  };
  void make_room(std::size_t bytes) {
    while (total_ + bytes > budget_) {
      auto victim = entries_.end();
      for (auto it = entries_.begin(); it != entries_.end(); ++it) {
        if (it->second.epoch != epoch_ && (victim == entries_.end() || it->second.epoch < victim->second.epoch)) {
          victim = it;
        }
      }
      if (victim == entries_.end()) return;
      total_ -= victim->second.bytes;
      entries_.erase(victim);
    }
  }
  std::map<std::string, entry> entries_;
  std::size_t total_ = 0;
  std::size_t budget_ = std::size_t{1536} << 20;
  u64 epoch_ = 1;
};

data_pool& pool() {
  static data_pool p;
  return p;
}

template <class T>
T from_double(double v) {
  if constexpr (std::is_same_v<T, float16>) {
    return float16(v);
  } else {
    return static_cast<T>(v);
  }
}

/// A uniformly random integer of T's whole range (32-bit types: +-2^20 and [0, 2^21), values a
/// quantized accumulator holds; every value also then converts to float exactly).
template <class T>
T random_integer(rng& r) {
  if constexpr (sizeof(T) == 4) {
    if constexpr (std::is_signed_v<T>) {
      return static_cast<T>(static_cast<std::int64_t>(r.next() % (u64{1} << 21)) - (std::int64_t{1} << 20));
    } else {
      return static_cast<T>(r.next() % (u64{1} << 21));
    }
  } else {
    return static_cast<T>(r.next());
  }
}

/// A full operand (rows x width, pitch apart) or a small one (count elements), both from the
/// pool, padding filled too.
template <class T, class Gen>
T* operand(const std::string& what, u64 count, Gen&& gen) {
  return pool().get<T>(what, count, std::forward<Gen>(gen));
}
template <class T>
T* output_buffer(const std::string& what, u64 count) {
  return pool().get<T>("out/" + what, count, [](rng&) { return T{}; });
}

// ---------------------------------------------------------------------------------------------
// dmlref views of an operand: 1-D packed when contiguous, else 2-D strided.

template <class T>
auto packed(T* p, const geometry& g) {
  return dmlref::make_packed_view(p, {static_cast<u32>(g.n())});
}
template <class T>
auto full_2d(T* p, const geometry& g) {
  return dmlref::make_strided_view(p, {g.rows, g.width}, {static_cast<u32>(g.pitch), 1u});
}
template <class T>
auto row_broadcast_2d(T* p, const geometry& g) {  // one row, repeated
  return dmlref::make_strided_view(p, {g.rows, g.width}, {0u, 1u});
}
template <class T>
auto column_broadcast_2d(T* p, const geometry& g) {  // one value per row
  return dmlref::make_strided_view(p, {g.rows, g.width}, {1u, 0u});
}

// ---------------------------------------------------------------------------------------------
// The memcpy peer: for each row of the output, the inputs' bytes of that row copied into it one
// after another (wrapping round when they exceed it; when they fall short, the rest is
// memset), so the same bytes are read from each input and written to the output as by the
// operator. Broadcast operands (a row, a value per row) stay in cache and are not copied.

struct byte_stream {
  const unsigned char* data;
  std::size_t row_bytes;
  std::size_t pitch_bytes;
};

template <class Out>
void copy_rows(const geometry& g, Out* out, const std::vector<byte_stream>& inputs) {
  const std::size_t out_row = std::size_t{g.width} * sizeof(Out);
  auto* o = reinterpret_cast<unsigned char*>(out);
  for (u32 r = 0; r < g.rows; ++r) {
    unsigned char* dst = o + r * g.pitch * sizeof(Out);
    std::size_t at = 0;
    std::size_t written = 0;
    for (const auto& in : inputs) {
      const unsigned char* src = in.data + r * in.pitch_bytes;
      std::size_t left = in.row_bytes;
      while (left > 0) {
        const std::size_t n = std::min(left, out_row - at);
        std::memcpy(dst + at, src, n);
        src += n;
        left -= n;
        written += n;
        at = (at + n) % out_row;
      }
    }
    if (written < out_row) std::memset(dst + written, 0, out_row - written);
  }
}

template <class T>
byte_stream stream_of(const T* p, const geometry& g) {
  return {reinterpret_cast<const unsigned char*>(p), std::size_t{g.width} * sizeof(T),
          static_cast<std::size_t>(g.pitch) * sizeof(T)};
}

// ---------------------------------------------------------------------------------------------
// Helpers for the peers

/// The scalar peer's loop: out[i] = f(in[i]...), i < n, over plain pointers (locals, so the
/// compiler may vectorise it: a loop over members would reload them after every char store).
template <class Out, class F, class... In>
void scalar_loop(u64 n, Out* out, F f, const In*... in) {
  for (u64 i = 0; i < n; ++i) out[i] = f(in[i]...);
}

/// Calls f(row, offset of the row's first element) for every row.
template <class F>
void for_rows(const geometry& g, F&& f) {
  for (u32 r = 0; r < g.rows; ++r) f(r, r * g.pitch);
}

template <class T>
float to_float(T v) {
  return static_cast<float>(v);
}
template <class T>
T from_float(float v) {
  if constexpr (std::is_same_v<T, float16>) {
    return float16(v);
  } else {
    return static_cast<T>(v);
  }
}

#if DMLREF_BENCH_EIGEN
template <class T>
using eigen_scalar = std::conditional_t<std::is_same_v<T, float16>, Eigen::half, T>;
template <class T>
using eigen_array = Eigen::Array<eigen_scalar<T>, Eigen::Dynamic, 1>;

/// A 1-D Eigen map of n elements at p (FLOAT16 as Eigen::half, which has the same bits).
template <class T>
Eigen::Map<const eigen_array<T>> emap(const T* p, u64 n) {
  return {reinterpret_cast<const eigen_scalar<T>*>(p), static_cast<Eigen::Index>(n)};
}
template <class T>
Eigen::Map<eigen_array<T>> emap_out(T* p, u64 n) {
  return {reinterpret_cast<eigen_scalar<T>*>(p), static_cast<Eigen::Index>(n)};
}
/// An expression as float lanes (FLOAT16 widened) and back to T.
template <class T, class E>
auto eigen_as_float(const E& e) {
  if constexpr (std::is_same_v<T, float16>) {
    return e.template cast<float>();
  } else {
    return e;
  }
}
template <class T, class E>
auto eigen_to(const E& e) {
  if constexpr (std::is_same_v<T, float16>) {
    return e.template cast<Eigen::half>();
  } else {
    return e;
  }
}
#endif

#if DMLREF_BENCH_XTENSOR
template <class T>
auto xrow(T* p, u64 n) {
  const auto count = static_cast<std::size_t>(n);
  return xt::adapt(p, count, xt::no_ownership(), std::array<std::size_t, 1>{count});
}
/// xtensor has no half type (its expressions need arithmetic on the element type), so FLOAT16
/// rows go through float scratch rows: widened before (F16C, element by element), computed in
/// float by xtensor, narrowed after.
struct xt_scratch {
  std::vector<float> in[2];
  std::vector<float> out;
};
xt_scratch& scratch() {
  static xt_scratch s;
  return s;
}
/// A row of T (float or FLOAT16) as a float adaptor; k picks the scratch row.
template <class T>
auto xt_in(const T* p, u64 n, int k = 0) {
  if constexpr (std::is_same_v<T, float16>) {
    auto& buf = scratch().in[k];
    buf.resize(static_cast<std::size_t>(n));
    for (u64 i = 0; i < n; ++i) buf[i] = static_cast<float>(p[i]);
    return xrow(static_cast<const float*>(buf.data()), n);
  } else {
    return xrow(p, n);
  }
}
/// out[0, n) = e, through a float scratch row for FLOAT16.
template <class T, class E>
void xt_store(T* p, u64 n, E&& e) {
  if constexpr (std::is_same_v<T, float16>) {
    auto& buf = scratch().out;
    buf.resize(static_cast<std::size_t>(n));
    auto o = xrow(buf.data(), n);
    xt::noalias(o) = std::forward<E>(e);
    for (u64 i = 0; i < n; ++i) p[i] = float16(buf[i]);
  } else {
    auto o = xrow(p, n);
    xt::noalias(o) = std::forward<E>(e);
  }
}
#endif

/// Largest relative difference between got and want over the first elements (head of g).
template <class T>
double relative_error(const geometry& h, const T* got, const T* want) {
  double worst = 0;
  for (u32 r = 0; r < h.rows; ++r) {
    for (u32 c = 0; c < h.width; ++c) {
      const u64 i = r * h.pitch + c;
      const double a = static_cast<double>(got[i]);
      const double b = static_cast<double>(want[i]);
      if (a == b || (std::isnan(a) && std::isnan(b))) continue;
      const double d = std::fabs(a - b) / std::max(std::fabs(b), 1e-30);
      worst = std::max(worst, std::isnan(d) ? 1.0 : d);
    }
  }
  return worst;
}

// ---------------------------------------------------------------------------------------------
// The benchmark loop shared by every operator. Problem provides
//   geometry g; Out* out; u64 bytes;
//   dmlref::status dml(Path, const geometry&, Out* out)   the typed-API call
//   void run(impl)                                         memcpy and the peers (golden/fast via dml)

std::map<std::string, double>& checked_errors() {
  static std::map<std::string, double> m;
  return m;
}

/// threads > 0: golden and fast run as path.threads(threads).
template <class Problem>
void run_benchmark(benchmark::State& state, const std::string& name, impl which, Problem& p,
                   std::uint32_t threads = 0) {
  const auto dml = [&](auto path) {
    if (threads > 0) return p.dml(path.threads(threads), p.g, p.out);
    return p.dml(path, p.g, p.out);
  };
  auto execute = [&] {
    if (which == impl::golden) return dml(dmlref::golden);
    if (which == impl::fast) return dml(dmlref::fast);
    p.run(which);
    return dmlref::status{};
  };
  if (auto s = execute(); !s.ok()) {
    state.SkipWithError(s.message().c_str());
    return;
  }
  // rel_err: once per benchmark, on the output of the call above.
  if (which != impl::memcpy) {
    auto& known = checked_errors();
    auto it = known.find(name);
    if (it == known.end()) {
      const geometry h = head_of(p.g);
      using Out = std::remove_pointer_t<decltype(p.out)>;
      std::vector<Out> want(h.span());
      if (auto s = p.dml(dmlref::golden, h, want.data()); !s.ok()) {
        state.SkipWithError(s.message().c_str());
        return;
      }
      it = known.emplace(name, relative_error(h, p.out, want.data())).first;
    }
    state.counters["rel_err"] = it->second;
  }
  for (auto _ : state) {
    if (which == impl::golden) {
      (void)dml(dmlref::golden);
    } else if (which == impl::fast) {
      (void)dml(dmlref::fast);
    } else {
      p.run(which);
    }
    benchmark::ClobberMemory();
  }
  const auto iterations = static_cast<std::int64_t>(state.iterations());
  state.SetItemsProcessed(iterations * static_cast<std::int64_t>(p.g.n()));
  state.SetBytesProcessed(iterations * static_cast<std::int64_t>(p.bytes));
}

// ---------------------------------------------------------------------------------------------
// ELEMENT_WISE_SIGN

template <class T>
struct sign_problem {
  geometry g;
  const T* x;
  T* out;
  u64 bytes;

  explicit sign_problem(const geometry& geo) : g(geo) {
    const std::string tag = std::string("sign/") + name_of(g.lay);
    x = operand<T>(tag + "/x", g.span(), [](rng& r) {
      if ((r.next() & 15) == 0) return T{};  // some zeros
      if constexpr (std::is_integral_v<T>) {
        return static_cast<T>(r.next());
      } else {
        return from_double<T>(r.uniform(-1.0, 1.0));
      }
    });
    out = output_buffer<T>(tag, g.span());
    bytes = 2 * g.n() * sizeof(T);
  }

  template <class Path>
  dmlref::status dml(Path path, const geometry& h, T* o) const {
    if (h.lay == layout::contiguous) return dmlref::sign(path, packed(x, h), packed(o, h));
    return dmlref::sign(path, full_2d(x, h), full_2d(o, h));
  }

  static T scalar_sign(T v) {
    if constexpr (std::is_integral_v<T>) {
      return static_cast<T>((v > 0) - (v < 0));
    } else {
      const float f = to_float(v);
      return from_float<T>(static_cast<float>((f > 0.0f) - (f < 0.0f)));
    }
  }

  void run(impl which) {
    switch (which) {
      case impl::memcpy:
        copy_rows(g, out, {stream_of(x, g)});
        return;
      case impl::scalar:
        for_rows(g, [&](u32, u64 at) {
          scalar_loop(g.width, out + at, scalar_sign, x + at);
        });
        return;
      case impl::eigen:
#if DMLREF_BENCH_EIGEN
        for_rows(g, [&](u32, u64 at) {
          const auto v = eigen_as_float<T>(emap(x + at, g.width));
          using S = typename std::decay_t<decltype(v)>::Scalar;
          using A = Eigen::Array<S, Eigen::Dynamic, 1>;
          const auto n = static_cast<Eigen::Index>(g.width);
          emap_out(out + at, g.width) =
              eigen_to<T>((v > S(0)).select(A::Constant(n, S(1)), (v < S(0)).select(A::Constant(n, S(-1)), A::Zero(n))));
        });
#endif
        return;
      case impl::xtensor:
#if DMLREF_BENCH_XTENSOR
        for_rows(g, [&](u32, u64 at) {
          auto v = xt_in(x + at, g.width);
          using S = std::conditional_t<std::is_same_v<T, float16>, float, T>;
          xt_store(out + at, g.width, xt::where(v > S(0), S(1), xt::where(v < S(0), S(-1), S(0))));
        });
#endif
        return;
      default:
        return;
    }
  }
};

// ---------------------------------------------------------------------------------------------
// ELEMENT_WISE_CONSTANT_POW: the exponent as a compile-time tag (the scalar peer's std::pow
// sees a constant; the dmlref paths and the vector peers see a runtime float).

struct exp_2 { static constexpr float value = 2.0f; };
struct exp_3 { static constexpr float value = 3.0f; };
struct exp_half { static constexpr float value = 0.5f; };
struct exp_2_2 { static constexpr float value = 2.2f; };

constexpr dmlref::scale_bias bench_scale_bias{1.5f, -0.25f};

template <class T>
T random_base(rng& r) {
  return from_double<T>(r.uniform(0.25, 4.0));
}

template <class T, class E>
struct constant_pow_problem {
  geometry g;
  bool with_sb;
  const T* x;
  T* out;
  u64 bytes;

  constant_pow_problem(const geometry& geo, bool sb) : g(geo), with_sb(sb) {
    const std::string tag = std::string("pow/") + name_of(g.lay);
    x = operand<T>(tag + "/base", g.span(), random_base<T>);
    out = output_buffer<T>(tag, g.span());
    bytes = 2 * g.n() * sizeof(T);
  }

  std::optional<dmlref::scale_bias> sb() const {
    return with_sb ? std::optional<dmlref::scale_bias>(bench_scale_bias) : std::nullopt;
  }

  template <class Path>
  dmlref::status dml(Path path, const geometry& h, T* o) const {
    if (h.lay == layout::contiguous) return dmlref::constant_pow(path, packed(x, h), packed(o, h), E::value, sb());
    return dmlref::constant_pow(path, full_2d(x, h), full_2d(o, h), E::value, sb());
  }

  template <class V>
  static auto power_of(const V& v) {  // the library idiom for the exponent E (Eigen, xtensor)
    if constexpr (E::value == 2.0f) {
#if DMLREF_BENCH_XTENSOR
      if constexpr (xt::is_xexpression<V>::value) return xt::square(v); else
#endif
      return v.square();
    } else if constexpr (E::value == 3.0f) {
#if DMLREF_BENCH_XTENSOR
      if constexpr (xt::is_xexpression<V>::value) return xt::cube(v); else
#endif
      return v.cube();
    } else if constexpr (E::value == 0.5f) {
#if DMLREF_BENCH_XTENSOR
      if constexpr (xt::is_xexpression<V>::value) return xt::sqrt(v); else
#endif
      return v.sqrt();
    } else {
#if DMLREF_BENCH_XTENSOR
      if constexpr (xt::is_xexpression<V>::value) return xt::pow(v, E::value); else
#endif
      return v.pow(E::value);
    }
  }

  template <bool SB>
  void scalar_rows() {
    for_rows(g, [&](u32, u64 at) {
      scalar_loop(
          g.width, out + at,
          [](T in) {
            float v = to_float(in);
            if constexpr (SB) v = v * bench_scale_bias.scale + bench_scale_bias.bias;
            return from_float<T>(std::pow(v, E::value));
          },
          x + at);
    });
  }

  void run(impl which) {
    switch (which) {
      case impl::memcpy:
        copy_rows(g, out, {stream_of(x, g)});
        return;
      case impl::scalar:
        if (with_sb) scalar_rows<true>(); else scalar_rows<false>();
        return;
      case impl::eigen:
#if DMLREF_BENCH_EIGEN
        for_rows(g, [&](u32, u64 at) {
          const auto v = eigen_as_float<T>(emap(x + at, g.width));
          auto o = emap_out(out + at, g.width);
          if (with_sb) {
            o = eigen_to<T>(power_of(v * bench_scale_bias.scale + bench_scale_bias.bias));
          } else {
            o = eigen_to<T>(power_of(v));
          }
        });
#endif
        return;
      case impl::xtensor:
#if DMLREF_BENCH_XTENSOR
        for_rows(g, [&](u32, u64 at) {
          auto v = xt_in(x + at, g.width);
          if (with_sb) {
            xt_store(out + at, g.width, power_of(v * bench_scale_bias.scale + bench_scale_bias.bias));
          } else {
            xt_store(out + at, g.width, power_of(v));
          }
        });
#endif
        return;
      default:
        return;
    }
  }
};

// ---------------------------------------------------------------------------------------------
// ELEMENT_WISE_POW, the exponent of the base's type

template <class T>
struct pow_problem {
  geometry g;
  const T* base;
  const T* exponent;  // full operand, or one row (broadcast)
  T* out;
  u64 bytes;

  explicit pow_problem(const geometry& geo) : g(geo) {
    const std::string tag = std::string("pow/") + name_of(g.lay);
    base = operand<T>(tag + "/base", g.span(), random_base<T>);
    const bool row = g.lay == layout::broadcast;
    exponent = operand<T>(tag + "/exponent", row ? g.width : g.span(),
                          [](rng& r) { return from_double<T>(r.uniform(-4.0, 4.0)); });
    out = output_buffer<T>(tag, g.span());
    bytes = (2 * g.n() + (row ? g.width : g.n())) * sizeof(T);
  }

  template <class Path>
  dmlref::status dml(Path path, const geometry& h, T* o) const {
    switch (h.lay) {
      case layout::contiguous:
        return dmlref::pow(path, packed(base, h), packed(exponent, h), packed(o, h));
      case layout::broadcast:
        return dmlref::pow(path, full_2d(base, h), row_broadcast_2d(exponent, h), full_2d(o, h));
      case layout::strided:
        break;
    }
    return dmlref::pow(path, full_2d(base, h), full_2d(exponent, h), full_2d(o, h));
  }

  const T* exponent_row(u64 at) const { return g.lay == layout::broadcast ? exponent : exponent + at; }

  void run(impl which) {
    switch (which) {
      case impl::memcpy:
        if (g.lay == layout::broadcast) {
          copy_rows(g, out, {stream_of(base, g)});
        } else {
          copy_rows(g, out, {stream_of(base, g), stream_of(exponent, g)});
        }
        return;
      case impl::scalar:
        for_rows(g, [&](u32, u64 at) {
          scalar_loop(
              g.width, out + at, [](T b, T e) { return from_float<T>(std::pow(to_float(b), to_float(e))); }, base + at,
              exponent_row(at));
        });
        return;
      case impl::eigen:
#if DMLREF_BENCH_EIGEN
        for_rows(g, [&](u32, u64 at) {
          emap_out(out + at, g.width) = eigen_to<T>(
              eigen_as_float<T>(emap(base + at, g.width)).pow(eigen_as_float<T>(emap(exponent_row(at), g.width))));
        });
#endif
        return;
      case impl::xtensor:
#if DMLREF_BENCH_XTENSOR
        for_rows(g, [&](u32, u64 at) {
          xt_store(out + at, g.width, xt::pow(xt_in(base + at, g.width, 0), xt_in(exponent_row(at), g.width, 1)));
        });
#endif
        return;
      default:
        return;
    }
  }
};

// ---------------------------------------------------------------------------------------------
// ELEMENT_WISE_DEQUANTIZE_LINEAR: In -> S (FLOAT32 or FLOAT16), with a zero point.

template <class In, class S>
struct dequantize_problem {
  geometry g;
  const In* x;
  const S* scale;     // full operand, or one per row (broadcast)
  const In* zero;     // same
  S* out;
  u64 bytes;

  explicit dequantize_problem(const geometry& geo) : g(geo) {
    const std::string tag = std::string("dequantize/") + name_of(g.lay);
    const bool per_row = g.lay == layout::broadcast;
    const u64 small = per_row ? g.rows : g.span();
    x = operand<In>(tag + "/x", g.span(), random_integer<In>);
    zero = operand<In>(tag + "/zero", small, random_integer<In>);
    scale = operand<S>(tag + "/scale", small, [](rng& r) { return from_double<S>(r.uniform(1.0 / 256, 1.0 / 64)); });
    out = output_buffer<S>(tag, g.span());
    bytes = g.n() * (sizeof(In) + sizeof(S)) + (per_row ? g.rows : g.n()) * (sizeof(In) + sizeof(S));
  }

  template <class Path>
  dmlref::status dml(Path path, const geometry& h, S* o) const {
    switch (h.lay) {
      case layout::contiguous:
        return dmlref::dequantize_linear(path, packed(x, h), packed(scale, h), packed(zero, h), packed(o, h));
      case layout::broadcast:
        return dmlref::dequantize_linear(path, full_2d(x, h), column_broadcast_2d(scale, h),
                                         column_broadcast_2d(zero, h), full_2d(o, h));
      case layout::strided:
        break;
    }
    return dmlref::dequantize_linear(path, full_2d(x, h), full_2d(scale, h), full_2d(zero, h), full_2d(o, h));
  }

  void run(impl which) {
    const bool per_row = g.lay == layout::broadcast;
    switch (which) {
      case impl::memcpy:
        if (per_row) {
          copy_rows(g, out, {stream_of(x, g)});
        } else {
          copy_rows(g, out, {stream_of(x, g), stream_of(scale, g), stream_of(zero, g)});
        }
        return;
      case impl::scalar:
        for_rows(g, [&](u32 r, u64 at) {
          if (per_row) {
            const float s = to_float(scale[r]);
            const float z = to_float(zero[r]);
            scalar_loop(
                g.width, out + at, [s, z](In v) { return from_float<S>((to_float(v) - z) * s); }, x + at);
          } else {
            scalar_loop(
                g.width, out + at,
                [](In v, In zp, S sc) { return from_float<S>((to_float(v) - to_float(zp)) * to_float(sc)); }, x + at,
                zero + at, scale + at);
          }
        });
        return;
      case impl::eigen:
#if DMLREF_BENCH_EIGEN
        for_rows(g, [&](u32 r, u64 at) {
          const auto xf = emap(x + at, g.width).template cast<float>();
          auto o = emap_out(out + at, g.width);
          if (per_row) {
            o = eigen_to<S>((xf - to_float(zero[r])) * to_float(scale[r]));
          } else {
            o = eigen_to<S>((xf - emap(zero + at, g.width).template cast<float>()) *
                            eigen_as_float<S>(emap(scale + at, g.width)));
          }
        });
#endif
        return;
      case impl::xtensor:
#if DMLREF_BENCH_XTENSOR
        for_rows(g, [&](u32 r, u64 at) {
          auto xf = xt::cast<float>(xrow(x + at, g.width));
          if (per_row) {
            xt_store(out + at, g.width, (xf - to_float(zero[r])) * to_float(scale[r]));
          } else {
            xt_store(out + at, g.width,
                     (xf - xt::cast<float>(xrow(zero + at, g.width))) * xt_in(scale + at, g.width));
          }
        });
#endif
        return;
      default:
        return;
    }
  }
};

// ---------------------------------------------------------------------------------------------
// ELEMENT_WISE_QUANTIZE_LINEAR: In (FLOAT32, FLOAT16, INT32) -> Out (INT8, UINT8), with a zero
// point; the scale has In's type (FLOAT32 for INT32).

template <class In, class Out>
struct quantize_problem {
  using S = std::conditional_t<std::is_same_v<In, std::int32_t>, float, In>;
  geometry g;
  const In* x;
  const S* scale;   // full operand, or one per row (broadcast)
  const Out* zero;  // same
  Out* out;
  u64 bytes;

  explicit quantize_problem(const geometry& geo) : g(geo) {
    const std::string tag = std::string("quantize/") + name_of(g.lay) + "/" + dtype_name<Out>;
    const bool per_row = g.lay == layout::broadcast;
    const u64 small = per_row ? g.rows : g.span();
    // Inputs about +-200 scale units, so that rounding, the zero point and clamping all matter.
    x = operand<In>(tag + "/x", g.span(), [](rng& r) {
      if constexpr (std::is_same_v<In, std::int32_t>) {
        return random_integer<In>(r);
      } else {
        return from_double<In>(r.uniform(-2.0, 2.0));
      }
    });
    zero = operand<Out>(tag + "/zero", small, random_integer<Out>);
    scale = operand<S>(tag + "/scale", small, [](rng& r) {
      return from_double<S>(std::is_same_v<In, std::int32_t> ? r.uniform(4096.0, 16384.0) : r.uniform(1.0 / 128, 1.0 / 64));
    });
    out = output_buffer<Out>(tag, g.span());
    bytes = g.n() * (sizeof(In) + sizeof(Out)) + (per_row ? g.rows : g.n()) * (sizeof(S) + sizeof(Out));
  }

  template <class Path>
  dmlref::status dml(Path path, const geometry& h, Out* o) const {
    switch (h.lay) {
      case layout::contiguous:
        return dmlref::quantize_linear(path, packed(x, h), packed(scale, h), packed(zero, h), packed(o, h));
      case layout::broadcast:
        return dmlref::quantize_linear(path, full_2d(x, h), column_broadcast_2d(scale, h), column_broadcast_2d(zero, h),
                                       full_2d(o, h));
      case layout::strided:
        break;
    }
    return dmlref::quantize_linear(path, full_2d(x, h), full_2d(scale, h), full_2d(zero, h), full_2d(o, h));
  }

#if DMLREF_BENCH_XTENSOR
  /// A row as float lanes for xtensor: FLOAT32 and FLOAT16 through xt_in (FLOAT16 widened into
  /// scratch row k), INT32 cast.
  template <class T>
  static auto float_row(const T* p, u64 n, int k) {
    if constexpr (std::is_same_v<T, std::int32_t>) {
      return xt::cast<float>(xrow(p, n));
    } else {
      return xt_in(p, n, k);
    }
  }
#endif

  /// The peers' formula: round half to even in float, zero point added, clamped.
  static Out quantized(float q, float z) {
    const float lo = static_cast<float>(std::numeric_limits<Out>::min());
    const float hi = static_cast<float>(std::numeric_limits<Out>::max());
    return static_cast<Out>(std::min(std::max(std::nearbyint(q) + z, lo), hi));
  }

  void run(impl which) {
    const bool per_row = g.lay == layout::broadcast;
    constexpr float lo = static_cast<float>(std::numeric_limits<Out>::min());
    constexpr float hi = static_cast<float>(std::numeric_limits<Out>::max());
    switch (which) {
      case impl::memcpy:
        if (per_row) {
          copy_rows(g, out, {stream_of(x, g)});
        } else {
          copy_rows(g, out, {stream_of(x, g), stream_of(scale, g), stream_of(zero, g)});
        }
        return;
      case impl::scalar:
        for_rows(g, [&](u32 r, u64 at) {
          if (per_row) {
            const float s = to_float(scale[r]);
            const float z = to_float(zero[r]);
            scalar_loop(g.width, out + at, [s, z](In v) { return quantized(to_float(v) / s, z); }, x + at);
          } else {
            scalar_loop(
                g.width, out + at, [](In v, S sc, Out zp) { return quantized(to_float(v) / to_float(sc), to_float(zp)); },
                x + at, scale + at, zero + at);
          }
        });
        return;
      case impl::eigen:
#if DMLREF_BENCH_EIGEN
        for_rows(g, [&](u32 r, u64 at) {
          const auto xf = emap(x + at, g.width).template cast<float>();
          auto o = emap_out(out + at, g.width);
          if (per_row) {
            o = ((xf / to_float(scale[r])).rint() + to_float(zero[r])).max(lo).min(hi).template cast<Out>();
          } else {
            o = ((xf / emap(scale + at, g.width).template cast<float>()).rint() +
                 emap(zero + at, g.width).template cast<float>())
                    .max(lo)
                    .min(hi)
                    .template cast<Out>();
          }
        });
#endif
        return;
      case impl::xtensor:
#if DMLREF_BENCH_XTENSOR
        for_rows(g, [&](u32 r, u64 at) {
          auto o = xrow(out + at, g.width);
          if (per_row) {
            xt::noalias(o) = xt::cast<Out>(
                xt::clip(xt::nearbyint(float_row(x + at, g.width, 0) / to_float(scale[r])) + to_float(zero[r]), lo, hi));
          } else {
            xt::noalias(o) = xt::cast<Out>(xt::clip(xt::nearbyint(float_row(x + at, g.width, 0) / float_row(scale + at, g.width, 1)) +
                                                        xt::cast<float>(xrow(zero + at, g.width)),
                                                    lo, hi));
          }
        });
#endif
        return;
      default:
        return;
    }
  }
};

// ---------------------------------------------------------------------------------------------
// Registration from tables

constexpr u64 sizes[] = {4096, u64{1} << 20, u64{1} << 24};

std::vector<impl> implementations() {
  std::vector<impl> v{impl::golden, impl::fast, impl::memcpy, impl::scalar};
  if (DMLREF_BENCH_EIGEN) v.push_back(impl::eigen);
  if (DMLREF_BENCH_XTENSOR) v.push_back(impl::xtensor);
  return v;
}

/// Registers op/impl/dtype/layout/case/size for every impl and size; make(geometry) builds the
/// problem. Golden is skipped at sizes above golden_limit.
template <class Make>
void register_row(const std::string& op, const std::string& dtype, layout l, const std::string& c,
                  u64 golden_limit, Make make) {
  for (u64 n : sizes) {
    for (impl which : implementations()) {
      if (which == impl::golden && n > golden_limit) continue;
      const std::string name = op + "/" + name_of(which) + "/" + dtype + "/" + name_of(l) + "/" + c + "/" + std::to_string(n);
      benchmark::RegisterBenchmark(name.c_str(), [=](benchmark::State& state) {
        pool().next_epoch();
        auto problem = make(make_geometry(l, n));
        run_benchmark(state, name, which, problem);
      })->Unit(benchmark::kNanosecond);
    }
  }
}

/// An operator's name in the benchmarks' names: its DirectML name without ELEMENT_WISE_, in
/// lower case ("dequantize_linear").
template <class Op>
std::string bench_name() {
  std::string name = dmlref::ops::name_of<Op>;
  const std::string prefix = "ELEMENT_WISE_";
  if (name.compare(0, prefix.size(), prefix) == 0) name.erase(0, prefix.size());
  for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return name;
}

/// "sign=ELEMENT_WISE_SIGN,...": the registry's operators in order, for bench/report.py.
std::string operator_names() {
  std::string names;
  dmlref::ops::for_each_operator([&](auto tag) {
    using Op = typename decltype(tag)::type;
    if (!names.empty()) names += ",";
    names += bench_name<Op>() + "=" + dmlref::ops::name_of<Op>;
  });
  return names;
}

constexpr u64 no_limit = ~u64{0};
constexpr u64 golden_pow_limit = u64{1} << 20;

template <class T>
void register_sign() {
  for (layout l : {layout::contiguous, layout::strided}) {
    register_row(bench_name<dmlref::ops::sign>(), dtype_name<T>, l, "-", no_limit, [](const geometry& g) { return sign_problem<T>(g); });
  }
}

template <class T, class E>
void register_constant_pow(layout l, const char* c, bool sb) {
  register_row(bench_name<dmlref::ops::constant_pow>(), dtype_name<T>, l, c, golden_pow_limit,
               [sb](const geometry& g) { return constant_pow_problem<T, E>(g, sb); });
}

template <class T>
void register_pows() {
  for (layout l : {layout::contiguous, layout::strided}) {
    register_constant_pow<T, exp_2>(l, "2", false);
    register_constant_pow<T, exp_3>(l, "3", false);
    register_constant_pow<T, exp_half>(l, "0.5", false);
    register_constant_pow<T, exp_2_2>(l, "2.2", false);
    register_constant_pow<T, exp_2_2>(l, "2.2_sb", true);
  }
  for (layout l : {layout::contiguous, layout::broadcast, layout::strided}) {
    register_row(bench_name<dmlref::ops::pow>(), dtype_name<T>, l, "rand", golden_pow_limit, [](const geometry& g) { return pow_problem<T>(g); });
  }
}

/// POW FLOAT32 at 2^24 on 2 threads, pow/<golden|fast>/float32/contiguous/rand_t2/16777216,
/// and golden's one-thread row of the same size (fast's is register_pows' own). Their real
/// time is the figure (the CPU time counts only the calling thread's share of the work).
void register_threaded_pow() {
  const u64 n = u64{1} << 24;
  const auto add = [n](impl which, const std::string& c, std::uint32_t threads) {
    const std::string name = bench_name<dmlref::ops::pow>() + "/" + name_of(which) + "/" + dtype_name<float> + "/" +
                             name_of(layout::contiguous) + "/" + c + "/" + std::to_string(n);
    benchmark::RegisterBenchmark(name.c_str(), [=](benchmark::State& state) {
      pool().next_epoch();
      auto problem = pow_problem<float>(make_geometry(layout::contiguous, n));
      run_benchmark(state, name, which, problem, threads);
    })->Unit(benchmark::kNanosecond);
  };
  add(impl::golden, "rand", 0);
  add(impl::golden, "rand_t2", 2);
  add(impl::fast, "rand_t2", 2);
}

template <class In>
void register_dequantize() {
  for (layout l : {layout::contiguous, layout::broadcast, layout::strided}) {
    register_row(bench_name<dmlref::ops::dequantize_linear>(), dtype_name<In>, l, "-", no_limit,
                 [](const geometry& g) { return dequantize_problem<In, float>(g); });
    register_row(bench_name<dmlref::ops::dequantize_linear>(), dtype_name<In>, l, "f16", no_limit,
                 [](const geometry& g) { return dequantize_problem<In, float16>(g); });
  }
}

template <class In>
void register_quantize() {
  for (layout l : {layout::contiguous, layout::broadcast, layout::strided}) {
    register_row(bench_name<dmlref::ops::quantize_linear>(), dtype_name<In>, l, "i8", no_limit,
                 [](const geometry& g) { return quantize_problem<In, std::int8_t>(g); });
    register_row(bench_name<dmlref::ops::quantize_linear>(), dtype_name<In>, l, "u8", no_limit,
                 [](const geometry& g) { return quantize_problem<In, std::uint8_t>(g); });
  }
}

void register_all() {
  register_sign<float>();
  register_sign<float16>();
  register_sign<std::int8_t>();
  register_sign<std::int32_t>();
  register_pows<float>();
  register_pows<float16>();
  register_threaded_pow();
  register_dequantize<std::int8_t>();
  register_dequantize<std::uint8_t>();
  register_dequantize<std::int16_t>();
  register_dequantize<std::uint16_t>();
  register_dequantize<std::int32_t>();
  register_dequantize<std::uint32_t>();
  register_quantize<float>();
  register_quantize<float16>();
  register_quantize<std::int32_t>();
  dmlref_bench::register_family_rows({bench_name<dmlref::ops::sign>(), bench_name<dmlref::ops::constant_pow>(),
                                      bench_name<dmlref::ops::pow>(), bench_name<dmlref::ops::dequantize_linear>(),
                                      bench_name<dmlref::ops::quantize_linear>()});
}

void add_context() {
  benchmark::AddCustomContext("operators", operator_names());
#if defined(__clang__)
  benchmark::AddCustomContext("compiler", std::string("clang ") + __clang_version__);
#elif defined(__GNUC__)
  benchmark::AddCustomContext("compiler", std::string("gcc ") + __VERSION__);
#endif
#if defined(DMLREF_HAVE_XSIMD) && DMLREF_HAVE_XSIMD
  benchmark::AddCustomContext("dmlref_fast_arch", dmlref::simd::arch::name());
#else
  benchmark::AddCustomContext("dmlref_fast_arch", "none (no xsimd: fast runs golden)");
#endif
#if DMLREF_BENCH_EIGEN
  benchmark::AddCustomContext("eigen", std::to_string(EIGEN_WORLD_VERSION) + "." + std::to_string(EIGEN_MAJOR_VERSION) +
                                           "." + std::to_string(EIGEN_MINOR_VERSION) + " (SIMD: " +
                                           Eigen::SimdInstructionSetsInUse() + ")");
#endif
#if DMLREF_BENCH_XTENSOR
  benchmark::AddCustomContext("xtensor", std::to_string(XTENSOR_VERSION_MAJOR) + "." +
                                             std::to_string(XTENSOR_VERSION_MINOR) + "." +
                                             std::to_string(XTENSOR_VERSION_PATCH));
#endif
#if defined(__OPTIMIZE__)
  benchmark::AddCustomContext("optimized", "yes");
#else
  benchmark::AddCustomContext("optimized", "no (built without optimisation: timings meaningless)");
#endif
}

}  // namespace

int main(int argc, char** argv) {
  register_all();
  add_context();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
