xs = []
xs.append(1)
xs.append(2)
xs.extend([3, 4])
print(xs)
print("a,b,c".split(","))
print(", ".join(["x", "y"]))
text = "  Hello World  "
print(text.strip().lower().replace("world", "there"))
d = {"k": 1}
print(d.get("k"), d.get("missing", 0))
print("{} + {} = {}".format(1, 2, 3))
print(xs.index(3), xs.count(1))
xs.sort(reverse=True)
print(xs)
