# n! three ways: recursion, a for loop and a while loop. 20! is the last one below 2**63.
def factorial_recursive(n):
    if n <= 1:
        return 1
    return n * factorial_recursive(n - 1)

def factorial_loop(n):
    product = 1
    for k in range(2, n + 1):
        product *= k
    return product

def factorial_while(n):
    product = 1
    while n > 1:
        product = product * n
        n -= 1
    return product

for n in range(0, 21):
    a = factorial_recursive(n)
    b = factorial_loop(n)
    c = factorial_while(n)
    print(n, a, a == b == c)
print(f"20! = {factorial_loop(20):,}")
print(f"20! has {len(str(factorial_loop(20)))} digits")
INT64_MAX = 9223372036854775807
print("largest signed 64-bit:", INT64_MAX)
print("20! fits:", factorial_loop(20) < INT64_MAX)
print("room left:", INT64_MAX // factorial_loop(20), "times 20!")
