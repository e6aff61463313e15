# A misspelt variable: CPython 3.11 suggests the name that was meant.
counter = 0
for word in "the cache line".split():
    counter += len(word)
    print(word, counter)
print("total:", conter)
