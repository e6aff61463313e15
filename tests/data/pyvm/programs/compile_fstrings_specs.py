name = "Ada"
value = 3.14159
count = 42
print(f"{name}")
print(f"hello {name}!")
print(f"{value:.2f} {count:5d} {count:<6}|")
print(f"{name!r} {name!s:>8} {name!a}")
width = 10
print(f"{value:{width}.3f}|")
print(f"{count:#x} {count:08b} {count:,}")
print(f"{'nested'} {count + 1} {[1, 2][0]}")
print(f"{{literal}} {name}")
print(f"")
