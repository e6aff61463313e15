def describe(x):
    if x is None:
        return "missing"
    if x is not None and x > 10:
        return "large"
    return "small"

print(describe(None), describe(20), describe(3))
y = None
while y is None:
    y = 5
print(y)
print(not (y is None), not y in [1, 2])
