# Word counts with a dict, split/join, and sorting by count then alphabetically.
text = """the cache holds the lines that the processor used most recently
a miss goes to memory and the line comes back into the cache
the bigger the cache the fewer the misses but the slower the hits"""

words = text.split()
print("words:", len(words), "characters:", len(text), "lines:", len(text.split("\n")))
counts = {}
for word in words:
    counts[word] = counts.get(word, 0) + 1
print("distinct:", len(counts))
by_count = sorted(counts.items(), key=lambda item: (-item[1], item[0]))
for word, count in by_count[:6]:
    print(f"{word:>10} {count:2d} {'#' * count}")
print("first seen order:", list(counts)[:8])
print("alphabetical:", ", ".join(sorted(counts)[:10]))
lengths = {}
for word in words:
    lengths.setdefault(len(word), []).append(word)
for length in sorted(lengths):
    print(length, sorted(lengths[length]))
print(" ".join([w.upper() if counts[w] > 2 else w for w in words[:12]]))
print("-".join(reversed(words[:5])))
print(text.replace("cache", "CACHE").split("\n")[0])
print("longest word:", max(words, key=len))
print("title:", "the tiny cache".title(), "|", "  padded  ".strip() + "|")
