square = lambda x: x * x
add = lambda a, b=10: a + b
print(square(4), add(1), add(1, 2))
pairs = [(1, "b"), (3, "a"), (2, "c")]
print(sorted(pairs, key=lambda p: p[1]))
def multiplier(n):
    return lambda v: v * n
print(multiplier(3)(7))
nothing = lambda: None
print(nothing())
kw = lambda *args, **kwargs: (args, kwargs)
print(kw(1, 2, z=3))
print((lambda *, k=5: k)())
