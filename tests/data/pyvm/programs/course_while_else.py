# while loops with break, continue and else: search that either finds or falls through.
def find_first_divisor(n):
    d = 2
    while d * d <= n:
        if n % d == 0:
            print(f"  {n}: divisor {d} found")
            break
        d += 1
    else:
        print(f"  {n}: no divisor, prime")
        return None
    return d

for n in [91, 97, 221, 223, 1024]:
    find_first_divisor(n)

count = 0
n = 27
while n != 1:
    n = n // 2 if n % 2 == 0 else 3 * n + 1
    count += 1
print("Collatz steps from 27:", count)

i = 0
odd_sum = 0
while i < 20:
    i += 1
    if i % 2 == 0:
        continue
    odd_sum += i
print("sum of odd numbers to 20:", odd_sum)

for word in ["cache", "tensor", "warp"]:
    for letter in word:
        if letter == "z":
            break
    else:
        print(word, "has no z")

attempts = 0
while True:
    attempts += 1
    if attempts * attempts > 50:
        break
print("first square above 50:", attempts, attempts * attempts)
k = 10
while k > 0:
    k -= 3
else:
    print("loop ended normally at k =", k)
