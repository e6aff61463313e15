def square(x):
    return x * x

def sum_of_squares(a, b):
    return square(a) + square(b)

def describe(n):
    total = sum_of_squares(n, n + 1)
    return f"{n}: {total}"

for i in range(5):
    print(describe(i))
print(sum_of_squares(square(2), square(3)))
