items = [3, 1, 2]
items.apend(4)
