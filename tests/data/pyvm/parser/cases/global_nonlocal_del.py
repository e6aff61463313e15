# global, nonlocal and del.
counter = 0

def bump():
    global counter
    counter += 1

def outer():
    total = 0
    def add(n):
        nonlocal total
        total += n
    return add

def several():
    global a, b, c

del x
del a, b
del items[0], obj.attr
del (a), [b, c]
del (d, e)
del items[1:3]
del last,
