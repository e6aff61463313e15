# An operator the types do not support: subtracting an int from a list.
xs = [1, 2, 3]
print(xs + [4])
print(xs * 2)
print(xs - 1)
