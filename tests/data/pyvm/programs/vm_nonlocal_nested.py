def accumulate(values):
    total = 0
    count = 0
    def add(v):
        nonlocal total, count
        total += v
        count += 1
    for v in values:
        add(v)
    return total, count

print(accumulate([1, 2, 3, 4]))

def level1():
    a = "one"
    def level2():
        nonlocal a
        a = a + "-two"
        def level3():
            nonlocal a
            a = a + "-three"
        level3()
    level2()
    return a

print(level1())
