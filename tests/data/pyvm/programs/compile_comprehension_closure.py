def multiples(n, limit):
    return [n * k for k in range(limit) if n * k % 2 == 0]

def matrix(rows, cols):
    return [[r * cols + c for c in range(cols)] for r in range(rows)]

def captured():
    base = 100
    adders = [lambda x, i=i: x + i + base for i in range(3)]
    return [f(1) for f in adders]

print(multiples(3, 6), matrix(2, 3), captured())
