#!/usr/bin/env python3.11
"""Writes the parser goldens: what CPython 3.11's own parser makes of each case.

Generated with CPython 3.11.7 (python3.11 --version). Run from anywhere after adding or changing
a case:
    python3.11 tests/data/pyvm/parser/make_goldens.py

For each cases/NAME.py it writes
  NAME.ast        ast.dump(ast.parse(source)) on one line (default arguments: no attributes);
  NAME.locations  one line per statement and expression node, in ast.walk order:
                  `ClassName lineno:col_offset-end_lineno:end_col_offset`.
For each errors/NAME.py it writes
  NAME.error      `Kind: message` then `line offset` of the SyntaxError that compile() raises.
An error case must fail in the parser itself (ast.parse raises the same error), not in the later
compile stages: the lesson VM's compiler reports those.
"""
import ast
import pathlib
import sys

if sys.version_info[:2] != (3, 11):
    sys.exit("run with python3.11: the goldens must match CPython 3.11")

HERE = pathlib.Path(__file__).resolve().parent


def location_lines(tree):
    lines = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.stmt, ast.expr)):
            lines.append(f"{type(node).__name__} {node.lineno}:{node.col_offset}-"
                         f"{node.end_lineno}:{node.end_col_offset}")
    return lines


def write_case(case):
    source = case.read_text(encoding="utf-8")
    tree = ast.parse(source, case.name)
    case.with_suffix(".ast").write_text(ast.dump(tree) + "\n", encoding="utf-8")
    case.with_suffix(".locations").write_text("\n".join(location_lines(tree)) + "\n",
                                              encoding="utf-8")


def describe(error):
    return f"{type(error).__name__}: {error.msg}\n{error.lineno} {error.offset}\n"


def write_error(case):
    source = case.read_text(encoding="utf-8")
    try:
        compile(source, case.name, "exec")
    except SyntaxError as error:
        compiled = describe(error)
    else:
        sys.exit(f"{case}: compiles, but an error case must not")
    try:
        ast.parse(source, case.name)
    except SyntaxError as error:
        parsed = describe(error)
    else:
        parsed = None
    if parsed != compiled:
        sys.exit(f"{case}: the error comes from the compiler, not the parser")
    case.with_suffix(".error").write_text(compiled, encoding="utf-8")


def main():
    cases = sorted((HERE / "cases").glob("*.py"))
    errors = sorted((HERE / "errors").glob("*.py"))
    for case in cases:
        write_case(case)
    for case in errors:
        write_error(case)
    print(f"wrote goldens for {len(cases)} cases and {len(errors)} error cases in {HERE}")


if __name__ == "__main__":
    main()
