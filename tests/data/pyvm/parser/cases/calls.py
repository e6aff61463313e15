# Calls with positional, keyword, *args and **kwargs arguments.
f()
f(1)
f(1, 2,)
f(x, key=1)
f(*args)
f(**kwargs)
f(1, *rest, key=2, **extra)
f(a=1, *b)
print("a", "b", sep="", end="\n")
g(1)(2)(3)
obj.method(x).other()
f(
    1,
    two=2,
)
