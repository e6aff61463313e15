# Sorting a list that mixes numbers and strings.
print(sorted([3, 1, 2]))
print(sorted(["b", "a"]))
print(sorted([3, "one", 2]))
