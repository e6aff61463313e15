# List comprehensions with several for and if clauses.
a = [x for x in range(10)]
b = [x * x for x in items if x % 2]
c = [(x, y) for x in range(3) for y in range(3) if x != y]
d = [x for x in items if x > 0 if x < 10]
e = [[i * j for j in range(4)] for i in range(4)]
f = [i for i, _ in pairs]
g = [y for x in matrix for y in x]
h = [n for n in range(20) if n % 2 == 0 if n % 3 == 0]
