# int() of text that is not a number.
for text in ["42", "-7", " 13 ", "0"]:
    print(repr(text), "->", int(text))
print(int("x"))
