# Concatenating a str and an int.
layer = 3
print("layer " + str(layer))
print("name: " + "attn")
print("layer " + layer)
