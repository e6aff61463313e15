# Calling a function with an argument missing.
def area(width, height):
    return width * height

print(area(3, 4))
print(area(width=5, height=2))
print(area(7))
