total = 10

def update():
    total = total + 1
    return total

update()
