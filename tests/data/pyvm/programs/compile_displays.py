empty_list = []
empty_tuple = ()
empty_dict = {}
one = [1]
two = [1, 2]
three = [1, 2, 3]
mixed = [1, "two", 3.0, None, True]
t = (1, 2, 3)
nested = ((1, 2), (3, 4))
x = 5
dynamic = [x, x + 1, x + 2]
tup = (x, 1)
print(empty_list, empty_tuple, empty_dict, one, two, three, mixed, t, nested, dynamic, tup)
d1 = {"a": 1, "b": 2}
d2 = {"a": x, "b": x * 2, "c": 3}
d3 = {x: 1, "k": 2}
d4 = {1: "one"}
print(d1, d2, d3, d4)
s1 = {1, 2, 3}
s2 = {x, 1}
print(sorted(s1), sorted(s2))
