for i in range(3):
    pass
else:
print(i)
