# Indexing into an int, as if it were a list.
shape = (4, 8)
print(shape[0], shape[1])
rows = shape[0]
print(rows[0])
