# An if with nothing indented under it.
x = 5
if x > 3:
print("big")
