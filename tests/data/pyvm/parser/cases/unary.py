# Unary minus, plus, invert and not.
a = -x
b = +x
c = ~x
d = not x
e = - - x
f = not not x
g = -x.y
h = -f(x)[0]
i = not -x
