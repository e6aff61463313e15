def greet(name, greeting="Hello", *, punctuation="!", times=1):
    return (greeting + ", " + name + punctuation) * times

def collect(first, *rest, sep="-", **options):
    parts = [str(first)] + [str(r) for r in rest]
    extra = sorted(options.items())
    return sep.join(parts), extra

def only_kw(*, a, b=2):
    return a * b

print(greet("Ada"))
print(greet("Grace", "Hi", punctuation="?"))
print(greet("Linus", times=2))
print(collect(1, 2, 3))
print(collect("x", "y", sep="+", mode="fast", level=3))
print(only_kw(a=5))
print(only_kw(a=5, b=10))
