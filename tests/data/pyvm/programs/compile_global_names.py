counter = 0
names = []

def bump(step):
    global counter
    counter += step
    names.append(step)

def read():
    return counter * 2

global limit
limit = 3
for i in range(limit):
    bump(i)
print(counter, names, read(), limit)
