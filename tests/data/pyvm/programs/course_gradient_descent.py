# Fitting y = w x + b by gradient descent on mean squared error: the training loop in miniature.
xs = [0.0, 1.0, 2.0, 3.0, 4.0, 5.0]
ys = [1.1, 2.9, 5.2, 7.1, 8.8, 11.2]

def predict(w, b, x):
    return w * x + b

def loss(w, b):
    errors = [(predict(w, b, x) - y) ** 2 for x, y in zip(xs, ys)]
    return sum(errors) / len(errors)

w, b = 0.0, 0.0
learning_rate = 0.02
n = len(xs)
for epoch in range(201):
    grad_w = 0.0
    grad_b = 0.0
    for x, y in zip(xs, ys):
        error = predict(w, b, x) - y
        grad_w += 2 * error * x / n
        grad_b += 2 * error / n
    w -= learning_rate * grad_w
    b -= learning_rate * grad_b
    if epoch % 25 == 0:
        print(f"epoch {epoch:3d}: w={w:.4f} b={b:.4f} loss={loss(w, b):.5f}")
print("final:", round(w, 3), round(b, 3))
print("predict x=10:", round(predict(w, b, 10.0), 2))
