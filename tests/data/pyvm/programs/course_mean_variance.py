# Mean, variance and standard deviation; the two-pass formula against E[x^2] - E[x]^2.
def mean(values):
    return sum(values) / len(values)

def variance(values):
    m = mean(values)
    return sum([(v - m) ** 2 for v in values]) / len(values)

def variance_naive(values):
    return mean([v * v for v in values]) - mean(values) ** 2

def sqrt_newton(x):
    if x == 0:
        return 0.0
    guess = x
    for _ in range(30):
        guess = 0.5 * (guess + x / guess)
    return guess

data = [2, 4, 4, 4, 5, 5, 7, 9]
print("data:", data)
print("mean:", mean(data))
print("variance:", variance(data))
print("std:", sqrt_newton(variance(data)))
print("naive variance:", variance_naive(data))
shifted = [v + 1e9 for v in data]
print("shifted two-pass:", variance(shifted))
print("shifted naive:", variance_naive(shifted))
scores = [71.5, 88.0, 93.25, 64.0, 79.75, 85.5]
m = mean(scores)
print(f"scores mean {m:.3f}, std {sqrt_newton(variance(scores)):.3f}")
for s in scores:
    z = (s - m) / sqrt_newton(variance(scores))
    print(f"{s:6.2f} z = {z:+.3f}")
print("median:", sorted(scores)[len(scores) // 2 - 1:len(scores) // 2 + 1])
