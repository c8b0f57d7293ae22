// Tests of the traversal: loops::make_loop_shape, loops::for_each_row and
// apply_golden / golden_defined_mask.
//
// The oracle is a naive N-d odometer over the ORIGINAL sizes and strides: for each logical
// index in row-major order, each operand's element offset is sum(index[d] * stride[d]).
// The library's walk (simplified shape, outer odometer, inner rows) must produce exactly the
// same sequence of offset tuples, in the same order.

#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include "dmlref/golden/apply.hpp"
#include "dmlref/loops/for_each_row.hpp"
#include "dmlref/loops/loop_shape.hpp"
#include "dmlref/loops/operand.hpp"

namespace {

using dmlref::element_strides;
using dmlref::loops::loop_shape;
using dmlref::loops::make_loop_shape;

template <std::size_t N>
using offsets_t = std::array<std::uint64_t, N>;

/// Naive odometer over the original shape, last dimension fastest.
template <std::size_t N>
std::vector<offsets_t<N>> naive_walk(std::uint32_t rank, const std::uint32_t* sizes,
                                     const std::array<element_strides, N>& strides) {
  std::vector<offsets_t<N>> out;
  std::vector<std::uint32_t> index(rank, 0);
  for (;;) {
    offsets_t<N> o{};
    for (std::size_t k = 0; k < N; ++k) {
      for (std::uint32_t d = 0; d < rank; ++d) o[k] += index[d] * strides[k][d];
    }
    out.push_back(o);
    std::uint32_t d = rank;
    for (;;) {
      if (d == 0) return out;
      --d;
      if (++index[d] < sizes[d]) break;
      index[d] = 0;
    }
  }
}

/// The library's walk: for_each_row over the simplified shape, each row expanded.
template <std::size_t N>
std::vector<offsets_t<N>> library_walk(const loop_shape<N>& shape) {
  std::vector<offsets_t<N>> out;
  dmlref::loops::for_each_row(shape, [&](const dmlref::loops::row_offsets<N>& at) {
    for (std::uint64_t i = 0; i < shape.row_length(); ++i) {
      offsets_t<N> o{};
      for (std::size_t k = 0; k < N; ++k) o[k] = at[k] + i * shape.row_stride(k);
      out.push_back(o);
    }
  });
  return out;
}

enum class layout { zero, packed, padded, permuted, partial_broadcast, arbitrary };

/// Strides for one operand over sizes[0..rank).
element_strides make_strides(std::mt19937& rng, std::uint32_t rank, const std::uint32_t* sizes,
                             layout kind) {
  element_strides s{};
  auto pick = [&](std::uint32_t n) { return static_cast<std::uint32_t>(rng() % n); };
  std::vector<std::uint32_t> order(rank);
  std::iota(order.begin(), order.end(), 0u);  // outermost first
  if (kind == layout::permuted) std::shuffle(order.begin(), order.end(), rng);
  const bool pad = kind == layout::padded || (kind == layout::permuted && pick(2) == 0) ||
                   kind == layout::partial_broadcast;
  std::uint64_t step = pad ? 1 + pick(3) : 1;
  for (std::uint32_t j = rank; j-- > 0;) {
    const std::uint32_t d = order[j];
    s[d] = step;
    step = step * sizes[d] + (pad ? pick(3) : 0);
  }
  switch (kind) {
    case layout::zero:
      for (std::uint32_t d = 0; d < rank; ++d) s[d] = 0;
      break;
    case layout::partial_broadcast:
      for (std::uint32_t d = 0; d < rank; ++d) {
        if (pick(2) == 0) s[d] = 0;
      }
      break;
    case layout::arbitrary:
      for (std::uint32_t d = 0; d < rank; ++d) s[d] = pick(12);
      break;
    default: break;
  }
  return s;
}

std::string describe(std::uint32_t rank, const std::uint32_t* sizes,
                     const std::vector<element_strides>& strides) {
  std::string text = "sizes {";
  for (std::uint32_t d = 0; d < rank; ++d) text += (d ? "," : "") + std::to_string(sizes[d]);
  text += "}";
  for (const auto& s : strides) {
    text += " strides {";
    for (std::uint32_t d = 0; d < rank; ++d) text += (d ? "," : "") + std::to_string(s[d]);
    text += "}";
  }
  return text;
}

/// Random sizes: rank 1..8, sizes 1..5 with an occasional larger one, at most max_elements.
std::uint32_t make_sizes(std::mt19937& rng, std::array<std::uint32_t, 8>& sizes,
                         std::uint64_t max_elements) {
  for (;;) {
    const auto rank = static_cast<std::uint32_t>(1 + rng() % 8);
    std::uint64_t count = 1;
    for (std::uint32_t d = 0; d < rank; ++d) {
      sizes[d] = rng() % 12 == 0 ? static_cast<std::uint32_t>(6 + rng() % 20)
                                 : static_cast<std::uint32_t>(1 + rng() % 5);
      count *= sizes[d];
    }
    if (count <= max_elements) return rank;
  }
}

template <std::size_t N>
int compare_walks_randomly(std::mt19937& rng, int shapes) {
  int failures = 0;
  for (int t = 0; t < shapes; ++t) {
    std::array<std::uint32_t, 8> sizes{};
    const std::uint32_t rank = make_sizes(rng, sizes, 3000);
    std::array<element_strides, N> strides{};
    std::vector<element_strides> all;
    for (std::size_t k = 0; k < N; ++k) {
      strides[k] = make_strides(rng, rank, sizes.data(), static_cast<layout>(rng() % 6));
      all.push_back(strides[k]);
    }
    const auto shape = make_loop_shape<N>(rank, sizes.data(), strides);
    const auto want = naive_walk<N>(rank, sizes.data(), strides);
    const auto got = library_walk<N>(shape);
    // Invariants of the simplified shape: no size-1 dimension unless it is the only one,
    // and no two adjacent dimensions left that every operand would let merge.
    bool simplified = shape.rank >= 1 && shape.rank <= rank;
    for (std::uint32_t d = 0; d < shape.rank && shape.rank > 1; ++d) {
      simplified = simplified && shape.sizes[d] > 1;
    }
    for (std::uint32_t d = 0; d + 1 < shape.rank; ++d) {
      bool all_merge = true;
      for (std::size_t k = 0; k < N; ++k) {
        all_merge = all_merge &&
                    shape.strides[k][d] == shape.strides[k][d + 1] * shape.sizes[d + 1];
      }
      simplified = simplified && !all_merge;
    }
    const bool ok = got == want && simplified && shape.element_count() == want.size();
    if (!ok && failures++ < 5) {
      CHECK_MESSAGE(false, N << " operand(s), " << describe(rank, sizes.data(), all)
                             << ": library visited " << got.size() << " elements, naive "
                             << want.size() << (simplified ? "" : " (shape not fully merged)"));
    }
  }
  return failures;
}

struct add_twice {
  double operator()(double a, double b) const { return a + 2 * b; }
};

/// want[out] = a + 2 b element by element over the original sizes and strides (the oracle of
/// apply_golden(add_twice{}, ...)); a and b are read from the given vectors, never from want.
void naive_add_twice(std::uint32_t rank, const std::uint32_t* sizes, const element_strides& out_strides,
                     const element_strides& a_strides, const element_strides& b_strides,
                     const std::vector<double>& a, const std::vector<double>& b, std::vector<double>& want) {
  std::vector<std::uint32_t> index(rank, 0);
  for (bool more = true; more;) {
    std::uint64_t oo = 0, oa = 0, ob = 0;
    for (std::uint32_t d = 0; d < rank; ++d) {
      oo += index[d] * out_strides[d];
      oa += index[d] * a_strides[d];
      ob += index[d] * b_strides[d];
    }
    want[oo] = a[oa] + 2 * b[ob];
    more = false;
    for (std::uint32_t d = rank; d-- > 0;) {
      if (++index[d] < sizes[d]) {
        more = true;
        break;
      }
      index[d] = 0;
    }
  }
}

struct positive {
  bool defined(double a) const { return a > 0; }
};

}  // namespace

