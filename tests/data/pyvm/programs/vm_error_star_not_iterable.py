def show(*args):
    print(args)

show(*[1, 2])
show(*5)
