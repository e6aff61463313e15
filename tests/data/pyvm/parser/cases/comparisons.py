# Comparisons chain: a < b < c is one Compare with two operators.
a = x < y
b = x < y <= z
c = x == y != z
d = x > y >= z
e = x in y
f = x not in y
g = x is y
h = x is not y
i = x < y == z in w not in v is u is not t
j = 0 <= i < n
