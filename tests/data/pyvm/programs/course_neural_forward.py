# A tiny two-layer network forward pass with plain lists: weights, bias, ReLU, softmax.
# exp() without imports: reduce x by halving until small, a Taylor series, then square back.
def exp_approx(x):
    halvings = 0
    while x > 0.5 or x < -0.5:
        x = x / 2
        halvings += 1
    term = 1.0
    total = 1.0
    for k in range(1, 12):
        term = term * x / k
        total += term
    for _ in range(halvings):
        total = total * total
    return total

def relu(values):
    return [v if v > 0 else 0.0 for v in values]

def dense(weights, bias, inputs):
    outputs = []
    for row, b in zip(weights, bias):
        acc = b
        for w, x in zip(row, inputs):
            acc += w * x
        outputs.append(acc)
    return outputs

def softmax(logits):
    largest = max(logits)
    exps = [exp_approx(z - largest) for z in logits]
    total = sum(exps)
    return [e / total for e in exps]

w1 = [[0.2, -0.5, 1.0], [1.5, 0.3, -0.2], [-0.7, 0.8, 0.4], [0.1, 0.1, 0.1]]
b1 = [0.1, 0.0, -0.2, 0.05]
w2 = [[1.0, -1.0, 0.5, 0.2], [-0.3, 0.6, 1.2, -0.4], [0.4, 0.4, -0.9, 1.1]]
b2 = [0.0, 0.1, -0.1]

print("exp(1) ~", exp_approx(1.0))
print("exp(-2) ~", round(exp_approx(-2.0), 12))
for sample in [[1.0, 2.0, 3.0], [0.5, -1.0, 0.0], [-2.0, 0.25, 1.5]]:
    hidden = dense(w1, b1, sample)
    print("input:", sample)
    print("  pre-activation:", [round(h, 4) for h in hidden])
    activated = relu(hidden)
    print("  relu:", [round(h, 4) for h in activated])
    logits = dense(w2, b2, activated)
    probs = softmax(logits)
    print("  logits:", [f"{z:.4f}" for z in logits])
    print("  probabilities:", [f"{p:.4f}" for p in probs])
    print(f"  sum = {sum(probs):.6f}, predicted class = {probs.index(max(probs))}")