TEST_CASE("make_loop_shape merges and drops dimensions as documented") {
  SUBCASE("a packed 2x3x4 tensor becomes one row of 24") {
    const std::uint32_t sizes[] = {2, 3, 4};
    const std::array<element_strides, 1> st{element_strides{12, 4, 1}};
    const auto shape = make_loop_shape<1>(3, sizes, st);
    CHECK(shape.rank == 1);
    CHECK(shape.sizes[0] == 24);
    CHECK(shape.row_length() == 24);
    CHECK(shape.row_stride(0) == 1);
  }
  SUBCASE("a full broadcast operand merges and keeps stride 0") {
    const std::uint32_t sizes[] = {2, 3, 4};
    const std::array<element_strides, 2> st{element_strides{12, 4, 1}, element_strides{0, 0, 0}};
    const auto shape = make_loop_shape<2>(3, sizes, st);
    CHECK(shape.rank == 1);
    CHECK(shape.sizes[0] == 24);
    CHECK(shape.row_stride(0) == 1);
    CHECK(shape.row_stride(1) == 0);
  }
  SUBCASE("a broadcast operand next to a padded one keeps stride 0 in every dimension") {
    const std::uint32_t sizes[] = {2, 3};
    const std::array<element_strides, 2> st{element_strides{4, 1}, element_strides{0, 0}};
    const auto shape = make_loop_shape<2>(2, sizes, st);
    CHECK(shape.rank == 2);
    CHECK(shape.sizes[0] == 2);
    CHECK(shape.sizes[1] == 3);
    CHECK(shape.strides[0][0] == 4);
    CHECK(shape.strides[0][1] == 1);
    CHECK(shape.strides[1][0] == 0);
    CHECK(shape.strides[1][1] == 0);
  }
  SUBCASE("a partial broadcast merges only where every operand allows it") {
    // Operand 0 packed {12, 4, 1}; operand 1 {0, 4, 1}: dimensions 1 and 2 merge (4 == 1 * 4
    // for both), dimension 0 does not (operand 1: 0 != 4 * 3).
    const std::uint32_t sizes[] = {2, 3, 4};
    const std::array<element_strides, 2> st{element_strides{12, 4, 1}, element_strides{0, 4, 1}};
    const auto shape = make_loop_shape<2>(3, sizes, st);
    CHECK(shape.rank == 2);
    CHECK(shape.sizes[0] == 2);
    CHECK(shape.sizes[1] == 12);
    CHECK(shape.strides[0][0] == 12);
    CHECK(shape.strides[0][1] == 1);
    CHECK(shape.strides[1][0] == 0);
    CHECK(shape.strides[1][1] == 1);
  }
  SUBCASE("size-1 dimensions are dropped, whatever their stride") {
    const std::uint32_t sizes[] = {1, 5, 1};
    const std::array<element_strides, 1> st{element_strides{99, 3, 7}};
    const auto shape = make_loop_shape<1>(3, sizes, st);
    CHECK(shape.rank == 1);
    CHECK(shape.sizes[0] == 5);
    CHECK(shape.row_stride(0) == 3);
    // Dropping a size-1 dimension between two mergeable ones lets them merge.
    const std::uint32_t sizes2[] = {2, 1, 3};
    const std::array<element_strides, 1> st2{element_strides{3, 42, 1}};
    const auto shape2 = make_loop_shape<1>(3, sizes2, st2);
    CHECK(shape2.rank == 1);
    CHECK(shape2.sizes[0] == 6);
  }
  SUBCASE("all sizes 1: one element") {
    const std::uint32_t sizes[] = {1, 1, 1, 1};
    const std::array<element_strides, 2> st{element_strides{5, 6, 7, 8}, element_strides{1, 1, 1, 1}};
    const auto shape = make_loop_shape<2>(4, sizes, st);
    CHECK(shape.rank == 1);
    CHECK(shape.row_length() == 1);
    CHECK(shape.element_count() == 1);
    CHECK(library_walk<2>(shape) == std::vector<offsets_t<2>>{offsets_t<2>{0, 0}});
  }
  SUBCASE("padded and permuted layouts do not merge") {
    const std::uint32_t sizes[] = {2, 3};
    const std::array<element_strides, 1> padded{element_strides{4, 1}};
    CHECK(make_loop_shape<1>(2, sizes, padded).rank == 2);
    const std::array<element_strides, 1> permuted{element_strides{1, 2}};
    CHECK(make_loop_shape<1>(2, sizes, permuted).rank == 2);
    // Padding only in the outer dimension of three: the inner two merge.
    const std::uint32_t sizes3[] = {2, 3, 4};
    const std::array<element_strides, 1> outer_pad{element_strides{16, 4, 1}};
    const auto shape = make_loop_shape<1>(3, sizes3, outer_pad);
    CHECK(shape.rank == 2);
    CHECK(shape.sizes[0] == 2);
    CHECK(shape.sizes[1] == 12);
    CHECK(shape.strides[0][0] == 16);
  }
}

