#!/usr/bin/python3
"""Hunts hard-to-round pow inputs and judges dmlref's golden and fast paths on them against an
independent arbitrary-precision evaluation (mpmath interval arithmetic and Python integers).

  pow_hard_cases.py search SEARCH_BINARY OUT_DIR [--quick]
      runs dmlref-pow-search over every positive FLOAT32 base for each exponent of
      FLOAT32_EXPONENTS, every FLOAT16 base with every FLOAT16 exponent, and the mixed
      (integer base, FLOAT32 exponent) generator with MIXED_SEED; writes OUT_DIR/*.txt.
      --quick: two exponents and a smaller mixed run (minutes, not tens of minutes).
  pow_hard_cases.py verify FILE... [--regressions OUT]
      judges every candidate line; prints counts per kind; exits 1 if golden differs from the
      exact result anywhere or the fast path leaves its budget. --regressions writes the
      inputs worth keeping (every one where rounding the double pow once is wrong, and a
      sample of the rest) with their exact results: include/dmlref/ops/pow_hard_cases.inc
      (ops/pow_hard_cases.hpp; tests/test_pow_hard_cases.cpp, generate --values hard).

The exact result: x^y enclosed by mpmath's interval arithmetic at 64 bits, then 128, ... up
to 16384; decided when both ends of the enclosure round (or truncate) to the same value.
An enclosure that straddles a boundary is first checked for an exact tie with Python
integers (y = p / 2^k: x^p = b^(2^k)); a tie rounds to even (or is the integer itself).
"""

import argparse
import os
import random
import subprocess
import sys
from fractions import Fraction

import mpmath
from mpmath import iv

# FLOAT32 exponents with large denominators (and a few the issue tracker named), and exponents
# next to 1, where the power is closest to its base.
FLOAT32_EXPONENTS = {
    "1/3": 0x3EAAAAAB, "2/3": 0x3F2AAAAB, "2.2": 0x400CCCCD, "1/2.4": 0x3ED55555,
    "-0.7": 0xBF333333, "0.1": 0x3DCCCCCD, "1.1": 0x3F8CCCCD, "7/3": 0x40155555,
    "-1/3": 0xBEAAAAAB, "1/2.2": 0x3EE8BA2F, "3.7": 0x406CCCCD, "-2.5": 0xC0200000,
    "1+2^-23": 0x3F800001, "1-2^-24": 0x3F7FFFFF, "1+2^-22": 0x3F800002, "1-2^-23": 0x3F7FFFFE,
}
QUICK_EXPONENTS = ["1/3", "2.2"]
MIXED_SEED = 20261122
MIXED_COUNT = 50000
QUICK_MIXED_COUNT = 20000

FORMATS = {  # name: (stored mantissa bits, exponent bits)
    "FLOAT32": (23, 8),
    "FLOAT16": (10, 5),
}
INTEGER_RANGES = {"INT32": (-(2**31), 2**31 - 1), "UINT32": (0, 2**32 - 1)}
FAST_BUDGET = {"FLOAT32": 2, "FLOAT16": 1, "INT32": 0, "UINT32": 0}


def value_of(type_name, bits):
    """The exact value of a bit pattern of the type, as a Fraction (None for NaN, inf)."""
    if type_name in INTEGER_RANGES:
        low, _ = INTEGER_RANGES[type_name]
        return Fraction(bits - 2**32 if low < 0 and bits >= 2**31 else bits)
    mant_bits, exp_bits = FORMATS[type_name]
    sign = -1 if bits >> (mant_bits + exp_bits) else 1
    biased = (bits >> mant_bits) & ((1 << exp_bits) - 1)
    fraction = bits & ((1 << mant_bits) - 1)
    bias = (1 << (exp_bits - 1)) - 1
    if biased == (1 << exp_bits) - 1:
        return None
    if biased == 0:
        return sign * Fraction(fraction) * Fraction(2) ** (1 - bias - mant_bits)
    return sign * Fraction(fraction | (1 << mant_bits)) * Fraction(2) ** (biased - bias - mant_bits)


