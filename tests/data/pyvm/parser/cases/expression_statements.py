# Expression statements of every shape.
f(x)
x
1
"docstring-like"
x + y
[1, 2]
a.b.c
*a, b
a if b else c
lambda: 0
not x
