def make():
    fs = []
    for i in range(3):
        fs.append(lambda: i * 10)
    return fs

print([f() for f in make()])

def cell_argument(value):
    def get():
        return value
    value = value * 2
    return get

print(cell_argument(21)())
