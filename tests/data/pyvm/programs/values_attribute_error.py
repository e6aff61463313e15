xs = [1, 2]
xs.append(3)
print(xs)
xs.push(4)
