def classify(x):
    if 0 <= x < 10:
        return "digit"
    elif 10 <= x <= 99 != x:
        return "two digits"
    return "big"

for value in [3, 42, 99, 150]:
    print(value, classify(value))
a, b, c = 1, 2, 3
print(a < b < c, a < c < b, a == 1 < b)
inside = 0 < a <= b < c
print(inside)
n = 0
while 0 <= n < 3:
    n += 1
print(n)
