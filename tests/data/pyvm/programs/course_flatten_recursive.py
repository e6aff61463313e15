# Recursion over nested lists: flatten, depth and sum, using isinstance to tell lists apart.
def flatten(item):
    if not isinstance(item, list):
        return [item]
    result = []
    for child in item:
        result.extend(flatten(child))
    return result

def depth(item):
    if not isinstance(item, list):
        return 0
    if not item:
        return 1
    return 1 + max([depth(child) for child in item])

def nested_sum(item):
    if isinstance(item, list):
        return sum([nested_sum(child) for child in item])
    return item

tensors = [
    [1, 2, 3],
    [[1, 2], [3, 4]],
    [[[1], [2]], [[3], [4]]],
    [1, [2, [3, [4, [5]]]]],
    [],
    [[], [[]], 7],
]
for t in tensors:
    print(f"{t!s:30} flat={flatten(t)} depth={depth(t)} sum={nested_sum(t)}")

def shape(t):
    dims = []
    while isinstance(t, list):
        dims.append(len(t))
        t = t[0] if t else None
    return tuple(dims)

for t in tensors[:3]:
    print("shape", shape(t))
print(isinstance(3, int), isinstance(3.0, int), isinstance(True, int), isinstance("x", (int, str)))
