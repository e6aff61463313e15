# bit operations on ints
a, b = 0b1100, 0b1010
print(a & b, a | b, a ^ b, ~a, a << 2, a >> 2, -a >> 1, -1 >> 10, 1 << 62)
print(bin(a & b), bin(a | b), hex(0xFF ^ 0x0F), (255).bit_length(), (-8).bit_length(), (0).bit_length())
print((7).bit_count(), (5).conjugate(), (5).real, (5).imag, (2.5).real, True & 3, True | 2)
mask = 0
for bit in [0, 3, 5]:
    mask |= 1 << bit
print(mask, bin(mask), [i for i in range(8) if mask >> i & 1])
print(1 << -1)
