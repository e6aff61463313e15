# A line indented for no reason.
x = 1
    y = 2
print(x + y)
