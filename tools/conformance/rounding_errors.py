#!/usr/bin/env python3
"""Recompute the expected values of tests/conformance/dml/ exactly, and list every element
whose expected value (WebNN's) is not the exact result rounded once: in rational arithmetic
for the operators whose result is a short rational expression of the input and FLOAT32
attributes, and with mpmath (arbitrary precision) for the transcendental ones.

    rounding_errors.py [--check] [DML_DIR [OUT]]

DML_DIR defaults to tests/conformance/dml, OUT to tests/conformance/rounding_errors.json;
--check compares OUT with what would be written and exits 1 when they differ. The conformance
tests (tests/test_conformance.cpp, tests/python/test_conformance.py) read OUT: there golden
must give the value this script computed, and the file must still hold the listed one.

The expressions, with Alpha and Beta rounded to FLOAT32 first, as DirectML's FLOAT fields
hold them: ACTIVATION_HARD_SIGMOID max(0, min(Alpha x + Beta, 1)); ACTIVATION_HARD_SWISH
x max(0, min(Alpha x + Beta, 1)); ACTIVATION_LEAKY_RELU x if x >= 0 else Alpha x;
ACTIVATION_LINEAR Alpha x + Beta. Rounding: to nearest, ties to even, in the output's type.

The transcendental operators (TRANSCENDENTAL below: ELEMENT_WISE_SIN, COS, TAN, LOG, ERF,
ACTIVATION_GELU x/2 (1 + erf(x/sqrt 2)), ACTIVATION_SOFTPLUS ln(1 + e^(Steepness x)) /
Steepness) are evaluated with mpmath at 256 bits, then again at twice the precision until
two evaluations round to the same value. Where this Python has no mpmath, their entries are
kept from OUT as they are (they cannot be recomputed) and a note says so on stderr; the
rational ones are still recomputed. Otherwise standard library only; run with
/usr/bin/python3 (Debian's python3-mpmath).
"""

import json
import math
import pathlib
import struct
import sys
from fractions import Fraction

FORMATS = {"FLOAT32": ("<f", "<I", 4), "FLOAT16": ("<e", "<H", 2)}


def from_bits(bits, type_name):
    f, i, _ = FORMATS[type_name]
    return struct.unpack(f, struct.pack(i, bits))[0]


def to_bits(value, type_name):
    f, i, _ = FORMATS[type_name]
    return struct.unpack(i, struct.pack(f, value))[0]


def rounded_once(exact, type_name):
    """The bits of the value of type_name nearest to the Fraction exact, ties to even."""
    f, i, size = FORMATS[type_name]
    try:
        guess = to_bits(float(exact), type_name)
    except OverflowError:
        guess = to_bits(math.copysign(math.inf, exact), type_name)
    sign = (guess >> (8 * size - 1)) & 1
    candidates = [guess] + [b for b in (guess - 1, guess + 1) if 0 <= b < (1 << (8 * size))]
    finite = [b for b in candidates if math.isfinite(from_bits(b, type_name))
              and (from_bits(b, type_name) != 0 or b >> (8 * size - 1) == sign)]
    if not finite:
        return guess
    return min(finite, key=lambda b: (abs(Fraction(from_bits(b, type_name)) - exact), b & 1))


def element(value, type_name):
    """A case file's value read into type_name, as bits."""
    if isinstance(value, str):
        if value.startswith("0x"):
            return int(value, 16)
        return to_bits({"NaN": math.nan, "Infinity": math.inf, "-Infinity": -math.inf}[value], type_name)
    return rounded_once(Fraction(repr(value)) if isinstance(value, float) else Fraction(value), type_name)


def clamped(v):
    return max(Fraction(0), min(v, Fraction(1)))


EXPRESSIONS = {
    "ACTIVATION_HARD_SIGMOID": lambda x, a, b: clamped(a * x + b),
    "ACTIVATION_HARD_SWISH": lambda x, a, b: x * clamped(a * x + b),
    "ACTIVATION_LEAKY_RELU": lambda x, a, b: x if x >= 0 else a * x,
    "ACTIVATION_LINEAR": lambda x, a, b: a * x + b,
}


try:
    import mpmath
except ImportError:  # the transcendental operators' entries are then carried over from OUT
    mpmath = None

TRANSCENDENTAL = {
    "ELEMENT_WISE_SIN": lambda x, case: mpmath.sin(x),
    "ELEMENT_WISE_COS": lambda x, case: mpmath.cos(x),
    "ELEMENT_WISE_TAN": lambda x, case: mpmath.tan(x),
    "ELEMENT_WISE_LOG": lambda x, case: mpmath.log(x),
    "ELEMENT_WISE_ERF": lambda x, case: mpmath.erf(x),
    "ACTIVATION_GELU": lambda x, case: x / 2 * (1 + mpmath.erf(x / mpmath.sqrt(2))),
    "ACTIVATION_SOFTPLUS": lambda x, case: mpmath.log1p(mpmath.exp(steepness(case) * x)) / steepness(case),
}


