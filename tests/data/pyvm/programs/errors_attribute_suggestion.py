# A misspelt method: CPython 3.11 suggests the right one.
history = []
history.append(0.5)
history.append(0.25)
print(history)
history.apend(0.125)
