#!/usr/bin/env python3.11
"""Writes the lexer goldens: one .tokens file per case in cases/, from CPython's own tokenizer.

Generated with CPython 3.11.7 (python3.11 --version). Run from anywhere:
    python3.11 tests/data/pyvm/lexer/make_goldens.py

Each line is `KIND startLine:startColumn-endLine:endColumn repr(text)`. NL, COMMENT and ENCODING
are dropped (they carry no meaning for the parser); the remaining kinds keep tokenize's names.
"""
import io
import pathlib
import sys
import tokenize

if sys.version_info[:2] != (3, 11):
    sys.exit("run with python3.11: the goldens must match CPython 3.11's tokenizer")

DROPPED = {tokenize.NL, tokenize.COMMENT, tokenize.ENCODING}
KIND_NAMES = {
    tokenize.NAME: "NAME",
    tokenize.NUMBER: "NUMBER",
    tokenize.STRING: "STRING",
    tokenize.OP: "OP",
    tokenize.NEWLINE: "NEWLINE",
    tokenize.INDENT: "INDENT",
    tokenize.DEDENT: "DEDENT",
    tokenize.ENDMARKER: "ENDMARKER",
}


def golden_lines(source):
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type in DROPPED:
            continue
        kind = KIND_NAMES[token.type]  # anything else (ERRORTOKEN) is a broken case file
        (start_line, start_column), (end_line, end_column) = token.start, token.end
        yield f"{kind} {start_line}:{start_column}-{end_line}:{end_column} {token.string!r}"


def main():
    cases = pathlib.Path(__file__).resolve().parent / "cases"
    for case in sorted(cases.glob("*.py")):
        # read_text applies universal newlines, as CPython does when it reads source (and the lexer).
        source = case.read_text(encoding="utf-8")
        lines = list(golden_lines(source))
        case.with_suffix(".tokens").write_text("\n".join(lines) + "\n", encoding="utf-8")
        print(f"{case.name}: {len(lines)} tokens")


if __name__ == "__main__":
    main()
