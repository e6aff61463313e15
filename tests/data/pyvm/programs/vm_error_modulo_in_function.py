def check(n, d):
    return n % d == 0

print(check(10, 5))
check(10, 0)
