def find(values, target):
    i = 0
    while i < len(values):
        if values[i] == target:
            print("found at", i)
            break
        i += 1
    else:
        print("not found")
    return i

find([1, 2, 3], 2)
find([1, 2, 3], 7)
n = 10
while n:
    n //= 2
else:
    print("done", n)
