counter = 0
history = []

def bump(amount):
    global counter
    counter += amount
    history.append(counter)

for step in [1, 2, 3]:
    bump(step)
print(counter, history)

def define_new():
    global brand_new
    brand_new = "created inside"

define_new()
print(brand_new)

def shadow():
    counter = 100
    return counter

print(shadow(), counter)
