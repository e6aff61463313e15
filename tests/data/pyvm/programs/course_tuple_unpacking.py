# Tuple packing and unpacking: swaps, multiple returns, starred targets, nested patterns.
a, b = 1, 2
print("before:", a, b)
a, b = b, a
print("after swap:", a, b)
x, y, z = "xyz"
print(x, y, z)

def min_max(values):
    return min(values), max(values)

low, high = min_max([4, 8, 15, 16, 23, 42])
print("range:", low, high, "span:", high - low)
result = min_max([3, 1, 2])
print(result, type(result), result[0])
first, *rest = [10, 20, 30, 40]
print(first, rest)
*init, last = [10, 20, 30, 40]
print(init, last)
head, *middle, tail = range(6)
print(head, middle, tail)
(p, q), r = (1, 2), 3
print(p, q, r)
points = [(0, 0), (3, 4), (-1, 2)]
for px, py in points:
    print(f"({px}, {py}) -> distance^2 = {px * px + py * py}")
i, j, k = 0, 1, 2
i, j, k = k, i, j
print("rotated:", i, j, k)
quotient, remainder = divmod(47, 5)
print(quotient, remainder)
single = (5,)
empty = ()
print(single, empty, len(single), len(empty))
fib = [0, 1]
for _ in range(8):
    fib.append(fib[-1] + fib[-2])
print(fib)
