first, *rest, last = [1]
