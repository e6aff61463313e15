# A call whose parenthesis is never closed.
values = [1, 2, 3]
print(sum(values)
total = 0
