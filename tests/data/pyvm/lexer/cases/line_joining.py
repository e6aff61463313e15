values = [1,
          2,
    3]
mapping = {
    "a": (1, 2),
}
total = 1 + \
    2
if (a and
b):
    pass
