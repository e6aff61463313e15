# Matrix multiply with nested lists and three loops, the way the GEMM lessons start.
def zeros(rows, cols):
    return [[0 for _ in range(cols)] for _ in range(rows)]

def matmul(a, b):
    n, k = len(a), len(a[0])
    m = len(b[0])
    c = zeros(n, m)
    for i in range(n):
        for j in range(m):
            acc = 0
            for p in range(k):
                acc += a[i][p] * b[p][j]
            c[i][j] = acc
    return c

def show(name, matrix):
    print(name + ":")
    for row in matrix:
        print("  " + " ".join([f"{x:5}" for x in row]))

a = [[1, 2, 3], [4, 5, 6]]
b = [[7, 8], [9, 10], [11, 12]]
show("A", a)
show("B", b)
show("A @ B", matmul(a, b))
identity = [[1 if i == j else 0 for j in range(3)] for i in range(3)]
show("B^T B", matmul([list(col) for col in zip(*b)], b))
print("A I == A:", matmul(a, identity) == a)
flops = 2 * len(a) * len(b) * len(b[0])
print("multiply-adds:", flops // 2, "flops:", flops)
f = [[0.5, -1.0], [2.0, 0.25]]
show("F @ F", matmul(f, f))
