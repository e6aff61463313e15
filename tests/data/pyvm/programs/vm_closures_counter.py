def make_counter(start):
    count = start
    def increment(step=1):
        nonlocal count
        count += step
        return count
    return increment

counter = make_counter(10)
print(counter())
print(counter(5))
other = make_counter(0)
print(other(), counter())

def make_adders():
    adders = []
    for i in range(3):
        def add(x, i=i):
            return x + i
        adders.append(add)
    return adders

print([f(10) for f in make_adders()])

def outer():
    x = 1
    def middle():
        def inner():
            return x + 1
        return inner()
    x = 41
    return middle()

print(outer())
