# Recursion without a base case runs out of stack.
def countdown(n):
    return countdown(n - 1)

def good_countdown(n):
    if n == 0:
        return "liftoff"
    return good_countdown(n - 1)

print(good_countdown(10))
print(good_countdown(500))
print(countdown(10))
