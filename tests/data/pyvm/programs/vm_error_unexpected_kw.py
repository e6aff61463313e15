def add(a, b):
    return a + b

add(1, b=2, c=3)
