# The first example of the course: a function, its call, and what the call returns.
def add(a, b):
    return a + b

result = add(3, 5)
print(result)
print(add(10, -4))
print(add(2.5, 0.25))
print(add("mat", "mul"))
print(add([1, 2], [3]))
total = 0
for i in range(5):
    total = add(total, i)
    print("running total after", i, "is", total)
print("type of result:", type(result))
print("type of add(1, 2.0):", type(add(1, 2.0)))
print(add(add(1, 2), add(3, 4)))
