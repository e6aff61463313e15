pi = 3.14159
name = "vm"
print(f"{pi:.2f} {name!r} {name:>5} {42:08b} {1234567:,}")
print(f"{'nested'}{pi!s:>10}")
width = 7
print(f"{name:{width}}|")
print(f"{3 + 4 = }".replace(" ", ""))
