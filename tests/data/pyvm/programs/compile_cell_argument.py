def scale_all(factor, values):
    def scale(v):
        return v * factor
    return [scale(v) for v in values]

def shadow(a, b):
    def both():
        return a, b
    a = a + 1
    return both()

print(scale_all(3, [1, 2, 3]))
print(shadow(1, 2))
