def show(*args, **kwargs):
    return args, sorted(kwargs.items())

args = [1, 2]
kwargs = {"k": 3}
print(show(*args))
print(show(0, *args))
print(show(*args, 9))
print(show(**kwargs))
print(show(*args, **kwargs))
print(show(1, key=2, **kwargs))
print(show(**kwargs, other=5))
print(show(*args, *args))
print(show(a=1, b=2))
