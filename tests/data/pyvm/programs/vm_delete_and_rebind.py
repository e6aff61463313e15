values = [1, 2, 3, 4]
del values[0]
print(values)
data = {"a": 1, "b": 2}
del data["a"]
print(data)
name = "temp"
del name
name = "again"
print(name)
def local_delete():
    x = 5
    del x
    x = 6
    return x
print(local_delete())
