# Tuples without parentheses on both sides of =, after return and in for.
a, b = b, a
x = 1, 2
y = 1,
first, *rest = values
*init, last = values
a, (b, c) = 1, (2, 3)
for i, item in enumerate(items):
    pass
def pair():
    return a, b
def single():
    return a,
