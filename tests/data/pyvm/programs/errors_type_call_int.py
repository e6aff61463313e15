# Calling something that is not a function: a variable shadows the builtin.
values = [3, 1, 2]
print(max(values))
max = 10
print("max is now", max)
print(max(values))
