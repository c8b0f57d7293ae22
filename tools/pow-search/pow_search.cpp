// dmlref-pow-search: hunts pow inputs whose exact result lies close to a rounding boundary,
// where an oracle that rounds an approximation goes wrong. Each candidate is printed with
// golden's and the fast path's results; scripts/pow_hard_cases.py judges them against an
// independent arbitrary-precision evaluation.
//
//   dmlref-pow-search float32 EXPONENT_BITS...  every positive finite FLOAT32 base, each
//                                               FLOAT32 exponent (hex bit patterns)
//   dmlref-pow-search float16                    every positive finite FLOAT16 base with every
//                                               finite FLOAT16 exponent
//   dmlref-pow-search mixed SEED COUNT           INT32/UINT32 bases with FLOAT32 exponents
//                                               aimed at integer results, and tiny exponents
// Options (before the mode): --window W  keep inputs whose double pow lies within W units of
// a double's last place of a boundary (default 64: a search heuristic, the C library's pow
// standing in for the exact power; golden itself never calls it); --threads N (default: all cores).
//
// A candidate line: kind base_type base_hex exponent_type exponent_hex golden_hex fast_hex
// double_rounded_hex, where double_rounded is what rounding the C library's double pow once
// gives (the oracle's answer before its boundary decisions).

#include <dmlref/dmlref.hpp>

#include <algorithm>
#include <atomic>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <random>
#include <string>
#include <thread>
#include <vector>

