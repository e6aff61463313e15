def volume(width, height, depth):
    return width * height * depth

volume()
