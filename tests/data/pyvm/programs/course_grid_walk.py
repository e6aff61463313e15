# A 2D grid stored in one flat list: row-major versus column-major index formulas.
ROWS, COLS = 3, 4
flat_row_major = [r * 10 + c for r in range(ROWS) for c in range(COLS)]
print("row-major storage:", flat_row_major)

def row_major_index(r, c):
    return r * COLS + c

def col_major_index(r, c):
    return c * ROWS + r

flat_col_major = [0] * (ROWS * COLS)
for r in range(ROWS):
    for c in range(COLS):
        flat_col_major[col_major_index(r, c)] = r * 10 + c
print("column-major storage:", flat_col_major)

print("walk by rows over row-major storage:")
for r in range(ROWS):
    print("  ", [row_major_index(r, c) for c in range(COLS)])
print("walk by rows over column-major storage (stride", ROWS, "):")
for r in range(ROWS):
    print("  ", [col_major_index(r, c) for c in range(COLS)])

def strides(order):
    return (COLS, 1) if order == "row" else (1, ROWS)

for order in ["row", "col"]:
    s = strides(order)
    jumps = []
    previous = None
    for r in range(ROWS):
        for c in range(COLS):
            address = r * s[0] + c * s[1]
            if previous is not None:
                jumps.append(address - previous)
            previous = address
    print(order, "strides", s, "address jumps:", jumps)
    print("  sequential steps:", jumps.count(1), "of", len(jumps))
r, c = divmod(7, COLS)
print("flat 7 is (row, col) =", (r, c))
