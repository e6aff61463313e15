# while and for, with else, break and continue.
while n > 0:
    n -= 1

while True:
    if done:
        break
    continue

while x:
    x -= 1
else:
    print("finished")

for i in range(10):
    if i % 2:
        continue
    print(i)
else:
    print("no break")

for key, value in table.items():
    pass

for x in 1, 2, 3:
    pass
