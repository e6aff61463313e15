# A function that reads a global defined only later: the error comes from inside the call.
def scale(values):
    return [v * factor for v in values]

print("defining data")
data = [1, 2, 3]
print(data)
print(scale(data))
factor = 2
