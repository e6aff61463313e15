print("a", "b", sep="-")
print("no newline", end="")
print()
print(1, 2, 3, sep=", ", end=".\n")
items = ["x", "y"]
print(*items, sep="|")
