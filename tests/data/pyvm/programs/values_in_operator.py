# membership across containers
print(2 in [1, 2, 3], 2 in (1, 2), 2 in {2: 'x'}, 2 in {2}, 2 in range(3), 'b' in 'abc')
print(2.0 in [1, 2], 1 in [True], [1] in [[1]], (1, 2) in [(1, 2)], 'x' in {'x': 1}.keys())
print(1 in {'a': 1}.values(), ('a', 1) in {'a': 1}.items(), 5 in range(0, 10, 5), 7 in range(0, 10, 5))
print('' in '', 'abc' in 'abcd', 'ac' in 'abc', None in [None], 3 not in [1, 2])
print(1 in 'abc')
