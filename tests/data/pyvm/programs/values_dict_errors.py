# dict iteration changing size
d = {'a': 1, 'b': 2}
print(d.keys(), list(reversed(d)))
for key in d:
    print(key)
    d['c'] = 3
