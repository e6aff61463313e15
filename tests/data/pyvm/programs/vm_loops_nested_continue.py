pairs = []
for a in range(4):
    for b in range(4):
        if a == b:
            continue
        if a + b > 4:
            break
        pairs.append((a, b))
print(pairs)
total = 0
for row in [[1, 2], [3, 4], [5, 6]]:
    for value in row:
        total += value
print(total)
