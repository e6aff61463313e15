# Bit operators, from | (loosest) to << and >>.
a = x | y ^ z & w
b = x << 2 >> 1
c = ~x & 0xFF
d = x | y | z
e = a & b << c + d
