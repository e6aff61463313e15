# List comprehensions: filters, nested loops, nested comprehensions and conditional expressions.
squares = [x * x for x in range(10)]
print(squares)
even_squares = [x * x for x in range(10) if x % 2 == 0]
print(even_squares)
pairs = [(i, j) for i in range(3) for j in range(3) if i != j]
print(pairs)
matrix = [[r * 3 + c for c in range(3)] for r in range(3)]
print(matrix)
transpose = [[row[c] for row in matrix] for c in range(3)]
print(transpose)
flattened = [x for row in matrix for x in row]
print(flattened)
labels = ["even" if x % 2 == 0 else "odd" for x in range(6)]
print(labels)
clipped = [min(max(x, -2), 2) for x in [-5, -1, 0, 3, 8]]
print(clipped)
words = ["gpu", "cache", "tlb", "dram", "sm"]
print([w.upper() for w in words if len(w) <= 3])
print([len(w) for w in words])
print([c for c in "bandwidth" if c in "aeiou"])
diagonal = [matrix[i][i] for i in range(len(matrix))]
print("diagonal:", diagonal, "trace:", sum(diagonal))
multiples = [[n * k for k in range(1, 6)] for n in range(1, 4)]
for row in multiples:
    print(" ".join([str(v).rjust(3) for v in row]))
print([x for x in range(50) if x % 3 == 0 if x % 5 == 0])
