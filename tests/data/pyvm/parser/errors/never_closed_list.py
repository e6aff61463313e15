values = [1, 2, 3
if values:
    pass
