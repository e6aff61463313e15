# Every augmented assignment operator, on names, attributes and subscripts.
x += 1
x -= 1
x *= 2
x /= 2
x //= 2
x %= 3
x **= 2
x @= m
x &= 1
x |= 1
x ^= 1
x <<= 1
x >>= 1
obj.count += 1
counts[key] += 1
(total) -= 1
