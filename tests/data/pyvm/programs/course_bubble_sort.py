# Bubble sort with a swap counter and an early exit when a pass swaps nothing.
def bubble_sort(items):
    items = list(items)
    n = len(items)
    swaps = 0
    passes = 0
    for i in range(n - 1):
        swapped = False
        passes += 1
        for j in range(n - 1 - i):
            if items[j] > items[j + 1]:
                items[j], items[j + 1] = items[j + 1], items[j]
                swaps += 1
                swapped = True
        print(f"  pass {passes}: {items}")
        if not swapped:
            break
    return items, swaps, passes

for data in [[5, 1, 4, 2, 8], [1, 2, 3, 4, 5], [9, 7, 5, 3, 1], [3, 3, 1, 2]]:
    print("sorting", data)
    result, swaps, passes = bubble_sort(data)
    print("->", result, "swaps:", swaps, "passes:", passes, "ok:", result == sorted(data))
words = ["pear", "fig", "apple", "kiwi"]
print(bubble_sort(words)[0])
