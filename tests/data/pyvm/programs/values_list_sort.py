# sort and sorted: stability, key, reverse
words = ['banana', 'Apple', 'cherry', 'apple', 'Banana', 'date']
print(sorted(words))
print(sorted(words, key=len))
print(sorted(words, key=str.lower) if False else sorted(words, key=lambda w: w.lower()))
print(sorted(words, key=len, reverse=True))
pairs = [(2, 'b'), (1, 'z'), (2, 'a'), (1, 'y')]
print(sorted(pairs), sorted(pairs, key=lambda p: p[0]), sorted(pairs, reverse=True))
nums = [5, 2.5, -1, True, 0, 3]
nums.sort()
print(nums)
nums.sort(reverse=True)
print(nums)
print(sorted('hello'), sorted({3: 'a', 1: 'b'}), sorted((3, 1, 2), reverse=True))
big = [(i * 7919) % 101 for i in range(100)]
print(sorted(big)[:10], sorted(big, reverse=True)[:5])
print(sorted([1, 'a', 2]))
