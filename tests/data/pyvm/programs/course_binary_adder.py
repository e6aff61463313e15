# A ripple-carry adder on lists of bits: full adders chained through the carry.
def full_adder(a, b, carry_in):
    total = a ^ b ^ carry_in
    carry_out = (a & b) | (carry_in & (a ^ b))
    return total, carry_out

def to_bits(n, width):
    return [(n >> i) & 1 for i in range(width)]  # least significant first

def from_bits(bits):
    return sum([bit << i for i, bit in enumerate(bits)])

def ripple_add(x, y, width):
    a = to_bits(x, width)
    b = to_bits(y, width)
    carry = 0
    out = []
    for i in range(width):
        s, carry = full_adder(a[i], b[i], carry)
        out.append(s)
        print(f"    bit {i}: {a[i]} + {b[i]} -> sum {s}, carry {carry}")
    return from_bits(out), carry

print("truth table:")
for a in (0, 1):
    for b in (0, 1):
        for c in (0, 1):
            print(" ", a, b, c, "->", full_adder(a, b, c))
for x, y in [(5, 3), (200, 100), (255, 1)]:
    print(f"{x} + {y} in 8 bits:")
    total, carry = ripple_add(x, y, 8)
    print(f"  = {total} carry {carry} (true sum {x + y}, wraps: {x + y != total})")
