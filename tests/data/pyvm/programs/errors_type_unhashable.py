# A list as a dict key: lists are mutable, so they cannot be hashed.
cache = {}
cache[(0, 1)] = "tuple key works"
print(cache)
cache[[0, 1]] = "list key fails"
