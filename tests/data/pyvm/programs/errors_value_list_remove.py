# Removing a value that is not in the list.
queue = [5, 3, 8, 3]
queue.remove(3)
print(queue)
queue.remove(8)
print(queue)
queue.remove(42)
