# nonlocal needs an enclosing function that binds the name.
count = 0

def increment():
    nonlocal count
    count += 1

increment()
