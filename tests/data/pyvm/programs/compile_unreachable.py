def early(x):
    return x * 2
    print("never")
    x += 1

def loop_exit(values):
    for v in values:
        if v < 0:
            return v
            v = 0
        continue
        print("skipped")
    return None

def after_break():
    while True:
        break
        print("unreachable")
    return "out"

print(early(4), loop_exit([1, -2, 3]), loop_exit([1]), after_break())
