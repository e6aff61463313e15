def average(values):
    total = sum(values)
    return totl / len(values)

print(average([1, 2, 3]))
