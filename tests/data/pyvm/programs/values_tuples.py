# tuples: packing, unpacking, methods, hashing
t = (1, 2, 3)
single = (5,)
empty = ()
print(t, single, empty, len(t), t[1], t[-1], t[::-1], t + (4,), t * 2)
a, b, c = t
print(a, b, c)
first, *rest = [1, 2, 3, 4]
print(first, rest)
*init, last = 'abc'
print(init, last)
x, y = y, x = 1, 2
print(x, y)
print(t.count(2), t.index(3), (1, 2) in {(1, 2): 'yes'}, hash((1, 2)) == hash((1, 2)))
print(tuple([1, 2]), tuple('ab'), tuple(range(3)), tuple({'k': 1}))
nested = ((1, 2), (3, 4))
for p, q in nested:
    print(p * q)
print(t.index(9))
