# List, tuple, set and dict displays, with * and ** unpacking.
a = []
b = [1, 2, 3]
c = [1, [2, 3], []]
d = ()
e = (1,)
f = (1, 2)
g = {1, 2}
h = {}
i = {"a": 1, "b": 2}
j = [*x, *y, 0]
k = (*x, 1)
l = {*x, 2}
m = {**d, "k": 1, **e}
n = [
    1,
    2,
]
o = {'nested': {'deep': [1, (2, 3)]}}
