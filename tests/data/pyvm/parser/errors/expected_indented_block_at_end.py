def f():
    while x: