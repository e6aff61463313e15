a, b c = 1, 2
