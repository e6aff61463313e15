# Converting between bases by repeated division, and back by multiply-and-add.
DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"

def to_base(n, base):
    if n == 0:
        return "0"
    sign = "-" if n < 0 else ""
    n = abs(n)
    digits = []
    while n > 0:
        n, remainder = divmod(n, base)
        digits.append(DIGITS[remainder])
    return sign + "".join(reversed(digits))

def from_base(text, base):
    value = 0
    for ch in text:
        value = value * base + DIGITS.index(ch)
    return value

for n in [0, 7, 10, 255, 1000, 65535, -42]:
    print(n, to_base(n, 2), to_base(n, 8), to_base(n, 16), to_base(n, 36))
for text, base in [("1111", 2), ("777", 8), ("FF", 16), ("ZZ", 36), ("100", 3)]:
    print(f"{text} in base {base} = {from_base(text, base)} (int(): {int(text, base)})")
print("steps for 1000 -> base 2:")
n = 1000
while n:
    print(f"  {n:4d} = 2 * {n // 2:3d} + {n % 2}")
    n //= 2
print(to_base(255, 2) == bin(255)[2:], to_base(255, 16) == hex(255)[2:].upper())
