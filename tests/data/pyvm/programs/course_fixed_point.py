# Q8.8 fixed point: integers that stand for value * 256, with multiply needing a shift back.
FRACTION_BITS = 8
ONE = 1 << FRACTION_BITS

def to_fixed(x):
    return int(round(x * ONE))

def to_float(f):
    return f / ONE

def fixed_mul(a, b):
    return (a * b) >> FRACTION_BITS

def fixed_div(a, b):
    return (a << FRACTION_BITS) // b

values = [1.0, 0.5, 3.14159, -2.75, 0.00390625, 0.001]
for x in values:
    f = to_fixed(x)
    print(f"{x:>10} -> {f:6d} = 0x{f & 0xFFFF:04X} -> {to_float(f)}")
a = to_fixed(3.5)
b = to_fixed(-1.25)
print("a*b =", to_float(fixed_mul(a, b)))
print("a/b =", to_float(fixed_div(a, b)))
print("a+b =", to_float(a + b))
acc = 0
for i in range(10):
    acc += to_fixed(0.1)
print("ten times 0.1 in Q8.8:", to_float(acc), "vs float:", 0.1 * 10)
print("resolution:", 1 / ONE)
