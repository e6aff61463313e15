# Closures: a counter factory with nonlocal, and each counter keeping its own cell.
def make_counter(start=0, step=1):
    count = start
    def increment():
        nonlocal count
        count += step
        return count
    return increment

a = make_counter()
b = make_counter(100, 10)
print(a(), a(), a())
print(b(), b())
print(a(), b())

def make_multiplier(factor):
    def multiply(x):
        return x * factor
    return multiply

double = make_multiplier(2)
triple = make_multiplier(3)
print([double(x) for x in range(5)])
print([triple(x) for x in range(5)])
print(double(triple(7)))

def make_accumulator():
    history = []
    def add(value):
        history.append(value)
        return sum(history), len(history)
    return add

acc = make_accumulator()
for v in [5, 10, 20]:
    total, n = acc(v)
    print(f"added {v}: total {total} over {n} values, mean {total / n:.2f}")

adders = [make_multiplier(k) for k in range(1, 4)]
print([f(10) for f in adders])
late = []
for k in range(3):
    late.append(lambda x: x + k)
print("late binding:", [f(0) for f in late])
bound = [lambda x, k=k: x + k for k in range(3)]
print("default binding:", [f(0) for f in bound])
print("a and b are different counters:", a is not b)
