x = 1
y = [1, 2, 3, 4]
z = {"a": 1, "b": 2}
del x
del y[0]
del z["a"], y[-1]
print(y, z)
def local_del():
    v = 5
    w = v * 2
    del v
    return w
print(local_del())
