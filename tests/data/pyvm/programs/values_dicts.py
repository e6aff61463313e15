# dicts: insertion order, methods, views
d = {'b': 2, 'a': 1}
d['c'] = 3
d['b'] = 20
print(d, len(d), d['a'], 'a' in d, 'z' in d)
print(d.get('a'), d.get('z'), d.get('z', 0), d.keys(), d.values(), d.items())
print(list(d), list(d.items()), sorted(d))
print(d.pop('a'), d.pop('zz', 'none'), d)
d.update({'x': 9}, y=10)
d.update([('z', 26)])
print(d, d.setdefault('b', 0), d.setdefault('new', []), d)
print(d.popitem(), d)
e = d.copy()
e.clear()
print(e, d == d.copy(), dict(a=1, b=2), dict([(1, 'one'), (2, 'two')]), dict(zip('ab', [1, 2])))
counts = {}
for ch in 'mississippi':
    counts[ch] = counts.get(ch, 0) + 1
print(counts)
del counts['m']
print(counts, {1: 'a', 1.0: 'b', True: 'c'}, {(1, 2): 'tuple key'})
print({**{'a': 1}, 'b': 2}, {'a': 1} | {'b': 2})
for k, v in counts.items():
    print(k, v)
print(counts['q'])
