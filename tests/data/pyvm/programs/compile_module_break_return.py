for i in range(5):
    if i == 3:
        break
    print(i)
else:
    print("never")
for ch in "abc":
    pass
else:
    print("completed")
