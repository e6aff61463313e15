def box(width, height=1, *, label="box", fill=" "):
    return f"{label}:{width}x{height}[{fill}]"

print(box(2))
print(box(2, 3))
print(box(width=4, height=5))
print(box(1, label="tiny"))
print(box(3, fill="#", label="wall"))
print(sorted([3, 1, 2], reverse=True))
print(int("ff", base=16))
