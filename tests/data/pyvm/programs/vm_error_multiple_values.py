def add(a, b):
    return a + b

add(1, a=2)
