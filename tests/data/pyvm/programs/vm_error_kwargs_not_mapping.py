def show(**kwargs):
    print(kwargs)

show(**{"a": 1})
show(**[1, 2])
