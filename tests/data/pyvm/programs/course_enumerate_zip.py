# enumerate and zip: indices with items, and walking several lists in step.
layers = ["embed", "attn", "mlp", "norm", "head"]
params = [4096, 16384, 32768, 128, 4096]
for index, name in enumerate(layers):
    print(index, name)
for index, name in enumerate(layers, 1):
    print(f"layer {index}: {name}")
for name, count in zip(layers, params):
    print(f"{name:>6}: {count:6d} parameters")
print(list(zip(layers, params))[:2])
print(list(enumerate("abc")))
print(dict(zip(layers, params)))
names, counts = zip(*[("a", 1), ("b", 2), ("c", 3)])
print(names, counts)
print(list(zip([1, 2, 3], "xy")))
total = 0
for i, (name, count) in enumerate(zip(layers, params)):
    total += count
    print(i, name, total)
print([a * b for a, b in zip([1, 2, 3], [4, 5, 6])])
for position, (x, y) in enumerate(zip(range(0, 10, 3), range(10, 0, -3))):
    print(position, x, y, x + y)