TEST_CASE("for_each_row visits the same offsets in the same order as a naive odometer") {
  // Hand case first: sizes {2, 3}, one padded operand {4, 1} and one column-major {1, 2}.
  {
    const std::uint32_t sizes[] = {2, 3};
    const std::array<element_strides, 2> st{element_strides{4, 1}, element_strides{1, 2}};
    const std::vector<offsets_t<2>> want = {{0, 0}, {1, 2}, {2, 4}, {4, 1}, {5, 3}, {6, 5}};
    CHECK(library_walk<2>(make_loop_shape<2>(2, sizes, st)) == want);
    CHECK(naive_walk<2>(2, sizes, st) == want);  // the oracle itself, by hand
  }
  std::mt19937 rng(0x100B5u);
  CHECK(compare_walks_randomly<1>(rng, 2500) == 0);
  CHECK(compare_walks_randomly<2>(rng, 2500) == 0);
  CHECK(compare_walks_randomly<3>(rng, 2500) == 0);
  CHECK(compare_walks_randomly<4>(rng, 2500) == 0);
}

TEST_CASE("apply_golden matches a naive loop on random layouts, also in place") {
  std::mt19937 rng(0xA991u);
  int failures = 0;
  for (int t = 0; t < 3000; ++t) {
    std::array<std::uint32_t, 8> sizes{};
    const std::uint32_t rank = make_sizes(rng, sizes, 2000);
    // The output gets a layout that gives every element its own address.
    const layout out_kinds[] = {layout::packed, layout::padded, layout::permuted};
    const auto out_strides = make_strides(rng, rank, sizes.data(), out_kinds[rng() % 3]);
    const auto a_strides = make_strides(rng, rank, sizes.data(), static_cast<layout>(rng() % 6));
    const auto b_strides = make_strides(rng, rank, sizes.data(), static_cast<layout>(rng() % 6));
    const bool in_place = rng() % 3 == 0;  // the output exactly aliases input a
    auto extent = [&](const element_strides& s) {
      std::uint64_t last = 0;
      for (std::uint32_t d = 0; d < rank; ++d) last += (sizes[d] - 1u) * s[d];
      return static_cast<std::size_t>(last + 1);
    };
    std::vector<double> a(extent(in_place ? out_strides : a_strides));
    std::vector<double> b(extent(b_strides));
    for (auto& v : a) v = static_cast<double>(rng() % 1000);
    for (auto& v : b) v = static_cast<double>(rng() % 1000);
    std::vector<double> out(extent(out_strides), -1.0);  // -1: never written (padding)
    const auto& a_layout = in_place ? out_strides : a_strides;

    // Naive expectation, from copies of the inputs taken before anything is written.
    std::vector<double> want = in_place ? a : out;
    naive_add_twice(rank, sizes.data(), out_strides, a_layout, b_strides, a, b, want);

    double* out_data = in_place ? a.data() : out.data();
    const dmlref::loops::operand<double> o{out_data, out_strides};
    const dmlref::loops::operand<const double> ia{a.data(), a_layout};
    const dmlref::loops::operand<const double> ib{b.data(), b_strides};
    dmlref::apply_golden(add_twice{}, rank, sizes.data(), o, ia, ib);
    const auto& got = in_place ? a : out;
    if (got != want && failures++ < 5) {
      CHECK_MESSAGE(false, (in_place ? "in place, " : "")
                               << describe(rank, sizes.data(), {out_strides, a_layout, b_strides}));
    }
  }
  CHECK(failures == 0);
}

