if True:
    print("always")
if False:
    print("never")
else:
    print("else branch")
if 0:
    x = 1
elif "":
    x = 2
else:
    x = 3
print(x)
while False:
    print("no")
debug = __debug__
print(debug)
