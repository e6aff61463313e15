# Fibonacci with a loop and two variables: linear time, constant memory.
def fib(n):
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a

sequence = [fib(n) for n in range(20)]
print(sequence)
print("fib(50) =", fib(50))
print("fib(90) =", fib(90))
ratios = []
for n in range(2, 12):
    ratios.append(fib(n + 1) / fib(n))
for n, ratio in enumerate(ratios, start=2):
    print(f"fib({n + 1})/fib({n}) = {ratio:.6f}")
print("golden ratio approx:", ratios[-1])
evens = [f for f in sequence if f % 2 == 0]
print("even terms:", evens)
print("sum of first 20:", sum(sequence))
