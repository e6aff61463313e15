def outer(a, b=2, *, c=3):
    x = 1
    def inner(y):
        nonlocal x
        x += y
        return x + a
    return inner
xs = [i*i for i in range(5) if i % 2]
print(f"{xs!r:>10} {1.5:.2f}", sep="", end="\n")
t = (1, 2, 3)
a, b = 1, 2
if 1 < a < 3 and not b: pass
for i in range(3):
    if i: break
else:
    pass
