# Euclid's algorithm, by subtraction and by remainder, and the least common multiple.
def gcd_subtract(a, b):
    steps = 0
    while a != b:
        if a > b:
            a = a - b
        else:
            b = b - a
        steps += 1
    return a, steps

def gcd(a, b):
    steps = 0
    while b != 0:
        a, b = b, a % b
        steps += 1
    return a, steps

def lcm(a, b):
    return a * b // gcd(a, b)[0]

pairs = [(48, 18), (1071, 462), (17, 5), (100, 75), (144, 89), (360, 84), (7, 7)]
for a, b in pairs:
    g1, s1 = gcd_subtract(a, b)
    g2, s2 = gcd(a, b)
    print(f"gcd({a}, {b}) = {g2}: {s1} subtractions, {s2} divisions; lcm = {lcm(a, b)}")

def gcd_recursive(a, b):
    return a if b == 0 else gcd_recursive(b, a % b)

print([gcd_recursive(n, 12) for n in range(1, 25)])
print("coprime with 10:", [n for n in range(1, 31) if gcd(n, 10)[0] == 1])
