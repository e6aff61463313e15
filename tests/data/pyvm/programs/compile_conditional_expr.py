def sign(x):
    return "neg" if x < 0 else "zero" if x == 0 else "pos"

print([sign(v) for v in [-2, 0, 5]])
a = 3
b = a if a > 2 else -a
print(b)
if (a if a else 0) > 1:
    print("big a")
value = None
print("none" if value is None else "set")
