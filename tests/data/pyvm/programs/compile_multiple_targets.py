a = b = c = 0
print(a, b, c)
x = y = [1, 2]
x.append(3)
print(y)
def chain():
    p = q = 5
    return p + q
print(chain())
first, second = pair = (1, 2)
print(first, second, pair)
