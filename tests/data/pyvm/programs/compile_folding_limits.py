big = 2 ** 62
small = 2 ** 8
long_text = "a" * 5000
short_text = "ab" * 3
neg = -2 ** 2
print(big, small, len(long_text), short_text, neg)
mixed = 1 + 2.5
print(mixed)
