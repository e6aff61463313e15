# int arithmetic: + - * // % ** and the signs of floor division
for a in [7, -7, 0, 13, -13]:
    for b in [2, -2, 5, -5]:
        print(a, b, a + b, a - b, a * b, a // b, a % b, divmod(a, b))
print(2 ** 10, 2 ** 62, (-2) ** 63, 3 ** 0, 0 ** 0)
print(2 ** -1, 10 ** -3, (-2) ** -3)
print(7 / 2, -7 / 2, 1 / 3, 10 / 5, 2 / 3 * 3)
print(9007199254740993 / 1, 9223372036854775807 / 3)
print(abs(-5), abs(5), -(-3), +4, ~5, ~-1)
big = 9223372036854775807
print(big, -big - 1, big // 2, big % 1000)
print(True + True, True * 10, False - 1, True / 2, True // 1)
