scores = []
print(max(scores, default=None))
print(max(scores))
