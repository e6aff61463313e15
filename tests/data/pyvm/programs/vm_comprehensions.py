squares = [x * x for x in range(10)]
evens = [x for x in squares if x % 2 == 0]
pairs = [(x, y) for x in range(3) for y in range(3) if x != y]
lookup = dict([(name, len(name)) for name in ["ada", "grace", "linus"]])
unique = set([c for c in "mississippi"])
matrix = [[i * j for j in range(4)] for i in range(4)]
print(squares)
print(evens)
print(pairs)
print(lookup)
print(sorted(unique))
print(matrix)
scale = 3
print([v * scale for v in [1, 2, 3]])
print([[row[i] for row in matrix] for i in range(2)])
print(sum([n for n in range(100) if n % 3 == 0]))
