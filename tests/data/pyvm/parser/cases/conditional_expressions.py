# Conditional expressions, nested to the right.
a = x if c else y
b = x if c else y if d else z
c = (x if c else y) + 1
d = [x if x > 0 else -x for x in values]
e = f(x if x else 0)
