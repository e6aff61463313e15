xs = [1, 2, 3]
print(xs.pop(), xs)
xs.remove(5)
