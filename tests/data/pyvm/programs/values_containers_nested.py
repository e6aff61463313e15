# nested containers and their reprs
grid = [[0] * 3 for _ in range(3)]
grid[1][1] = 5
print(grid)
alias = [[0] * 2] * 2
alias[0][0] = 9
print(alias)
data = {'name': 'lab', 'tags': ['a', 'b'], 'dims': (2, 3), 'meta': {'ok': True, 'ratio': 0.5}}
print(data)
print(data['meta']['ratio'], data['tags'][-1], data['dims'][0])
loop = [1, 2]
loop.append(loop)
print(loop)
d = {'self': None}
d['self'] = d
print(d)
print([(), (1,), [()], {}, set(), '', ""], [None, ..., 1e100])
print([['a', "b'c", 'd"e']], {'k': "it's"})
