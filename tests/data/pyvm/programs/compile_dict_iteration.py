scores = {"ada": 90, "bob": 72, "cy": 85}
for name, score in scores.items():
    print(name, score)
best = max(scores, key=lambda k: scores[k])
print(best)
inverted = {}
for k in scores:
    inverted[scores[k]] = k
print(sorted(inverted))
counts = {}
for ch in "banana":
    counts[ch] = counts.get(ch, 0) + 1
print(counts)
