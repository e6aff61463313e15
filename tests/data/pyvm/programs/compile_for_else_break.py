for n in range(2, 12):
    for d in range(2, n):
        if n % d == 0:
            print(n, "=", d, "*", n // d)
            break
    else:
        print(n, "is prime")

total = 0
for i in range(10):
    if i % 3 == 0:
        continue
    if i > 7:
        break
    total += i
else:
    total = -1
print(total)
