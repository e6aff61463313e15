# Looping over an int instead of range(n).
n = 4
for i in range(n):
    print(i)
for i in n:
    print(i)
