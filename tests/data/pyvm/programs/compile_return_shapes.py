def nothing():
    return

def constant():
    return 42

def implicit(x):
    if x:
        return "yes"

def in_loop(n):
    for i in range(n):
        if i == 2:
            return i
    return -1

def multi_line(a,
              b):
    return (a +
            b)

print(nothing(), constant(), implicit(1), implicit(0), in_loop(5), in_loop(1), multi_line(1, 2))
