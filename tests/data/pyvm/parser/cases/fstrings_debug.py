# The = specifier: the expression's text, then its repr (or its format without one).
a = f"{x=}"
b = f"{x = }"
c = f"{x=:>10}"
d = f"{x=!s}"
e = f"{x + 1=}"
f = f"value: {x=}, next {y=}"
g = f"{x=!r:^5}"
