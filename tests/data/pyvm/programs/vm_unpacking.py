a, b = 1, 2
a, b = b, a
print(a, b)
first, *middle, last = [1, 2, 3, 4, 5]
print(first, middle, last)
*init, tail = "abc"
print(init, tail)
(x, y), z = (1, 2), 3
print(x, y, z)
for index, (name, score) in enumerate([("a", 1), ("b", 2)]):
    print(index, name, score)
head, *rest = range(3)
print(head, rest)
merged = [*range(3), *"xy", 9]
print(merged)
both = {**{"a": 1}, "b": 2, **{"a": 3}}
print(both)
print(*[1, 2, 3], sep="-")
