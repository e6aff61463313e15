# truthiness and bool as an int
values = [0, 1, -1, 0.0, 0.5, '', 'a', [], [0], (), {}, {'a': 1}, set(), None, range(0), range(3)]
for v in values:
    print(repr(v), bool(v), not v)
print(True + 1, True * 3, sum([True, True, False]), True & False, True | False, True ^ True)
print(isinstance(True, int), isinstance(True, bool), isinstance(1, bool), type(True), type(None))
print(int(True), str(False), repr(None), None or 'default', 0 or None, 3 and 4)
print(True == 1, hash(True) == hash(1), {True: 'a', 1: 'b'}, {1.0: 'x', 1: 'y'})
