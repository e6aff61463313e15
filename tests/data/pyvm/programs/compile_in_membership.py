vowels = "aeiou"
word = "education"
print([ch for ch in word if ch in vowels])
print(3 in [1, 2, 3], 4 not in [1, 2, 3])
print("b" in ("a", "b"), 2 in {1, 2, 3})
x = 2
if x in [1, 2, 3]:
    print("small")
if x not in {4, 5}:
    print("not four or five")
def check(v, group):
    return v in group
print(check(1, [x, 1]))
