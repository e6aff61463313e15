# return at module level: the compiler rejects it before anything runs.
x = 1
print(x)
return x
