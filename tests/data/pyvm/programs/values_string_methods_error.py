print('a,b'.split(','), 'a'.join(['x', 'y']))
print(', '.join([1, 2]))
