# Dot products four ways: index loop, zip, comprehension + sum, and an accumulation trace.
def dot_index(x, y):
    total = 0
    for i in range(len(x)):
        total += x[i] * y[i]
    return total

def dot_zip(x, y):
    total = 0
    for a, b in zip(x, y):
        total = total + a * b
    return total

def dot_sum(x, y):
    return sum([a * b for a, b in zip(x, y)])

x = [1, 2, 3, 4]
y = [5, 6, 7, 8]
print(dot_index(x, y), dot_zip(x, y), dot_sum(x, y))
partial = 0
for i, (a, b) in enumerate(zip(x, y)):
    partial += a * b
    print(f"step {i}: {a}*{b} = {a * b:3d}, partial sum {partial}")
u = [0.1, 0.2, 0.3]
v = [1.0, 1.0, 1.0]
print("float dot:", dot_zip(u, v))
print("norm^2:", dot_sum(x, x))
print("orthogonal:", dot_index([1, 0, -1], [1, 5, 1]) == 0)
rows = [[1, 0, 2], [0, 3, 1]]
print("matrix-vector:", [dot_zip(row, [4, 5, 6]) for row in rows])
