#!/usr/bin/env python3.11
"""Writes the goldens for every program in programs/: what CPython 3.11 itself makes of it.

Generated with CPython 3.11.7 (python3.11 --version). Run from anywhere:
    python3.11 tests/data/pyvm/make_goldens.py

For each programs/NAME.py it writes
  NAME.out  the program's stdout, byte for byte (run as `python3.11 -I NAME.py`);
  NAME.err  the last line of stderr when the program fails (`ExcType: message`), else absent;
  NAME.dis  the normalized disassembly of DESIGN §4, absent when the program does not compile.
A program is killed after 20 s: goldens must come from programs that finish.
"""
import dis
import pathlib
import subprocess
import sys
import types

if sys.version_info[:2] != (3, 11):
    sys.exit("run with python3.11: the goldens must match CPython 3.11")

PROGRAMS = pathlib.Path(__file__).resolve().parent / "programs"


def instruction_line(instruction, index_of_offset):
    """`OPNAME ARGREPR` with DESIGN §4's three normalizations."""
    name = instruction.opname
    if instruction.opcode in dis.hasjrel or instruction.opcode in dis.hasjabs:
        return f"{name} to #{index_of_offset[instruction.argval]}"
    if isinstance(instruction.argval, types.CodeType):
        return f"{name} <code object {instruction.argval.co_name}>"
    if instruction.arg is None:
        return name
    if instruction.argrepr == "":
        return f"{name} {instruction.arg}"
    return f"{name} {instruction.argrepr}"


def normalized_disassembly(code):
    """One `== NAME` block per code object: the module first, then nested code depth first."""
    instructions = [i for i in dis.get_instructions(code) if i.opname != "CACHE"]
    index_of_offset = {instruction.offset: index for index, instruction in enumerate(instructions)}
    lines = [f"== {code.co_name}"]
    lines += [instruction_line(instruction, index_of_offset) for instruction in instructions]
    for constant in code.co_consts:
        if isinstance(constant, types.CodeType):
            lines += normalized_disassembly(constant)
    return lines


def write_goldens(program):
    source = program.read_text(encoding="utf-8")
    run = subprocess.run([sys.executable, "-I", program.name], cwd=program.parent,
                         capture_output=True, timeout=20)
    program.with_suffix(".out").write_bytes(run.stdout)
    error_file = program.with_suffix(".err")
    stderr_lines = run.stderr.decode("utf-8").splitlines()
    if run.returncode != 0 and stderr_lines:
        error_file.write_text(stderr_lines[-1] + "\n", encoding="utf-8")
    else:
        error_file.unlink(missing_ok=True)
    dis_file = program.with_suffix(".dis")
    try:
        code = compile(source, program.name, "exec")
    except SyntaxError:
        dis_file.unlink(missing_ok=True)
        return
    dis_file.write_text("\n".join(normalized_disassembly(code)) + "\n", encoding="utf-8")


def main():
    programs = sorted(PROGRAMS.glob("*.py"))
    for program in programs:
        write_goldens(program)
    print(f"wrote goldens for {len(programs)} programs in {PROGRAMS}")


if __name__ == "__main__":
    main()
