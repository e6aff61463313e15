def pos(a, b, /, c, *, d=4):
    return a + b + c + d

print(pos(1, 2, 3), pos(1, 2, c=3, d=10))
def defaults(a, b=2, /, c=3):
    return a, b, c
print(defaults(1), defaults(1, 5, c=7))
