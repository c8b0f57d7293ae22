#!/usr/bin/env python3
"""How the constants of dmlref's float-lane FLOAT32 pow (include/dmlref/simd/pow_float_lanes.hpp)
were derived, and the figures its error analysis quotes. Run: python3 derive.py

- log2 reduction: m in [1 - 2^-7, 1 + 63/64) cut into 32 intervals (j = 0 holds 1 and
  takes c = 1); c_j = C_j / 64 with C_j the integer that minimises max |m c_j - 1| over
  interval j; then |m c_j - 1| < 2^-5 for every float m there, so r = fma(m, c_j, -1) is
  exact (m c_j - 1 = D 2^-29 with |D| < 2^24). T_j = log2(1 / c_j) = T_hi + T_lo, T_hi a
  multiple of 2^-16 (so k + T_hi is exact for |k| < 2^8), T_lo the rest rounded to float.
- log2(1 + r) = r (K + r Y(r)), K = 1/ln 2 as hi + lo floats, Y of degree 4 fitted by
  least squares at Chebyshev nodes in [-rmax, rmax]; Y's constant term as hi + lo floats.
- 2^f = 1 + f q(f) on |f| <= fmax, q of degree 3, the same way; 2^(j/16) as hi + lo floats.
Errors are measured in exact arithmetic (mpmath, 60 digits) on dense grids, with the
coefficients as the float values the header holds.
"""
import re

import numpy as np
from mpmath import mp, mpf, log, exp, cos, pi, matrix, lu_solve

def mlog2(x):
    return log(x, 2)

mp.dps = 60
f32 = lambda x: float(np.float32(float(x)))

def f32r(x):  # round an mpf to float32 exactly (through double: fine away from ties)
    return np.float32(float(x))

def hexf(x):  # shortest hex form: 0x1.774p-5
    m = re.match(r"(-?0x[01])\.?([0-9a-f]*?)0*p([+-]\d+)", float(x).hex())
    return "%s%s%sp%s" % (m.group(1), "." if m.group(2) else "", m.group(2), m.group(3))

# ---- log2 reduction table ----
C, rmax = [], mpf(0)
for j in range(32):
    if j == 0:
        lo, hi, best = 1 - mpf(2)**-7, 1 + mpf(2)**-6, 64
    else:
        lo, hi = 1 + (j - mpf(0.5)) / 32, 1 + (j + mpf(0.5)) / 32
        best = min(range(32, 65), key=lambda c: max(abs(lo * c / 64 - 1), abs(hi * c / 64 - 1)))
    worst = max(abs(lo * best / 64 - 1), abs(hi * best / 64 - 1))
    assert worst < mpf(2)**-5 or j == 0
    rmax = max(rmax, worst)
    C.append(best)
print("c_j * 64:", C)
print("max |r| = %.6f = 2^%.3f" % (float(rmax), float(mlog2(rmax))))
T = [-mlog2(mpf(c) / 64) for c in C]
T_hi = [mp.nint(t * 2**16) / 2**16 for t in T]
T_lo = [f32r(t - th) for t, th in zip(T, T_hi)]
print("max |T_lo| = 2^%.2f, max |T - T_hi - T_lo| = 2^%.2f" % (
    float(mlog2(max(abs(mpf(float(x))) for x in T_lo if x != 0))),
    float(mlog2(max(abs(t - th - mpf(float(tl))) for t, th, tl in zip(T, T_hi, T_lo) if t != 0)))))

def fit(fn, degree, a, count=200):
    nodes = [a * cos(pi * (k + mpf(0.5)) / count) for k in range(count)]
    A = matrix(count, degree + 1)
    b = matrix(count, 1)
    for i, x in enumerate(nodes):
        for d in range(degree + 1):
            A[i, d] = x**d
        b[i] = fn(x)
    return list(lu_solve(A.T * A, A.T * b))

K = 1 / log(2)
K_hi = f32r(K); K_lo = f32r(K - mpf(float(K_hi)))
# Y(r) = (log2(1+r) - K r) / r^2
r_fit = rmax * mpf(1.01)
Y = lambda r: (mlog2(1 + r) - K * r) / r**2 if r != 0 else -K / 2
cy = fit(Y, 4, r_fit)
c2_hi = f32r(cy[0]); c2_lo = f32r(cy[0] - mpf(float(c2_hi)))
cyf = [f32r(c) for c in cy[1:]]
def log_poly(r):
    y = mpf(float(c2_hi)) + mpf(float(c2_lo))
    for d, c in enumerate(cyf):
        y += mpf(float(c)) * r**(d + 1)
    return r * (mpf(float(K_hi)) + mpf(float(K_lo)) + r * y)
grid = [r_fit * (2 * mpf(i) / 4000 - 1) for i in range(4001)]
abs_err = max(abs(log_poly(r) - mlog2(1 + r)) for r in grid)
rel_err = max(abs(log_poly(r) / mlog2(1 + r) - 1) for r in grid if r != 0)
print("log2(1+r) fit on |r| <= %.5f: abs error 2^%.2f, rel error 2^%.2f" % (float(r_fit), float(mlog2(abs_err)), float(mlog2(rel_err))))

# ---- exp2 ----
FMAX = mpf(0.0315)
q = lambda f: (mpf(2)**f - 1) / f if f != 0 else log(2)
cq = fit(q, 3, FMAX)
cqf = [f32r(c) for c in cq]
def exp_poly(f):
    return 1 + f * sum(mpf(float(c)) * f**d for d, c in enumerate(cqf))
grid = [FMAX * (2 * mpf(i) / 4000 - 1) for i in range(4001)]
rel = max(abs(exp_poly(f) / mpf(2)**f - 1) for f in grid)
print("2^f fit on |f| <= %.3f: rel error 2^%.2f" % (float(FMAX), float(mlog2(rel))))
S = [mpf(2)**(mpf(j) / 16) for j in range(16)]
S_hi = [f32r(s) for s in S]
S_lo = [f32r(s - mpf(float(h))) for s, h in zip(S, S_hi)]
print("max |2^(j/16) - hi - lo| / 2^(j/16) = 2^%.2f" % float(mlog2(max(abs(s - mpf(float(h)) - mpf(float(l))) / s for s, h, l in zip(S, S_hi, S_lo) if abs(s - mpf(float(h)) - mpf(float(l))) > 0))))

print("\n// ---- constants for the header ----")
print("log_c32:", ", ".join(hexf(mpf(c) / 64) + "f" for c in C))
print("log_t_hi:", ", ".join(hexf(t) + "f" for t in T_hi))
print("log_t_lo:", ", ".join(hexf(t) + "f" for t in T_lo))
print("log_c_t_hi (AVX2: 64 c_j * 2^16 + 2^16 T_hi):", ", ".join("0x%08X" % ((c << 16) | int(t * 2**16)) for c, t in zip(C, T_hi)))
print("K_hi, K_lo:", hexf(K_hi) + "f", hexf(K_lo) + "f")
print("c2_hi, c2_lo:", hexf(c2_hi) + "f", hexf(c2_lo) + "f")
print("c3..c6:", ", ".join(hexf(c) + "f" for c in cyf))
print("exp q0..q3:", ", ".join(hexf(c) + "f" for c in cqf))
print("exp2 hi:", ", ".join(hexf(c) + "f" for c in S_hi))
print("exp2 lo:", ", ".join(hexf(c) + "f" for c in S_lo))
