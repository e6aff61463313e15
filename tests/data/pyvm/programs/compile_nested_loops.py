def table(n):
    rows = []
    for i in range(1, n + 1):
        row = []
        for j in range(1, n + 1):
            if j > i:
                continue
            row.append(i * j)
        rows.append(row)
    return rows

for row in table(4):
    print(row)
count = 0
i = 0
while i < 3:
    j = 0
    while j < 3:
        count += i * j
        j += 1
    i += 1
print(count)
