stack = []
stack.append(1)
stack.append(2)
stack.extend([3, 4])
print(stack.pop(), stack)
text = "Hello, World"
print(text.lower().split(", "))
print(", ".join(["a", "b"]))
counts = {}
for ch in "banana":
    counts[ch] = counts.get(ch, 0) + 1
print(counts, list(counts.items()))
