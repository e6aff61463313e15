# Integer division by zero: an average over an empty list.
def average(values):
    return sum(values) / len(values)

batches = [[4, 8, 15], [16, 23, 42], [7]]
for batch in batches:
    print("batch", batch, "average", average(batch))
print("now an empty batch")
print(average([]))
