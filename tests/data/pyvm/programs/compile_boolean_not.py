flags = [True, False, 0, 1, "", "x", None, [], [0]]
print([not f for f in flags])
def invert(v):
    return not v
print(invert(0), invert(3))
if not flags[1]:
    print("second is falsy")
x = not (1 < 2)
print(x)
print(not not flags[5])
