# lists: building, methods, slicing
xs = [3, 1, 4, 1, 5, 9, 2, 6]
print(xs, len(xs), xs[2], xs[-1], xs[1:4], xs[::-1], xs[::3])
xs.append(5)
xs.insert(0, 0)
xs.insert(-1, 7)
xs.insert(100, 8)
print(xs)
print(xs.pop(), xs.pop(0), xs.pop(-2), xs)
xs.remove(1)
print(xs, xs.index(5), xs.count(1), xs.index(5, 4))
xs.extend(range(3))
xs.extend('ab')
print(xs)
ys = xs.copy()
ys.reverse()
print(ys, xs == ys[::-1])
ys.clear()
print(ys, [] == ys)
zs = [1, 2, 3, 4, 5]
zs[1:3] = ['a', 'b', 'c']
print(zs)
del zs[::2]
print(zs)
zs[0] = 'first'
del zs[-1]
print(zs, [0] * 3, [[0] * 2] * 2, [1, 2] + [3])
nested = [1, [2, [3, [4]]]]
print(nested, nested[1][1][0])
print(xs.index(99))
