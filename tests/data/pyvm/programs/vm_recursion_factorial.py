def factorial(n):
    if n <= 1:
        return 1
    return n * factorial(n - 1)

def fib(n):
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)

print([factorial(i) for i in range(10)])
print([fib(i) for i in range(15)])
print(factorial(20))

def depth(n):
    if n == 0:
        return 0
    return 1 + depth(n - 1)

print(depth(900))
