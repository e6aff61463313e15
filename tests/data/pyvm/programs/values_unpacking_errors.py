# unpacking counts
a, b = 'xy'
print(a, b)
c, d = {'k': 1, 'j': 2}
print(c, d)
(e, f), g = (1, 2), 3
print(e, f, g)
h, i, j = [1, 2]
