# and binds tighter than or; runs of one operator make one BoolOp.
a = x and y
b = x or y or z
c = x and y or z
d = x or y and z
e = not x and y
f = (x or y) and z
g = x and not y or not z
