values = [1, 2]
print(values)
a, b = 5
