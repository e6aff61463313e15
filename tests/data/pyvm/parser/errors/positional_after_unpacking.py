f(**options, 2)
