x = 1
x += 2
x *= 3
x -= 1
x //= 2
x **= 2
x %= 7
x <<= 3
x >>= 1
x |= 1
x &= 13
x ^= 6
print(x)
items = [1, 2, 3]
items[0] += 10
items[-1] *= 5
print(items)
table = {"a": 1}
table["a"] -= 4
print(table)
def bump(obj, key):
    obj.count += 1
    obj.total[key] /= 2
    return obj
def local_aug(n):
    acc = 0
    for i in range(n):
        acc += i * i
    return acc
print(local_aug(5))
