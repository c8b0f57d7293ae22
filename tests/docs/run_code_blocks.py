#!/usr/bin/env python3
"""Runs every fenced code block of README.md and docs/*.md, so that no example in the
documentation drifts from what dmlref does (the ctest entry docs.code-blocks).

Every block names its language after the fence; what each one gets:
  python  the blocks of one file run in order in one interpreter (one namespace, as a reader
          types them), with the module dmlref on PYTHONPATH; none is skipped
  cpp     compiled with -Wall -Wextra -Werror against include/ and run (exit 0): a block with
          `int main(` as it is, another with its #include lines hoisted and the rest as the
          body of main; a block without #include continues the previous block of its file
  json    parsed; a case (it has "op") is written to a file and `dmlref-eval check` must pass
          on it; an output object ("name" and "OutputTensor") must be what `dmlref-eval run`
          prints for the file's previous case block
  sh      run by bash -euo pipefail in a scratch folder with dmlref-eval on PATH. A block
          whose commands cannot run inside the test command (they are the test command, a
          benchmark of 20 minutes, a GPU, a build tree of their own) is preceded by the line
          `<!-- code-block: not run: REASON -->`; it is still syntax-checked by bash -n and
          every repository path it names must exist
  text    output or a listing: not run

Usage: run_code_blocks.py --eval PATH/TO/dmlref-eval [--cxx COMPILER] [--module-dir DIR] FILE.md...
Exit status 0 when every block passed; the failures are listed on stdout otherwise.
"""
import argparse
import json
import os
import pathlib
import re
import subprocess
import sys
import tempfile
import traceback

ROOT = pathlib.Path(__file__).resolve().parents[2]
LANGUAGES = ("python", "cpp", "json", "sh", "text")
NOT_RUN = re.compile(r"<!--\s*code-block:\s*not run:\s*(.+?)\s*-->")


class Block:
    def __init__(self, file, line, language, text, not_run):
        self.file, self.line, self.language, self.text, self.not_run = file, line, language, text, not_run

    def where(self):
        return f"{self.file.relative_to(ROOT) if self.file.is_relative_to(ROOT) else self.file}:{self.line}"


def blocks_of(path):
    """The fenced blocks of a Markdown file, in order."""
    lines = path.read_text().splitlines()
    out, k = [], 0
    while k < len(lines):
        m = re.match(r"^\s*```(\S*)\s*$", lines[k])
        if not m:
            k += 1
            continue
        start, language = k, m.group(1)
        k += 1
        body = []
        while k < len(lines) and not re.match(r"^\s*```\s*$", lines[k]):
            body.append(lines[k])
            k += 1
        previous = lines[start - 1] if start > 0 else ""
        reason = NOT_RUN.search(previous)
        out.append(Block(path, start + 1, language, "\n".join(body) + "\n", reason.group(1) if reason else None))
        k += 1
    return out


def run(cmd, **kwargs):
    return subprocess.run(cmd, capture_output=True, text=True, **kwargs)


