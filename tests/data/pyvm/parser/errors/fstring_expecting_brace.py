name = "Ada"
print(f"hello {name")
