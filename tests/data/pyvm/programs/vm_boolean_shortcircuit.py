def loud(value):
    print("eval", value)
    return value

print(loud(0) and loud(1))
print(loud(1) and loud(2))
print(loud(0) or loud(3))
print(loud(4) or loud(5))
x = None
print(x is None, x is not None)
print(1 < 2 < 3, 3 > 2 > 2)
print(not [], not [0])
print(2 in [1, 2], 5 not in (1, 2))
y = 5 if x is None else 6
print(y)
