def level_three(values):
    return values[10]

def level_two(values):
    return level_three(values) + 1

def level_one():
    data = [1, 2, 3]
    return level_two(data)

print("before")
level_one()
