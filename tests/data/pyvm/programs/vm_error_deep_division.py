def ratio(a, b):
    return a / b

def normalize(values):
    total = sum(values)
    return [ratio(v, total) for v in values]

print(normalize([1, 3]))
print(normalize([0, 0]))
