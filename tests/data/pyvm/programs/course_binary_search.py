# Binary search: halve the interval each step; count the probes against a linear scan.
def binary_search(items, target):
    low, high = 0, len(items) - 1
    probes = 0
    while low <= high:
        mid = (low + high) // 2
        probes += 1
        if items[mid] == target:
            return mid, probes
        elif items[mid] < target:
            low = mid + 1
        else:
            high = mid - 1
    return -1, probes

def linear_search(items, target):
    for index, item in enumerate(items):
        if item == target:
            return index, index + 1
    return -1, len(items)

data = list(range(0, 1000, 3))
print("items:", len(data), "first:", data[:5], "last:", data[-3:])
for target in [0, 3, 501, 999, 997, 600, 1000, -5]:
    index, probes = binary_search(data, target)
    lin_index, lin_probes = linear_search(data, target)
    print(f"target {target:4d}: index {index:4d}, {probes:2d} probes (linear: {lin_probes})")
    if index != lin_index:
        print("MISMATCH")
print("max probes for", len(data), "items:", max([binary_search(data, t)[1] for t in data]))
