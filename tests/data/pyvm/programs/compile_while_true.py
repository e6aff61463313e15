n = 0
while True:
    n += 1
    if n > 4:
        break
print(n)
def countdown(k):
    steps = []
    while 1:
        steps.append(k)
        k -= 1
        if k == 0:
            return steps
print(countdown(3))