def quantum_of(v, type_name):
    """The spacing of the format's values around v > 0: (quantum exponent, overflow?)."""
    mant_bits, exp_bits = FORMATS[type_name]
    bias = (1 << (exp_bits - 1)) - 1
    e = v.numerator.bit_length() - v.denominator.bit_length()
    if Fraction(2) ** e > v:
        e -= 1
    return max(e, 1 - bias) - mant_bits, e > bias


def round_to(v, type_name):
    """Bits of v > 0 rounded to the format, to nearest with ties to even."""
    mant_bits, exp_bits = FORMATS[type_name]
    q, overflow = quantum_of(v, type_name)
    if overflow:
        return ((1 << exp_bits) - 1) << mant_bits
    scaled = v / Fraction(2) ** q
    n = scaled.numerator // scaled.denominator
    rest = scaled - n
    if rest > Fraction(1, 2) or (rest == Fraction(1, 2) and n % 2 == 1):
        n += 1
    bias = (1 << (exp_bits - 1)) - 1
    field = q + mant_bits - (1 - bias)  # 0 for subnormals; n carries the hidden bit
    return (field << mant_bits) + n


def midpoint_above(bits, type_name):
    """The midpoint between the value of bits (> 0) and the next value up."""
    mant_bits, exp_bits = FORMATS[type_name]
    low = value_of(type_name, bits)
    nxt = bits + 1
    high = value_of(type_name, nxt)
    if high is None:  # past the largest finite value: the boundary of overflow
        bias = (1 << (exp_bits - 1)) - 1
        high = Fraction(2) ** (bias + 1)
    return (low + high) / 2


def enclose_power(x, y, precision):
    """An interval [lo, hi] (Fractions) holding x^y for x > 0."""
    iv.prec = precision
    X = iv.mpf(mpmath.mpf(x.numerator)) / iv.mpf(mpmath.mpf(x.denominator))
    Y = iv.mpf(mpmath.mpf(y.numerator)) / iv.mpf(mpmath.mpf(y.denominator))
    P = iv.exp(Y * iv.log(X))
    return _exact(P.a), _exact(P.b)


def _exact(v):
    mpmath.mp.prec = max(mpmath.mp.prec, iv.prec)
    m = mpmath.mpf(v)
    man, exp = m.man_exp
    return Fraction(man) * Fraction(2) ** exp if exp >= 0 else Fraction(man, 2 ** -exp)


def dyadic_parts(v):
    """v = p / 2^k with p an integer (v dyadic)."""
    k = v.denominator.bit_length() - 1
    assert v.denominator == 1 << k
    return v.numerator, k


def power_equals(x, y, b):
    """x^y == b exactly, for x, b > 0 and y dyadic, decided with integers where feasible."""
    p, k = dyadic_parts(y)
    if abs(p) > 4096 or k > 12:
        return False  # docs/semantics.md: ties need small p and k
    lhs = x ** abs(p)
    rhs = b ** (1 << k)
    return lhs == rhs if p > 0 else lhs * rhs == 1


def exact_float_result(x, y, type_name):
    """Bits of x^y (x > 0 finite, y finite nonzero) correctly rounded to the format."""
    precision = 64
    while precision <= 16384:
        lo, hi = enclose_power(x, y, precision)
        a = round_to(lo, type_name)
        b = round_to(hi, type_name)
        if a == b:
            return a, precision
        if power_equals(x, y, midpoint_above(a, type_name)):  # an exact tie: to even
            return (a if a % 2 == 0 else a + 1), precision
        precision *= 2
    raise RuntimeError(f"undecided: {x}^{y}")


def exact_integer_result(x, y):
    """x^y truncated toward zero (x > 0): (value, precision)."""
    precision = 64
    while precision <= 16384:
        lo, hi = enclose_power(x, y, precision)
        n = hi.numerator // hi.denominator
        if lo.numerator // lo.denominator == n or power_equals(x, y, Fraction(n)):
            return n, precision
        precision *= 2
    raise RuntimeError(f"undecided: {x}^{y}")


