# Insertion sort: shift larger items right, then drop the key into the gap.
def insertion_sort(items):
    items = items[:]
    shifts = 0
    for i in range(1, len(items)):
        key = items[i]
        j = i - 1
        while j >= 0 and items[j] > key:
            items[j + 1] = items[j]
            j -= 1
            shifts += 1
        items[j + 1] = key
        print(f"i={i} key={key!r}: {items}")
    return items, shifts

data = [31, 41, 59, 26, 41, 58]
result, shifts = insertion_sort(data)
print("sorted:", result, "shifts:", shifts)
floats = [2.5, -1.0, 3.25, 0.0, -7.5]
print(insertion_sort(floats)[0])
letters = list("sorting")
print("".join(insertion_sort(letters)[0]))
print("original untouched:", data)
