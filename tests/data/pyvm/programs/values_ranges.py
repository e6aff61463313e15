# range objects
r = range(2, 20, 3)
print(r, list(r), len(r), r[0], r[-1], r[1:3], r[::-1], 11 in r, 12 in r)
print(range(5), range(0, 5), range(1, 10, 2), range(10, 0, -2), list(range(10, 0, -3)))
print(list(range(0)), list(range(5, 2)), len(range(-5, 5)), range(3) == range(0, 3))
print(sum(range(101)), max(range(7)), list(reversed(range(4))), range(0, 10)[::2])
print(r.start, r.stop, r.step, range(4).index(2) if False else 2)
for i in range(3):
    print(i, end=';')
print()
print(range(1, 2, 0))
