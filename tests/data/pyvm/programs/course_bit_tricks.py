# Bit manipulation: popcount, powers of two, lowest set bit, masks and field extraction.
def popcount(n):
    count = 0
    while n:
        n &= n - 1
        count += 1
    return count

def is_power_of_two(n):
    return n > 0 and n & (n - 1) == 0

def next_power_of_two(n):
    p = 1
    while p < n:
        p <<= 1
    return p

for n in [0, 1, 6, 7, 8, 255, 1000, 1024]:
    print(f"{n:5d} {n:012b} popcount={popcount(n)} pow2={is_power_of_two(n)} next={next_power_of_two(n)}")
print("lowest set bit of 40:", 40 & -40)
print("clear lowest:", bin(40 & 39))

def get_field(word, low, width):
    return (word >> low) & ((1 << width) - 1)

def set_field(word, low, width, value):
    mask = ((1 << width) - 1) << low
    return (word & ~mask) | ((value << low) & mask)

instruction = 0b00000000101000111000001010110011
print("opcode:", bin(get_field(instruction, 0, 7)))
print("rd:", get_field(instruction, 7, 5), "rs1:", get_field(instruction, 15, 5), "rs2:", get_field(instruction, 20, 5))
patched = set_field(instruction, 7, 5, 31)
print("patched rd:", get_field(patched, 7, 5), hex(patched))
print("xor swap:")
a, b = 12, 34
a ^= b
b ^= a
a ^= b
print(a, b)
print("parity of 0b1011:", popcount(0b1011) % 2)
print("rotate left 8-bit 0b10010110 by 3:", bin(((0b10010110 << 3) | (0b10010110 >> 5)) & 0xFF))
