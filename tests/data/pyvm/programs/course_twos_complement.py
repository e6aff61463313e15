# Two's complement by hand: invert and add one, masks, sign extension, wrap-around.
WIDTH = 8
MASK = (1 << WIDTH) - 1

def to_bits(value, width=WIDTH):
    return format(value & ((1 << width) - 1), "0" + str(width) + "b")

def encode(value):
    return value & MASK

def decode(pattern):
    if pattern & (1 << (WIDTH - 1)):
        return pattern - (1 << WIDTH)
    return pattern

def negate(pattern):
    return ((pattern ^ MASK) + 1) & MASK

for value in [0, 1, 5, 127, -1, -5, -128]:
    pattern = encode(value)
    print(f"{value:5d} -> {to_bits(pattern)} (0x{pattern:02X}) -> {decode(pattern)}")
print("negate 5:", to_bits(negate(encode(5))), decode(negate(encode(5))))
print("negate -128:", to_bits(negate(encode(-128))), decode(negate(encode(-128))))
print("127 + 1 wraps to", decode(encode(127 + 1)))
print("-128 - 1 wraps to", decode(encode(-128 - 1)))

def sign_extend(pattern, from_width, to_width):
    sign = pattern >> (from_width - 1) & 1
    if sign:
        pattern |= ((1 << to_width) - 1) ^ ((1 << from_width) - 1)
    return pattern

for p in [0b0101, 0b1011]:
    print(to_bits(p, 4), "->", to_bits(sign_extend(p, 4, 8)))
print("~5 =", ~5, " -5 >> 1 =", -5 >> 1, " 5 >> 1 =", 5 >> 1)
print("bits of -1 at 16:", to_bits(-1, 16))
print("-7 & 0xFF =", -7 & 0xFF, " -7 % 256 =", -7 % 256)
