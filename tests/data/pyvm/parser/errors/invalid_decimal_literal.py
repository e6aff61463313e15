x = 5abc
