x = = 1
y = 5abc
