# return with and without a value.
def f():
    return

def g():
    return None

def h(x):
    return x + 1

def k():
    return (1, 2)

def m():
    return [x for x in range(3)]
