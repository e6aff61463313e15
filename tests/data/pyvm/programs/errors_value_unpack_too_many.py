# Unpacking three values into two names.
point = (3, 4)
x, y = point
print(x, y)
x, y = (1, 2, 3)
