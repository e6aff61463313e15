# Attributes and subscripts, chained and used as targets.
a = obj.attr
b = obj.a.b.c
c = items[0]
d = grid[1][2]
e = items[-1]
f = table["key"]
g = m[1, 2]
h = m[i, j + 1]
obj.attr = 1
items[0] = 2
grid[1][2] = 3
obj.a.b = items[0].c
