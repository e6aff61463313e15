# Floor division by zero: tiles per row when the tile width is 0.
width = 1920
for tile in [64, 32, 16]:
    print(f"tile {tile}: {width // tile} tiles, {width % tile} left over")
tile = 0
print(width // tile)
