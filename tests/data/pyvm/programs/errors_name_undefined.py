# Using a name that was never assigned.
learning_rate = 0.01
steps = 3
for step in range(steps):
    print("step", step, "lr", learning_rate)
print(momentum)
