# Unpacking two values into three names.
r, g, b = [255, 128, 0]
print(r, g, b)
r, g, b = [255, 128]
