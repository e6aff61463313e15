# building strings in loops, join, repetition, comparison
rows = []
for i in range(1, 6):
    rows.append(str(i) * i)
print('\n'.join(rows))
table = ''
for i in range(1, 4):
    line = ''
    for j in range(1, 4):
        line += f'{i * j:4}'
    table += line + '\n'
print(table, end='')
words = 'the quick brown fox jumps over the lazy dog'.split()
print(len(words), max(words, key=len), min(words), sorted(set(map(len, words))))
print(' '.join([w.capitalize() for w in words]))
print(', '.join([f'{w}={len(w)}' for w in words[:3]]))
acronym = ''.join([w[0].upper() for w in words])
print(acronym, acronym.lower(), acronym[::-1], acronym.count('T'))
print('-' * 20, '=' * 0, 'ab' * -1 == '')
print('x' + 1)
