learning_rate = 0.1

def step(weight):
    return weight - learning_rat * 2

step(1.0)
