def accumulator():
    total = 0
    history = []
    def add(value):
        nonlocal total
        total += value
        history.append(total)
        return total
    def reset():
        nonlocal total
        total = 0
    add(5)
    add(7)
    reset()
    add(1)
    return total, history

print(accumulator())
