# type(), isinstance, str/repr of builtins and types
print(type(1), type(1.5), type('a'), type([]), type(()), type({}), type(set()), type(range(1)))
print(type(None), type(True), type(len), type(type), type(print))
print(int, str, list, dict, bool, float, tuple, set, range, type)
print(len, print, max, sorted)
print(isinstance(1, int), isinstance(1, float), isinstance(1.0, (int, float)), isinstance('a', str))
print(isinstance([], (tuple, list)), isinstance(True, int), isinstance(int, type), isinstance(3, bool))
print(type(1) == int, type(True) == int, type(1) is int, callable(len), callable(3), callable(int))
print(str(123), repr('a'), repr([1, 'two', 3.0, None, True]), str((1, 'a')), repr({'k': [1]}))
print(list('abc'), tuple([1]), dict(), set(), str(), int(), float(), bool(), list())
def f():
    pass
print(type(f), callable(f), f.__name__)
print(isinstance(1, 2))
