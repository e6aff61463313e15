print([1, 2] * 2, 'ab' * 2, (1,) * 3)
print(len([1, 2, 3]), len('héllo'), len({'a': 1}), len(range(10)))
print(len(5))