class Runner:
    def __init__(self, args):
        self.eval = os.path.abspath(args.eval)
        self.cxx = args.cxx
        self.module_dir = os.path.abspath(args.module_dir) if args.module_dir else None
        self.scratch = pathlib.Path(tempfile.mkdtemp(prefix="dmlref-docs-"))
        self.failures, self.counts = [], {}

    def fail(self, block, message):
        self.failures.append(f"{block.where()} ({block.language}): {message.rstrip()}")

    def file(self, path):
        blocks = blocks_of(path)
        python, program, last_case = [], None, None
        for b in blocks:
            self.counts[b.language] = self.counts.get(b.language, 0) + 1
            if b.language not in LANGUAGES:
                self.fail(b, f"the fence names no language of {', '.join(LANGUAGES)} (got {b.language!r})")
            elif b.not_run is not None and b.language != "sh":
                self.fail(b, "only sh blocks may be marked not run")
            elif b.language == "python":
                python.append(b)
            elif b.language == "cpp":
                program = self.cpp(b, program)
            elif b.language == "json":
                last_case = self.json(b, last_case)
            elif b.language == "sh":
                self.sh(b)
        if python:
            self.python(python)

    # ---- python: one interpreter per file, the blocks in order
    def python(self, blocks):
        folder = self.scratch / f"py-{blocks[0].file.stem}"
        folder.mkdir(exist_ok=True)
        script = folder / "blocks.py"
        script.write_text(
            "import sys, traceback\n"
            f"blocks = {[(b.where(), b.text) for b in blocks]!r}\n"
            "scope = {'__name__': '__main__'}\n"
            "for where, text in blocks:\n"
            "    try:\n"
            "        exec(compile(text, where, 'exec'), scope)\n"
            "    except BaseException:\n"
            "        print('FAILED ' + where); traceback.print_exc(file=sys.stdout); sys.exit(1)\n")
        env = dict(os.environ)
        if self.module_dir:
            env["PYTHONPATH"] = os.pathsep.join(filter(None, [self.module_dir, env.get("PYTHONPATH")]))
        r = run([sys.executable, str(script)], cwd=folder, env=env)
        if r.returncode != 0:
            self.fail(blocks[0], f"the file's python blocks failed:\n{r.stdout}{r.stderr}")

    # ---- cpp: compiled and run
    def cpp(self, block, program):
        if "int main(" in block.text:
            source, program = block.text, None
        else:
            includes = [l for l in block.text.splitlines() if l.startswith("#include")]
            body = [l for l in block.text.splitlines() if not l.startswith("#include")]
            if includes:
                program = {"includes": includes, "body": body}
            elif program is None:
                self.fail(block, "a block without #include continues the file's previous cpp block; there is none")
                return None
            else:
                program = {"includes": program["includes"], "body": program["body"] + body}
            source = "\n".join(program["includes"]) + "\nint main() {\n" + "\n".join(program["body"]) + "\n  return 0;\n}\n"
        stem = f"cpp-{block.file.stem}-{block.line}"
        (self.scratch / f"{stem}.cpp").write_text(source)
        r = run([self.cxx, "-std=c++17", "-Wall", "-Wextra", "-Werror", "-O1", "-I", str(ROOT / "include"), "-pthread",
                 f"{stem}.cpp", "-o", stem], cwd=self.scratch)
        if r.returncode != 0:
            self.fail(block, f"does not compile:\n{source}\n{r.stderr[-3000:]}")
            return program
        r = run([str(self.scratch / stem)], cwd=self.scratch)
        if r.returncode != 0:
            self.fail(block, f"exits {r.returncode}:\n{r.stdout}{r.stderr}")
        return program

    # ---- json: parsed; cases checked, printed outputs compared with run's
    def json(self, block, last_case):
        try:
            value = json.loads(block.text)
        except ValueError as e:
            self.fail(block, f"is not JSON: {e}")
            return last_case
        if isinstance(value, dict) and "op" in value:
            path = self.scratch / f"case-{block.file.stem}-{block.line}.json"
            path.write_text(block.text)
            r = run([self.eval, "check", str(path)])
            if r.returncode != 0:
                self.fail(block, f"dmlref-eval check exits {r.returncode}:\n{r.stdout}{r.stderr}")
            return path
        if isinstance(value, dict) and "OutputTensor" in value:
            if last_case is None:
                self.fail(block, "an output with no case block before it in its file")
            else:
                r = run([self.eval, "run", str(last_case)])
                if r.returncode != 0 or json.loads(r.stdout) != value:
                    self.fail(block, f"is not what dmlref-eval run prints for the case above it:\n{r.stdout}{r.stderr}")
        return last_case

    # ---- sh: run in a scratch folder with dmlref-eval on PATH (or checked when marked not run)
    def sh(self, block):
        if block.not_run is not None:
            r = run(["bash", "-n"], input=block.text)
            if r.returncode != 0:
                self.fail(block, f"bash -n: {r.stderr}")
            for word in re.findall(r"(?<![\w/.-])((?:scripts|bench|examples|tools|tests|fuzz)/[\w./-]+)", block.text):
                if not (ROOT / word).exists():
                    self.fail(block, f"names {word}, which the repository does not have")
            return
        folder = self.scratch / f"sh-{block.file.stem}-{block.line}"
        folder.mkdir()
        bin_dir = self.scratch / "bin"  # dmlref-eval by that name, whatever the file given is called
        if not bin_dir.exists():
            bin_dir.mkdir()
            (bin_dir / "dmlref-eval").symlink_to(self.eval)
        env = dict(os.environ, PATH=str(bin_dir) + os.pathsep + os.environ.get("PATH", ""))
        r = run(["bash", "-euo", "pipefail", "-c", block.text], cwd=folder, env=env)
        if r.returncode != 0:
            self.fail(block, f"exits {r.returncode}:\n{r.stdout[-2000:]}{r.stderr[-2000:]}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--eval", required=True, help="dmlref-eval")
    parser.add_argument("--cxx", default=os.environ.get("CXX", "c++"))
    parser.add_argument("--module-dir", help="the folder that holds the package dmlref (<build>/python)")
    parser.add_argument("files", nargs="+", type=pathlib.Path)
    args = parser.parse_args()
    runner = Runner(args)
    for f in args.files:
        try:
            runner.file(f.resolve())
        except Exception:  # a runner's own bug: report it as a failure of that file
            runner.failures.append(f"{f}: {traceback.format_exc()}")
    total = sum(runner.counts.values())
    print(f"{total} code blocks in {len(args.files)} files: " +
          ", ".join(f"{n} {lang}" for lang, n in sorted(runner.counts.items())))
    for f in runner.failures:
        print("FAIL " + f)
    print(f"{len(runner.failures)} failed")
    return 1 if runner.failures else 0


if __name__ == "__main__":
    sys.exit(main())
