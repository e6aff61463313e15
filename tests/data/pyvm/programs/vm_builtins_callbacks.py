words = ["pear", "fig", "banana", "kiwi"]
print(sorted(words, key=len))
print(sorted(words, key=lambda w: w[-1]))
print(max(words, key=len), min(words, key=len))
print(list(map(lambda w: w.upper(), words)))
print(list(filter(lambda w: len(w) > 3, words)))

def weight(word):
    return -len(word)

print(sorted(words, key=weight))
