def configure(name, *, size, color):
    return name, size, color

configure("box")
