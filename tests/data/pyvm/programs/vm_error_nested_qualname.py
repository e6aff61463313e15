def outer():
    def inner(x, y, z):
        return x + y + z
    return inner(1)

outer()
