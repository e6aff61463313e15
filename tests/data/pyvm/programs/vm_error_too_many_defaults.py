def scale(value, factor=2):
    return value * factor

print(scale(3))
scale(1, 2, 3)
