a = [1, 2]
b = (3, 4)
print([*a, *b])
print([0, *a, 5])
print((*a, *b, 9))
print({*a, *b})
d = {"x": 1}
e = {"y": 2}
print({**d, **e})
print({"w": 0, **d, "z": 3, **e})
print([*range(3)])
print((*"ab",))
