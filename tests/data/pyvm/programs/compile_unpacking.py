a, b = 1, 2
a, b = b, a
print(a, b)
x, y, z = [10, 20, 30]
print(x, y, z)
first, *middle, last = range(6)
print(first, middle, last)
*head, tail = "hello"
print(head, tail)
(p, q), r = (1, 2), 3
print(p, q, r)
def swap3(a, b, c):
    a, b, c = c, a, b
    return a, b, c
print(swap3(1, 2, 3))
for i, (k, v) in enumerate([("a", 1), ("b", 2)]):
    print(i, k, v)
m = n = 7
print(m, n)
