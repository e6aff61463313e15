# Lambdas with every kind of parameter.
a = lambda: 0
b = lambda x: x + 1
c = lambda x, y=2: x * y
d = lambda *args, **kwargs: args
e = lambda x, *, key=None: key
f = lambda a, /, b: a
g = lambda: lambda: 1
h = sorted(words, key=lambda w: (len(w), w))