TEST_CASE("apply_golden: rows longer than a block, every row-stride pattern, also in place") {
  // Rows of 700 elements (two full blocks and a part), 3 of them; the row strides of the
  // output (1, 2), a (0, 1, 2, 3) and b (0, 1, 3) in every combination, in place where a's
  // layout is the output's. A row stride of 0 is a per-row broadcast (the row's value
  // changes from row to row), 2 and 3 leave gaps.
  const std::uint32_t sizes[] = {3, 700};
  auto strides_for = [&](std::uint64_t row_stride) {
    const std::uint64_t row_pitch = row_stride == 0 ? 1 : row_stride * sizes[1] + 5;
    return element_strides{row_pitch, row_stride};
  };
  auto extent = [&](const element_strides& s) {
    return static_cast<std::size_t>((sizes[0] - 1) * s[0] + (sizes[1] - 1) * s[1] + 1);
  };
  std::mt19937 rng(0xB10Cu);
  int cases = 0;
  for (const std::uint64_t out_step : {1u, 2u}) {
    for (const std::uint64_t a_step : {0u, 1u, 2u, 3u}) {
      for (const std::uint64_t b_step : {0u, 1u, 3u}) {
        for (const bool in_place : {false, true}) {
          if (in_place && a_step != out_step) continue;
          const auto out_strides = strides_for(out_step);
          const auto a_strides = strides_for(a_step);
          const auto b_strides = strides_for(b_step);
          std::vector<double> a(extent(a_strides)), b(extent(b_strides));
          for (auto& v : a) v = static_cast<double>(rng() % 1000);
          for (auto& v : b) v = static_cast<double>(rng() % 1000);
          std::vector<double> out(extent(out_strides), -1.0);  // -1: never written (gaps)
          std::vector<double> want = in_place ? a : out;
          naive_add_twice(2, sizes, out_strides, a_strides, b_strides, a, b, want);
          double* out_data = in_place ? a.data() : out.data();
          dmlref::apply_golden(add_twice{}, 2, sizes, dmlref::loops::operand<double>{out_data, out_strides},
                               dmlref::loops::operand<const double>{a.data(), a_strides},
                               dmlref::loops::operand<const double>{b.data(), b_strides});
          CHECK_MESSAGE((in_place ? a : out) == want, (in_place ? "in place, " : "")
                                                         << describe(2, sizes, {out_strides, a_strides, b_strides}));
          ++cases;
        }
      }
    }
  }
  CHECK(cases == 30);
}

TEST_CASE("golden_defined_mask marks each element from its own inputs") {
  // sizes {3, 2}, input column-major {1, 3}, mask padded {3, 1}.
  const std::uint32_t sizes[] = {3, 2};
  static const double x[] = {1.0, -1.0, 2.0, -2.0, 0.0, 3.0};  // x(i, j) = x[i + 3 j]
  bool mask[9];
  std::fill(std::begin(mask), std::end(mask), true);
  const dmlref::loops::operand<bool> m{mask, element_strides{3, 1}};
  const dmlref::loops::operand<const double> in{x, element_strides{1, 3}};
  dmlref::golden_defined_mask(positive{}, 2, sizes, m, in);
  // mask(i, j) = x(i, j) > 0: (0,0)=1>0, (0,1)=-2, (1,0)=-1, (1,1)=0, (2,0)=2, (2,1)=3.
  CHECK(mask[0]);
  CHECK_FALSE(mask[1]);
  CHECK(mask[2]);  // padding, untouched
  CHECK_FALSE(mask[3]);
  CHECK_FALSE(mask[4]);
  CHECK(mask[5]);  // padding
  CHECK(mask[6]);
  CHECK(mask[7]);
  CHECK(mask[8]);  // padding
}
