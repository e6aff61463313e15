n = 12345
print(str(n)[0], str(n)[-1])
print(n[0])
