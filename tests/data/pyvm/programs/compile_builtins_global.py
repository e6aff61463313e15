def stats(values):
    return min(values), max(values), sum(values), len(values)

def sorted_copy(values):
    return sorted(values, reverse=True)

data = [5, 3, 8, 1]
print(stats(data), sorted_copy(data), abs(-3), round(2.567, 2))
print(list(map(str, data)), list(zip(data, "abcd")))
