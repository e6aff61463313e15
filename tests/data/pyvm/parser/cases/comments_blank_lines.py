# A comment on the first line.

x = 1  # a trailing comment


# Comments between statements.
def f():
    # a comment inside a block
    y = 2

    return y  # trailing


if x:
    pass
    # a comment at the end of a block
z = 3