namespace {

using dmlref::float16;
namespace dd = dmlref::detail;

struct candidate {
  std::uint64_t base_bits;
  std::uint64_t exponent_bits;
};

struct options {
  std::uint64_t window = 64;  // the oracle's own bound on the C library's error
  unsigned threads = std::max(1u, std::thread::hardware_concurrency());
};

/// True when r - window and r + window (units in r's last place) round differently to F:
/// a boundary of F lies within the window.
template <class F>
bool near_boundary(double r, std::uint64_t window) {
  const auto bits = dd::bit_cast<std::uint64_t>(r);
  if (dd::classify_bits<dd::binary64>(bits) != dd::fp_class::normal) return false;
  const auto v = dd::decompose<dd::binary64>(bits);
  const dd::exact_binary below{false, v.mantissa - window, v.exponent, false};
  const dd::exact_binary above{false, v.mantissa + window, v.exponent, false};
  return dd::round_to_format<F>(below) != dd::round_to_format<F>(above);
}

/// Truncation toward zero: an integer within the window.
bool near_integer(double r, std::uint64_t window) {
  const double ulp = std::nextafter(r, HUGE_VAL) - r;
  const double span = ulp * static_cast<double>(window);
  return std::floor(r - span) != std::floor(r + span) && r < 4294967296.0;
}

template <class T>
std::uint64_t bits_of(T v) {
  if constexpr (std::is_same_v<T, float16>) {
    return v.bits();
  } else if constexpr (std::is_same_v<T, float>) {
    return dd::bit_cast<std::uint32_t>(v);
  } else {
    return static_cast<std::uint64_t>(static_cast<std::make_unsigned_t<T>>(v));
  }
}

template <class T>
T from_bits(std::uint64_t b) {
  if constexpr (std::is_same_v<T, float16>) {
    return float16::from_bits(static_cast<std::uint16_t>(b));
  } else if constexpr (std::is_same_v<T, float>) {
    return dd::bit_cast<float>(static_cast<std::uint32_t>(b));
  } else {
    return static_cast<T>(static_cast<std::make_unsigned_t<T>>(b));
  }
}

template <class T> const char* type_name();
template <> const char* type_name<float>() { return "FLOAT32"; }
template <> const char* type_name<float16>() { return "FLOAT16"; }
template <> const char* type_name<std::int32_t>() { return "INT32"; }
template <> const char* type_name<std::uint32_t>() { return "UINT32"; }

double to_double(float v) { return static_cast<double>(v); }
double to_double(float16 v) { return static_cast<double>(static_cast<float>(v)); }

/// What rounding the double pow once gives: the oracle before its boundary decisions.
template <class In>
std::uint64_t double_rounded(double r) {
  if constexpr (std::is_same_v<In, float>) {
    return dd::bit_cast<std::uint32_t>(static_cast<float>(r));
  } else if constexpr (std::is_same_v<In, float16>) {
    return float16(static_cast<float>(r)).bits();  // not once: reported only, never judged
  } else {
    return static_cast<std::uint64_t>(static_cast<std::int64_t>(std::trunc(r)));
  }
}

/// Prints candidates with golden's and the fast path's results, one line each.
template <class In, class Exp>
void report(const char* kind, const std::vector<candidate>& found) {
  const auto n = static_cast<std::uint32_t>(found.size());
  if (n == 0) return;
  std::vector<In> base(n), golden(n), fast(n);
  std::vector<Exp> exponent(n);
  for (std::uint32_t i = 0; i < n; ++i) {
    base[i] = from_bits<In>(found[i].base_bits);
    exponent[i] = from_bits<Exp>(found[i].exponent_bits);
  }
  const auto run = [&](auto path, std::vector<In>& out) {
    const auto s = dmlref::pow(path, dmlref::make_packed_view(base.data(), {n}),
                               dmlref::make_packed_view(exponent.data(), {n}),
                               dmlref::make_packed_view(out.data(), {n}));
    if (!s.ok()) {
      std::fprintf(stderr, "dmlref-pow-search: %s\n", s.message().c_str());
      std::exit(2);
    }
  };
  run(dmlref::golden, golden);
  run(dmlref::fast, fast);
  for (std::uint32_t i = 0; i < n; ++i) {
    double x = 0, y = 0;
    if constexpr (std::is_integral_v<In>) x = static_cast<double>(base[i]); else x = to_double(base[i]);
    y = to_double(exponent[i]);
    std::printf("%s %s %" PRIx64 " %s %" PRIx64 " %" PRIx64 " %" PRIx64 " %" PRIx64 "\n", kind,
                type_name<In>(), found[i].base_bits, type_name<Exp>(), found[i].exponent_bits,
                bits_of(golden[i]), bits_of(fast[i]), double_rounded<In>(std::pow(x, y)));
  }
}

/// Runs visit(i, sink) for i in [0, count) on every thread; sink collects candidates.
template <class Visit>
std::vector<candidate> search(std::uint64_t count, unsigned threads, Visit visit) {
  std::vector<candidate> found;
  std::mutex lock;
  std::atomic<std::uint64_t> next{0};
  constexpr std::uint64_t chunk = 1u << 16;
  std::vector<std::thread> pool;
  for (unsigned t = 0; t < threads; ++t) {
    pool.emplace_back([&] {
      std::vector<candidate> mine;
      for (std::uint64_t start; (start = next.fetch_add(chunk)) < count;) {
        const auto end = std::min(count, start + chunk);
        for (auto i = start; i < end; ++i) visit(i, mine);
      }
      std::lock_guard<std::mutex> guard(lock);
      found.insert(found.end(), mine.begin(), mine.end());
    });
  }
  for (auto& t : pool) t.join();
  std::sort(found.begin(), found.end(), [](const candidate& a, const candidate& b) {
    return a.exponent_bits != b.exponent_bits ? a.exponent_bits < b.exponent_bits : a.base_bits < b.base_bits;
  });
  return found;
}

void search_float32(const options& opt, const std::vector<std::uint32_t>& exponents) {
  for (const auto e_bits : exponents) {
    const double y = static_cast<double>(dd::bit_cast<float>(e_bits));
    const auto found = search(0x7f800000u - 1, opt.threads, [&](std::uint64_t i, std::vector<candidate>& sink) {
      const auto x_bits = static_cast<std::uint32_t>(i + 1);  // every positive finite base
      const double r = std::pow(static_cast<double>(dd::bit_cast<float>(x_bits)), y);
      if (near_boundary<dd::binary32>(r, opt.window)) sink.push_back({x_bits, e_bits});
    });
    std::fprintf(stderr, "float32 exponent %08x: %zu candidates\n", e_bits, found.size());
    report<float, float>("float32", found);
  }
}

void search_float16(const options& opt) {
  // Positive finite bases (0x0001 .. 0x7bff) times finite exponents of either sign.
  const std::uint64_t bases = 0x7c00 - 1, exponents = 2 * 0x7c00;
  const auto found = search(bases * exponents, opt.threads, [&](std::uint64_t i, std::vector<candidate>& sink) {
    const auto x_bits = static_cast<std::uint16_t>(i % bases + 1);
    const auto e_index = i / bases;
    const auto e_bits = static_cast<std::uint16_t>(e_index < 0x7c00 ? e_index : 0x8000 + (e_index - 0x7c00));
    const double x = to_double(float16::from_bits(x_bits));
    const double y = to_double(float16::from_bits(e_bits));
    const double r = std::pow(x, y);
    if (near_boundary<dd::binary16>(r, opt.window)) sink.push_back({x_bits, e_bits});
  });
  std::fprintf(stderr, "float16: %zu candidates\n", found.size());
  report<float16, float16>("float16", found);
}

/// Integer bases with FLOAT32 exponents whose power lands near an integer: exponents aimed at
/// a target integer n (the float32 values around ln n / ln x), and tiny exponents around 0.
void search_mixed(const options& opt, std::uint64_t seed, std::uint64_t count) {
  std::mt19937_64 rng(seed);
  std::vector<candidate> found;
  auto consider = [&](std::uint32_t x, float y) {
    const double r = std::pow(static_cast<double>(x), static_cast<double>(y));
    if (std::isfinite(r) && near_integer(r, opt.window)) found.push_back({x, dd::bit_cast<std::uint32_t>(y)});
  };
  for (std::uint64_t k = 0; k < count; ++k) {
    const int bits = 2 + static_cast<int>(rng() % 30);
    const auto x = static_cast<std::uint32_t>(2 + rng() % ((std::uint64_t{1} << bits) - 2));
    const int target_bits = 1 + static_cast<int>(rng() % 31);
    const auto n = 1 + rng() % ((std::uint64_t{1} << target_bits) - 1);
    const auto aim = static_cast<float>(std::log(static_cast<double>(n)) / std::log(static_cast<double>(x)));
    float y = aim;
    for (int step = 0; step < 3; ++step) y = std::nextafter(y, -HUGE_VALF);
    for (int step = 0; step < 7; ++step, y = std::nextafter(y, HUGE_VALF)) consider(x, y);
    // Tiny exponents: x^(+-2^-j) = 1 +- about 2^-j ln x, which truncates to 1 or 0.
    const float tiny = std::ldexp(1.0f, -static_cast<int>(20 + rng() % 130));
    consider(x, tiny);
    consider(x, -tiny);
  }
  std::fprintf(stderr, "mixed: %zu candidates\n", found.size());
  std::vector<candidate> signed_ones;
  for (const auto& c : found) {
    if (c.base_bits <= 0x7fffffffu) signed_ones.push_back(c);
  }
  report<std::int32_t, float>("mixed", signed_ones);
  report<std::uint32_t, float>("mixed", found);
}

int usage() {
  std::fprintf(stderr,
               "usage: dmlref-pow-search [--window W] [--threads N] float32 EXPONENT_HEX... | float16 | "
               "mixed SEED COUNT\n");
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  options opt;
  int i = 1;
  for (; i + 1 < argc && argv[i][0] == '-'; i += 2) {
    const std::string flag = argv[i];
    if (flag == "--window") opt.window = std::strtoull(argv[i + 1], nullptr, 0);
    else if (flag == "--threads") opt.threads = static_cast<unsigned>(std::strtoul(argv[i + 1], nullptr, 0));
    else return usage();
  }
  if (i >= argc) return usage();
  const std::string mode = argv[i++];
  if (mode == "float32") {
    std::vector<std::uint32_t> exponents;
    for (; i < argc; ++i) exponents.push_back(static_cast<std::uint32_t>(std::strtoul(argv[i], nullptr, 16)));
    if (exponents.empty()) return usage();
    search_float32(opt, exponents);
  } else if (mode == "float16") {
    search_float16(opt);
  } else if (mode == "mixed" && i + 2 == argc) {
    search_mixed(opt, std::strtoull(argv[i], nullptr, 0), std::strtoull(argv[i + 1], nullptr, 0));
  } else {
    return usage();
  }
  return 0;
}
