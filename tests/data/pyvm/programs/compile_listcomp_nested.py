pairs = [(x, y) for x in range(4) for y in range(x) if (x + y) % 2 == 1]
print(pairs)
grid = [[r * 3 + c for c in range(3)] for r in range(3)]
print(grid)
flat = [v for row in grid for v in row if v % 2 == 0 if v > 2]
print(flat)
words = ["alpha", "beta", "gamma"]
print([w.upper() for w in words if "a" in w])
print([len(w) for w in words])
def in_function(n):
    offset = 10
    return [i + offset for i in range(n) if i != 2]
print(in_function(5))
print([y for x in [1, 2, 3] for y in [x * 10]])
