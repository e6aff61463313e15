# Taking a float apart without imports: sign, exponent by halving/doubling, mantissa bits.
def decompose(x):
    sign = 1 if x < 0 or (x == 0 and str(x).startswith("-")) else 0
    x = abs(x)
    if x == 0:
        return sign, 0, []
    exponent = 0
    while x >= 2:
        x = x / 2
        exponent += 1
    while x < 1:
        x = x * 2
        exponent -= 1
    fraction = x - 1
    bits = []
    for _ in range(10):
        fraction = fraction * 2
        bit = int(fraction)
        bits.append(bit)
        fraction -= bit
    return sign, exponent, bits

for value in [1.0, 2.5, -6.75, 0.1, 0.15625, 1000.0, -0.0, 3.0e-3]:
    sign, exponent, bits = decompose(value)
    if value == 0:
        print(f"{value!r:>8}: sign {sign}, zero has no leading 1 (exponent field 0)")
        continue
    mantissa = "".join([str(b) for b in bits])
    print(f"{value!r:>8}: sign {sign} exponent {exponent:4d} 1.{mantissa}")
    approx = 1.0
    for position, bit in enumerate(bits, 1):
        approx += bit * 2.0 ** -position
    print(f"{'':10}1.{mantissa} x 2^{exponent} ~ {(-1) ** sign * approx * 2.0 ** exponent}")
print("fp16 bias 15: 2.5 is stored with exponent field", decompose(2.5)[1] + 15)
