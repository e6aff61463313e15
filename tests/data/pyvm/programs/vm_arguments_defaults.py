def greet(name, greeting="Hello", punctuation="!"):
    return f"{greeting}, {name}{punctuation}"

print(greet("Ada"))
print(greet("Ada", "Hi"))
print(greet("Ada", punctuation="?"))
print(greet(greeting="Hey", name="Bob"))

def collect(*args, **kwargs):
    return args, kwargs

print(collect())
print(collect(1, 2, x=3))

def keyword_only(a, *, b, c=5):
    return a + b + c

print(keyword_only(1, b=2))
print(keyword_only(1, b=2, c=3))

def mixed(a, b=2, *rest, key="k", **extra):
    return a, b, rest, key, extra

print(mixed(1))
print(mixed(1, 3, 4, 5, key="z", flag=True))
args = (10, 20)
kwargs = {"key": "from dict"}
print(mixed(*args, **kwargs))
