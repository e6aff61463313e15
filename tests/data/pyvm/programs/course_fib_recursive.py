# Fibonacci by recursion: the textbook example of a call tree that grows exponentially.
calls = 0

def fib(n):
    global calls
    calls = calls + 1
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)

for n in range(0, 16):
    calls = 0
    value = fib(n)
    print(f"fib({n}) = {value}  ({calls} calls)")
print("fib(20) =", fib(20))
