# Binary, octal and hex: format specs, bin()/hex(), and parsing back with int(text, base).
for n in [0, 1, 5, 10, 42, 255, 256, 1000]:
    print(f"{n:>5d} {n:08b} {n:#010b} {n:o} {n:#o} {n:x} {n:#x} {n:X} {n:#06X}")
print(bin(10), hex(255), oct(8))
print(bin(-10), hex(-255))
print(int("1010", 2), int("ff", 16), int("0x1F", 16), int("777", 8), int("  42  "))
print(int("-101", 2), int("z", 36))
print(format(3, "b"), format(3, "04b"), format(255, "x"), format(255, "#X"))
print(f"{1234567:_d} {0xFFFF:_x} {0b1111000011110000:_b}")
value = 0xDEADBEEF
print(f"value = {value} = {value:#x}")
for shift in range(0, 32, 8):
    byte = (value >> shift) & 0xFF
    print(f"  byte at bit {shift:2}: {byte:3d} {byte:08b} {byte:02x}")
print("bit count of 255:", bin(255).count("1"))
print(f"{'left':<8}|{'right':>8}|{'mid':^9}|")
print(f"{42:+d} {-42:+d} {42: d} {7:*^9d}")
