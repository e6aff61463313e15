# A stack machine in Python: the same model CPython's bytecode runs on.
def run(program, trace=True):
    stack = []
    variables = {}
    pc = 0
    steps = 0
    while pc < len(program):
        op, arg = program[pc]
        pc += 1
        steps += 1
        if op == "PUSH":
            stack.append(arg)
        elif op == "LOAD":
            stack.append(variables[arg])
        elif op == "STORE":
            variables[arg] = stack.pop()
        elif op == "ADD":
            b = stack.pop()
            a = stack.pop()
            stack.append(a + b)
        elif op == "MUL":
            b = stack.pop()
            stack.append(stack.pop() * b)
        elif op == "SUB":
            b = stack.pop()
            stack.append(stack.pop() - b)
        elif op == "JUMP_IF_ZERO":
            if stack.pop() == 0:
                pc = arg
        elif op == "JUMP":
            pc = arg
        elif op == "PRINT":
            print("  output:", stack.pop())
        if trace:
            print(f"  {steps:3d} {op:<13}{str(arg):>4}  stack={stack}")
    return variables, steps

print("(2 + 3) * 4:")
run([("PUSH", 2), ("PUSH", 3), ("ADD", None), ("PUSH", 4), ("MUL", None), ("PRINT", None)])
print("countdown with a loop:")
countdown = [
    ("PUSH", 3), ("STORE", "n"),
    ("LOAD", "n"), ("JUMP_IF_ZERO", None),
    ("LOAD", "n"), ("PRINT", None),
    ("LOAD", "n"), ("PUSH", 1), ("SUB", None), ("STORE", "n"), ("JUMP", 2),
]
countdown[3] = ("JUMP_IF_ZERO", len(countdown))  # patch the exit target, as an assembler does
variables, steps = run(countdown, trace=False)
print("variables:", variables, "steps:", steps)
