count = 5
print(count)
count(3)
