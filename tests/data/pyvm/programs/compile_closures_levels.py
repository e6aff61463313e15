def make_counter(start):
    count = start
    def step(by=1):
        nonlocal count
        count += by
        return count
    return step

def outer(x):
    def middle(y):
        def inner(z):
            return x + y + z
        return inner
    return middle

counter = make_counter(10)
print(counter(), counter(5), counter())
print(outer(1)(2)(3))

def adders():
    result = []
    for i in range(3):
        def add(v, i=i):
            return v + i
        result.append(add)
    return result

print([f(10) for f in adders()])
