def fact(n):
    if n <= 1:
        return 1
    return n * fact(n - 1)

def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)

def depth(xs):
    if not isinstance(xs, list):
        return 0
    return 1 + max([depth(x) for x in xs] or [0])

print(fact(10), fib(15), depth([1, [2, [3]], []]))
