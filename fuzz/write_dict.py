#!/usr/bin/env python3
"""Writes fuzz/case_file.dict, the libFuzzer dictionary of fuzz_case_reader, from the
registry: the case format's own words, then every implemented operator's name and its
descriptor's field and enum value names as `dmlref-eval describe --format json` lists them.

    write_dict.py --eval PATH/TO/dmlref-eval [--check] [DICT]

--check compares with DICT (default fuzz/case_file.dict) instead of writing it and exits 1
when it is stale (the ctest entry fuzz.dictionary-current).
"""
import argparse
import json
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]

# The case format's keys and values (docs/case-format.md), and inputs worth mutating from.
FORMAT_WORDS = [
    "format", "dmlref-case/1", "cases", "name", "op", "featureLevel", "tensors", "attributes", "expected",
    "tolerance", "metric", "value", "ulp", "exact", "dataType", "sizes", "strides", "data", "bits",
    "totalTensorSizeInBytes", "guaranteedBaseOffsetAlignment", "Scale", "Bias",
    "FLOAT32", "FLOAT16", "FLOAT64", "INT8", "INT16", "INT32", "INT64", "UINT8", "UINT16", "UINT32", "UINT64",
    "UINT4", "1_0", "2_1", "3_0", "5_0", "6_2", "6_4", "NaN", "Infinity", "-Infinity", "0x7e01", "0x7fc00001",
]
# JSON values as they stand in a document (no quotes of their own in the case file).
RAW_TOKENS = ["-0.0", "4294967295", "4294967296", "18446744073709551615", "1e400", "null", "true"]


def quoted(word):
    """A dictionary entry (libFuzzer takes only quoted strings) for a JSON string: word in quotes."""
    return '"\\"' + word + '\\""'


def raw(token):
    """A dictionary entry for a JSON token that is not a string."""
    return '"' + token + '"'


def dictionary(eval_path):
    described = json.loads(subprocess.run([eval_path, "describe", "--format", "json"], check=True,
                                          capture_output=True, text=True).stdout)
    words = list(FORMAT_WORDS)
    for op in described["operators"]:
        if not op["implemented"]:
            continue
        words.append(op["name"])
        for field in op["fields"]:
            words.append(field["name"])
            words.extend(v["name"] for v in field.get("values", []))
    seen, lines = set(), ["# libFuzzer dictionary for the case format dmlref-case/1 (fuzz/fuzz_case_reader.cpp).",
                          "# Written by fuzz/write_dict.py from dmlref-eval describe: do not edit."]
    for word in words:
        if word not in seen:
            seen.add(word)
            lines.append(quoted(word))
    lines.extend(raw(token) for token in RAW_TOKENS)
    return "\n".join(lines) + "\n"


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--eval", required=True)
    parser.add_argument("--check", action="store_true")
    parser.add_argument("dict", nargs="?", default=str(ROOT / "fuzz" / "case_file.dict"))
    args = parser.parse_args(argv)
    text = dictionary(args.eval)
    path = pathlib.Path(args.dict)
    if args.check:
        if path.read_text() != text:
            print(f"{path} is stale: run fuzz/write_dict.py --eval PATH/TO/dmlref-eval", file=sys.stderr)
            return 1
        return 0
    path.write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
