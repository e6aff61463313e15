# Integers in every base, floats in every spelling, and underscores between digits.
a = 0
b = 42
c = 1_000_000
d = 0x1F + 0XfF + 0o17 + 0O7 + 0b101 + 0B1_0
e = 3.14
f = 1.
g = .5
h = 1e10 + 1E-3 + 2.5e+3 + 1_0.0_1e1_0
i = 9223372036854775807
j = 1e400
k = 00
