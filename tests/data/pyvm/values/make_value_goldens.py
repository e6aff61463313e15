#!/usr/bin/env python3.11
"""Writes the goldens of the value tests (tst_operations, tst_format_spec): what CPython 3.11 says.

Generated with CPython 3.11.7 (python3.11 --version). Run from anywhere:
    python3.11 tests/data/pyvm/values/make_value_goldens.py

floor_division.txt  `a b a//b a%b divmod(a,b)` for ints in [-7, 7] and a float grid, one case a
                    line, tab-separated reprs, or `ExcType: message` where CPython raises.
format_spec.txt     `value<TAB>spec<TAB>format(value, spec)`, the value as its repr; a failing
                    call gives `!ExcType: message` instead of the result.
"""
import pathlib
import sys

if sys.version_info[:2] != (3, 11):
    sys.exit("run with python3.11: the goldens must match CPython 3.11")

HERE = pathlib.Path(__file__).resolve().parent


def outcome(compute):
    try:
        return repr(compute())
    except Exception as error:  # the golden records CPython's error line
        return f"{type(error).__name__}: {error}"


def floor_division_lines():
    ints = range(-7, 8)
    floats = [-3.5, -2.0, -1.5, -0.5, -0.0, 0.0, 0.5, 1.5, 2.0, 3.5, 7.0, 1e300, float("inf")]
    pairs = [(a, b) for a in ints for b in ints]
    pairs += [(a, b) for a in floats for b in floats]
    pairs += [(7, 2.0), (-7, 2.0), (7.5, -2), (0, -1.5), (-0.0, 3), (2**62, 3), (-(2**63), 7)]
    for a, b in pairs:
        yield "\t".join([repr(a), repr(b), outcome(lambda: a // b), outcome(lambda: a % b),
                         outcome(lambda: divmod(a, b))])


FORMAT_VALUES = [0, 7, -42, 1234567, -1234567, 255, 65, True, False,
                 0.0, -0.0, 1.5, -2.25, 3.14159265, 1234567.891, 0.000123456, 1e16, 1e-7, 2.5, 0.125,
                 100.0, 123456789012.0, float("inf"), float("-inf"), float("nan"),
                 "", "abc", "hello world", "héllo"]
FORMAT_SPECS = ["", "d", "5", "<8", ">8", "^8", "*^9", "=+8", "08", "+", " ", "-", ",", "_", "010,",
                "09,", "08_", ",d", "x", "X", "#x", "#o", "#b", "b", "o", "_b", "#010x", "c", "n",
                "e", "E", ".2e", ".0e", "#.0e", "f", ".2f", ".0f", "#.0f", "F", "10.3f", "<10.3f",
                "+.3f", ",.2f", "015,.2f", "g", ".3g", ".10g", "#g", "G", ".0g", "%", ".1%", "10.2%",
                ".3", ".1", ".0", "#", "z.1f", "s", ".2s", "10s", "^10", ",x", ".2d", "=5", "+c", "q",
                "0>5", "x<6", "é^7"]


def format_lines():
    for value in FORMAT_VALUES:
        for spec in FORMAT_SPECS:
            try:
                result = repr(format(value, spec))
            except Exception as error:
                result = f"!{type(error).__name__}: {error}"
            yield f"{value!r}\t{spec}\t{result}"


def main():
    (HERE / "floor_division.txt").write_text("\n".join(floor_division_lines()) + "\n", encoding="utf-8")
    (HERE / "format_spec.txt").write_text("\n".join(format_lines()) + "\n", encoding="utf-8")
    print(f"wrote goldens in {HERE}")


if __name__ == "__main__":
    main()
