# Precedence and associativity of the arithmetic operators.
a = 1 + 2 * 3
b = (1 + 2) * 3
c = -2 ** 2
d = 2 ** 3 ** 2
e = 2 ** -1
f = 7 // 2 % 3 / 4
g = a @ b
h = a - b - c
i = -a * -b
j = 10 - 2 + 3
k = x ** -y ** z
