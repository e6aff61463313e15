def walk(node):
    total = 0
    for child in [node + 1]:
        total += walk(child)
    return total

walk(0)
