#!/usr/bin/python3
"""The runtime layer's instruction-set variants (include/dmlref/dml/isa_variants.hpp), checked
on a built dmlref-eval.

  check_dispatch.py DMLREF_EVAL [--objdump OBJDUMP] [--count N]

1. `dmlref-eval --version` names the fast kernels it runs; on Linux they must be the widest
   variant built in whose instructions /proc/cpuinfo lists (an AVX-512 machine runs avx512).
2. DMLREF_ISA=<variant> caps the choice: each built variant this CPU runs is selected by it,
   and `dmlref-eval check --path fast` passes every generated case of every operator and data
   type (special values, every binade, random bits, three layouts; golden's expected values)
   on it, so each variant's kernels keep their budgets.
3. With variants built, the linked program carries AVX instructions only in a variant's own
   functions: every function whose code uses a VEX or EVEX instruction (a v-prefixed mnemonic,
   or a ymm, zmm or mask register) has an instruction-set namespace beyond SSE2 in its name
   (dmlref/core/isa.hpp) or is a variant's fast_run_on. A function the baseline shares with a
   variant (golden's, the standard library's) must have been kept from the baseline's objects,
   or an older CPU would run the variant's instructions there.
Exit status 0 when all hold, 1 naming what failed.
"""

import argparse
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

# The CPU flags (/proc/cpuinfo) each variant's compiler flags need (CMakeLists.txt, _isa_flags_*).
VARIANT_FLAGS = {
    "baseline": set(),
    "avx2": {"avx2", "fma", "f16c"},
    "avx512": {"avx2", "fma", "f16c", "avx512f", "avx512cd", "avx512dq", "avx512bw", "avx512vl"},
    "avx512fp16": {"avx2", "fma", "f16c", "avx512f", "avx512cd", "avx512dq", "avx512bw", "avx512vl",
                   "avx512_fp16"},
}
ORDER = ["baseline", "avx2", "avx512", "avx512fp16"]
VERSION_LINE = re.compile(r"^fast kernels: (\w+) \(built: ([\w ]+); baseline: (\w+)\)$", re.M)


def kernels(evaluator, cap=None):
    env = dict(os.environ)
    env.pop("DMLREF_ISA", None)
    if cap is not None:
        env["DMLREF_ISA"] = cap
    out = subprocess.run([evaluator, "--version"], capture_output=True, text=True, env=env, check=True).stdout
    m = VERSION_LINE.search(out)
    if not m:
        raise SystemExit(f"FAIL: dmlref-eval --version has no 'fast kernels:' line:\n{out}")
    return m.group(1), m.group(2).split(), m.group(3)


def cpu_flags():
    try:
        text = pathlib.Path("/proc/cpuinfo").read_text()
    except OSError:
        return None
    m = re.search(r"^flags\s*:(.*)$", text, re.M)
    return set(m.group(1).split()) if m else None


def generated_cases(evaluator, folder, count):
    """One case file per operator and first-input type that generate lists."""
    listing = subprocess.run([evaluator, "generate", "--list"], capture_output=True, text=True, check=True).stdout
    files = []
    for line in listing.splitlines():
        parts = line.split()
        if len(parts) < 2 or not parts[0].isupper():
            continue
        op, types = parts[0], [t.strip(",") for t in parts[1:]]
        for t in types:
            if not re.fullmatch(r"[A-Z0-9]+", t):
                continue
            path = folder / f"{op}.{t}.json"
            r = subprocess.run([evaluator, "-q", "generate", "--op", op, "--type", t, "--count", str(count)],
                               capture_output=True, text=True)
            if r.returncode != 0:
                raise SystemExit(f"FAIL: generate --op {op} --type {t}: {r.stderr.strip()}")
            path.write_text(r.stdout)
            files.append(path)
    return files


def vex_functions(program, objdump):
    """Demangled names of the functions whose code holds a VEX/EVEX instruction."""
    proc = subprocess.Popen([objdump, "-d", "-C", "--no-show-raw-insn", program], stdout=subprocess.PIPE, text=True)
    header = re.compile(r"^[0-9a-f]+ <(.*)>:$")
    found, current = set(), None
    for line in proc.stdout:
        m = header.match(line)
        if m:
            current = m.group(1)
            continue
        if current is None or current in found or "\t" not in line:
            continue
        instruction = line.split("\t", 1)[1].strip()
        mnemonic = instruction.split(" ", 1)[0]
        if mnemonic.startswith("v") and mnemonic not in ("verr", "verw") or re.search(r"%[yz]mm|%k[0-7]", instruction):
            found.add(current)
    proc.wait()
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("evaluator")
    parser.add_argument("--objdump", default=shutil.which("objdump"))
    parser.add_argument("--count", type=int, default=256, help="elements per generated case (default 256)")
    args = parser.parse_args()
    failures = []

    chosen, built, baseline_namespace = kernels(args.evaluator)
    print(f"fast kernels: {chosen}; built: {' '.join(built)}; baseline namespace {baseline_namespace}")
    flags = cpu_flags()
    runnable = [v for v in built if flags is None or VARIANT_FLAGS[v] <= flags]
    if flags is not None:
        widest = max(runnable, key=ORDER.index)
        if chosen != widest:
            failures.append(f"the CPU runs {widest} (of the built {' '.join(built)}), but dmlref-eval chose {chosen}")
    elif chosen not in built:
        failures.append(f"dmlref-eval chose {chosen}, which it does not list as built")

    with tempfile.TemporaryDirectory() as tmp:
        cases = generated_cases(args.evaluator, pathlib.Path(tmp), args.count)
        print(f"{len(cases)} generated case files")
        for variant in runnable:
            taken = kernels(args.evaluator, variant)[0]
            if taken != variant:
                failures.append(f"DMLREF_ISA={variant} ran {taken}")
                continue
            env = dict(os.environ, DMLREF_ISA=variant)
            failed = []
            for case in cases:
                r = subprocess.run([args.evaluator, "-q", "check", str(case), "--path", "fast"],
                                   capture_output=True, text=True, env=env)
                if r.returncode != 0:
                    failed.append(f"{case.name}: {(r.stdout + r.stderr).strip().splitlines()[-1:]}")
            print(f"{variant}: check --path fast on {len(cases)} files: {len(failed)} failed")
            failures += [f"{variant}: {f}" for f in failed[:20]]

    if len(built) > 1:
        if not args.objdump:
            failures.append("variants are built but objdump was not found: the isolation check cannot run")
        else:
            with_vex = vex_functions(args.evaluator, args.objdump)
            leaks = sorted(f for f in with_vex if not re.search(r"isa_sse2_\w+|fast_run_on<.*isa_variant\)[1-9]", f))
            variant_functions = len(with_vex) - len(leaks)
            print(f"functions with VEX/EVEX code: {variant_functions} in variants, {len(leaks)} elsewhere")
            failures += [f"AVX code outside a variant's functions: {name}" for name in leaks[:40]]
            if len(leaks) > 40:
                failures.append(f"... and {len(leaks) - 40} more")

    for f in failures:
        print("FAIL:", f)
    print("ok" if not failures else f"{len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
