def check(a, b, c):
    if a and b:
        return "both"
    if a or c:
        return "one"
    if not a and not b:
        return "neither"
    return "other"

print(check(1, 1, 0), check(1, 0, 0), check(0, 0, 1), check(0, 0, 0), check(0, 1, 0))
x = 5
if x > 0 and (x < 10 or x == 100) and not x == 7:
    print("in range")
while x > 0 and x % 2 == 1:
    x -= 2
print(x)
