# Calling a function with more arguments than it takes.
def add(a, b):
    return a + b

print(add(1, 2))
print(add(*[3, 4]))
print(add(1, 2, 3))
