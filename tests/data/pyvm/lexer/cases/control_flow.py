for i in range(10):
    if i % 2 == 0:
        continue
    else:
        print(i, end=" ")
else:
    pass
while True: break
