# The named constants and the ellipsis.
t = True
f = False
n = None
e = ...
flags = [True, False, None, ...]
