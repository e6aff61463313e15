for n in range(2, 20):
    for d in range(2, n):
        if n % d == 0:
            break
    else:
        print(n, "is prime")

i = 0
while i < 10:
    i += 1
    if i % 2 == 0:
        continue
    if i > 7:
        break
    print("odd", i)
else:
    print("never printed")

j = 0
while j < 3:
    j += 1
else:
    print("while else ran", j)

for x in []:
    print("nothing")
else:
    print("empty for else")
