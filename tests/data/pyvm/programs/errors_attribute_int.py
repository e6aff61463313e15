# Calling a list method on an int.
total = 0
for v in [1, 2, 3]:
    total += v
print(total)
total.append(4)