def judge(line):
    """(kind, exact result, golden ok, fast ok, double wrong, precision) for a candidate."""
    kind, base_type, base_hex, exp_type, exp_hex, golden_hex, fast_hex, double_hex = line.split()
    x = value_of(base_type, int(base_hex, 16))
    y = value_of(exp_type, int(exp_hex, 16))
    golden, fast, rounded = int(golden_hex, 16), int(fast_hex, 16), int(double_hex, 16)
    if base_type in INTEGER_RANGES:
        exact, precision = exact_integer_result(x, y)
        low, high = INTEGER_RANGES[base_type]
        if not low <= exact <= high:
            return kind, None, True, True, False, precision  # undefined: not compared
        exact_bits = exact % 2**32
        return kind, exact_bits, golden == exact_bits, fast == exact_bits, rounded % 2**32 != exact_bits, precision
    exact_bits, precision = exact_float_result(x, y, base_type)
    return (kind, exact_bits, golden == exact_bits,
            abs(fast - exact_bits) <= FAST_BUDGET[base_type], rounded != exact_bits, precision)


def verify(files, regressions_path):
    stats = {}
    keep = []
    failures = 0
    for path in files:
        with open(path) as f:
            for line in f:
                line = line.strip()
                if not line:
                    continue
                kind, exact, golden_ok, fast_ok, double_wrong, precision = judge(line)
                s = stats.setdefault(kind, {"candidates": 0, "undefined": 0, "golden wrong": 0,
                                            "fast over budget": 0, "double pow rounded wrong": 0,
                                            "max precision": 0})
                s["candidates"] += 1
                s["max precision"] = max(s["max precision"], precision)
                if exact is None:
                    s["undefined"] += 1
                    continue
                if not golden_ok:
                    s["golden wrong"] += 1
                    failures += 1
                    print("golden wrong:", line, f"exact {exact:x}")
                if not fast_ok:
                    s["fast over budget"] += 1
                    failures += 1
                    print("fast over budget:", line, f"exact {exact:x}")
                if double_wrong:
                    s["double pow rounded wrong"] += 1
                fields = line.split()
                keep.append((double_wrong, kind, " ".join(fields[:5] + [f"{exact:x}"])))
    for kind, s in sorted(stats.items()):
        print(f"{kind}: " + ", ".join(f"{v} {k}" for k, v in s.items()))
    if regressions_path:
        rng = random.Random(MIXED_SEED)
        chosen = []
        for kind in sorted(stats):
            hard = [k for k in keep if k[1] == kind and k[0]]
            rest = [k for k in keep if k[1] == kind and not k[0]]
            chosen += rng.sample(hard, min(len(hard), 400)) + rng.sample(rest, min(len(rest), 100))
        with open(regressions_path, "w") as out:
            out.write("// Written by scripts/pow_hard_cases.py verify --regressions: pow inputs close to a\n"
                      "// rounding boundary, with their exact results from mpmath's interval arithmetic.\n"
                      "// Rows: {base type, base bits, exponent type, exponent bits, exact result bits}.\n")
            for _, _, text in sorted(chosen, key=lambda k: k[2]):
                _, base_type, base, exp_type, exp, exact = text.split()
                out.write(f'{{"{base_type}", 0x{base}, "{exp_type}", 0x{exp}, 0x{exact}}},\n')
        print(f"wrote {len(chosen)} regression inputs to {regressions_path}")
    print(f"{sum(s['candidates'] for s in stats.values()) - failures} passed, {failures} failed")
    return 1 if failures else 0


def search(binary, out_dir, quick):
    os.makedirs(out_dir, exist_ok=True)
    names = QUICK_EXPONENTS if quick else list(FLOAT32_EXPONENTS)
    runs = [("float32.txt", ["float32"] + [f"{FLOAT32_EXPONENTS[n]:08x}" for n in names]),
            ("mixed.txt", ["mixed", str(MIXED_SEED), str(QUICK_MIXED_COUNT if quick else MIXED_COUNT)])]
    if not quick:
        runs.append(("float16.txt", ["float16"]))
    for name, args in runs:
        with open(os.path.join(out_dir, name), "w") as out:
            subprocess.run([binary] + args, stdout=out, check=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    s = sub.add_parser("search")
    s.add_argument("binary")
    s.add_argument("out_dir")
    s.add_argument("--quick", action="store_true")
    v = sub.add_parser("verify")
    v.add_argument("files", nargs="+")
    v.add_argument("--regressions")
    args = parser.parse_args()
    if args.command == "search":
        search(args.binary, args.out_dir, args.quick)
        return 0
    return verify(args.files, args.regressions)


if __name__ == "__main__":
    sys.exit(main())
