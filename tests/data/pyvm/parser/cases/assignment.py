# Assignment: chains, tuple and list targets, starred, subscripts and attributes.
x = 1
a = b = c = 0
a, b = 1, 2
[a, b] = [1, 2]
(a, b) = c
a, *b = c
[first, *middle, last] = items
obj.attr = value
items[i] = items[j] = 0
(x) = 5
((y)) = 6
a, (b, [c, d]) = e
x = y = z, w = 1, 2
