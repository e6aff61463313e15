# Blocks nested in blocks, and dedents of several levels at once.
def outer(n):
    for i in range(n):
        while i > 0:
            if i % 2:
                i -= 1
            else:
                i //= 2
    return n
x = outer(3)
