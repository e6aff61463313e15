# A missing colon after the function header.
def add(a, b)
    return a + b

print(add(1, 2))
