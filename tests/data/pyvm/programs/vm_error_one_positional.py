def single(a):
    return a

single(1, 2)
