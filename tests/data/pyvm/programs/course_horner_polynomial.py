# Evaluating polynomials: the naive sum of powers against Horner's rule, counting multiplies.
def naive(coefficients, x):
    total = 0
    multiplies = 0
    for power, c in enumerate(coefficients):
        term = c
        for _ in range(power):
            term = term * x
            multiplies += 1
        total += term
    return total, multiplies

def horner(coefficients, x):
    total = 0
    multiplies = 0
    for c in reversed(coefficients):
        total = total * x + c
        multiplies += 1
    return total, multiplies

poly = [5, -3, 0, 2, 1]  # 5 - 3x + 2x^3 + x^4
for x in [-2, -1, 0, 1, 2, 3, 0.5]:
    a, ma = naive(poly, x)
    b, mb = horner(poly, x)
    print(f"p({x}) = {a} = {b}; multiplies {ma} vs {mb}")
print("sqrt(2) by Newton on x^2 - 2:")
x = 1.0
for step in range(6):
    x = x - (x * x - 2) / (2 * x)
    print(step, x)
