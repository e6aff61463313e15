def pick(a, b, c):
    return a and b or c

print(pick(1, 2, 3), pick(0, 2, 3), pick(1, 0, 3))
name = "" or "default"
count = 0 and 5
both = 3 and 4 and 5
either = None or 0 or "last"
print(name, count, both, either)
values = [x or -1 for x in [0, 1, 2, 0]]
print(values)
