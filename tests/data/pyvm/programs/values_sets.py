# sets of ints: order as CPython iterates them, operations
s = {3, 1, 2}
print(s, len(s), 2 in s, 5 in s)
s.add(10)
s.add(-1)
s.discard(99)
s.remove(3)
print(s, sorted(s))
a = {1, 2, 3, 4}
b = {3, 4, 5}
print(a | b, a & b, a - b, a ^ b, b - a)
print(a.union([7, 8]), a.intersection(b, {4}), a.difference({1}), a.symmetric_difference(b))
print(a.issubset({1, 2, 3, 4, 5}), a.issuperset({1}), a.isdisjoint({9}), {1, 2} <= a)
print(set(), set([5, 5, 6]), set(range(5)), set((100, 7, 64, 1)), {0, 8, 16})
print(set([20, 3, 17, 42, 8, 33, 99, 1000]))
c = a.copy()
c.update([9, 10])
c.clear()
print(c, len(a))
print(set([1, 2]).pop())
s.remove(42)
