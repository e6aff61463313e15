# list.index of a value that is not in the list.
primes = [2, 3, 5, 7, 11]
print(primes.index(5), primes.index(11))
print(primes.index(4))
