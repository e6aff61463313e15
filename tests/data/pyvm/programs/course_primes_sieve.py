# The sieve of Eratosthenes on a list of booleans, and trial division to check it.
def sieve(limit):
    is_prime = [True] * (limit + 1)
    is_prime[0] = False
    is_prime[1] = False
    p = 2
    while p * p <= limit:
        if is_prime[p]:
            for multiple in range(p * p, limit + 1, p):
                is_prime[multiple] = False
        p += 1
    return [n for n in range(limit + 1) if is_prime[n]]

def is_prime_trial(n):
    if n < 2:
        return False
    d = 2
    while d * d <= n:
        if n % d == 0:
            return False
        d += 1
    return True

primes = sieve(200)
print(primes)
print("count below 200:", len(primes))
print("agree with trial division:", primes == [n for n in range(201) if is_prime_trial(n)])
gaps = [b - a for a, b in zip(primes, primes[1:])]
print("largest gap:", max(gaps), "after", primes[gaps.index(max(gaps))])
twins = [(a, b) for a, b in zip(primes, primes[1:]) if b - a == 2]
print("twin primes:", twins[:8])
for limit in [10, 100, 1000, 5000]:
    print(f"pi({limit}) = {len(sieve(limit))}")
