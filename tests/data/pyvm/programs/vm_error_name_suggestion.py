numbers = [1, 2, 3]
print(sum(numbers))
pritn(numbers)
