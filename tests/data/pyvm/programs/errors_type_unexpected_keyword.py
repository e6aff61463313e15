# A keyword argument the function does not have.
def launch(kernel, grid, block=256):
    return f"{kernel}<<<{grid}, {block}>>>"

print(launch("saxpy", 40))
print(launch("saxpy", 40, block=128))
print(launch("saxpy", 40, threads=128))
