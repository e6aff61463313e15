None = 0