def steepness(case):
    return mpmath.mpf(from_bits(element(case["attributes"]["Steepness"], "FLOAT32"), "FLOAT32"))


def transcendental_rounded(op, x, case, type_name):
    """The bits of f(x) rounded once: mpmath at 256 bits, doubled until two precisions agree."""
    def at(bits):
        with mpmath.workprec(bits):
            sign, man, exp, _ = TRANSCENDENTAL[op](mpmath.mpf(x), case)._mpf_
            value = Fraction(int(man)) * Fraction(2) ** int(exp) if man else Fraction(0)
            return rounded_once(-value if sign else value, type_name)
    bits, previous = 256, None
    while True:
        now = at(bits)
        if now == previous:
            return now
        previous, bits = now, 2 * bits


def attribute(case, name):
    if name not in case.get("attributes", {}):
        return Fraction(0)
    return Fraction(from_bits(element(case["attributes"][name], "FLOAT32"), "FLOAT32"))


def errors(dml_dir, kept):
    """The entries for dml_dir's files; kept: OUT's entries, carried over for the transcendental
    operators' files where mpmath is missing."""
    found = []
    for path in sorted(pathlib.Path(dml_dir).glob("*.json")):
        for case in json.loads(path.read_text())["cases"]:
            expression = EXPRESSIONS.get(case["op"])
            if case["op"] in TRANSCENDENTAL and mpmath is None:
                found += [e for e in kept if e["file"] == path.name and e["case"] == case["name"]]
                continue
            if expression is None and case["op"] not in TRANSCENDENTAL:
                continue
            x_tensor = case["tensors"]["InputTensor"]
            output = next(name for name in case["expected"])
            type_name = case["tensors"][output]["dataType"]
            expected = case["expected"][output]
            data = x_tensor["data"]
            if len(data) == 1:
                data = data * len(expected)
            elif len(data) != len(expected):
                continue  # a broadcast or padded layout: not among these files' cases
            a, b = attribute(case, "Alpha"), attribute(case, "Beta")
            for k, (x, e) in enumerate(zip(data, expected)):
                xv = from_bits(element(x, x_tensor["dataType"]), x_tensor["dataType"])
                if not math.isfinite(xv):
                    continue
                if expression is None:
                    exact = transcendental_rounded(case["op"], xv, case, type_name)
                else:
                    exact = rounded_once(expression(Fraction(xv), a, b), type_name)
                held = element(e, type_name)
                both_zero = from_bits(exact, type_name) == 0 and from_bits(held, type_name) == 0
                if exact != held and not both_zero:
                    digits = 2 * FORMATS[type_name][2]
                    found.append({"file": path.name, "case": case["name"], "element": k,
                                  "webnn": f"0x{held:0{digits}x}", "rounded": f"0x{exact:0{digits}x}"})
    return found


ABOUT = ("Elements of tests/conformance/dml/ whose expected value (WebNN's) is not the DirectML operator's "
         "exact result, with its FLOAT32 attributes, rounded once: written by tools/conformance/rounding_errors.py, "
         "which recomputes them in exact rational arithmetic, or with mpmath for the transcendental operators. 'webnn' is the value the file holds, 'rounded' the "
         "exactly rounded one, as bits of the output type; 'element' counts in logical row-major order.")


def document(dml_dir, out):
    kept = json.loads(out.read_text())["errors"] if mpmath is None and out.exists() else []
    if mpmath is None:
        print("rounding_errors.py: no mpmath here: the entries of " + ", ".join(sorted(TRANSCENDENTAL)) +
              " are kept as they are, not recomputed", file=sys.stderr)
    lines = ",\n".join("    " + json.dumps(e) for e in errors(dml_dir, kept))
    return '{\n  "about": ' + json.dumps(ABOUT) + ',\n  "errors": [\n' + lines + "\n  ]\n}\n"


def main(argv):
    check = "--check" in argv
    args = [a for a in argv if a != "--check"]
    root = pathlib.Path(__file__).resolve().parents[2]
    dml_dir = pathlib.Path(args[0]) if args else root / "tests" / "conformance" / "dml"
    out = pathlib.Path(args[1]) if len(args) > 1 else root / "tests" / "conformance" / "rounding_errors.json"
    text = document(dml_dir, out)
    if check:
        if not out.exists() or out.read_text() != text:
            print(f"{out} is not what tools/conformance/rounding_errors.py writes: run it", file=sys.stderr)
            return 1
        return 0
    out.write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
