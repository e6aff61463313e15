# Assigning to a name anywhere in a function makes it local everywhere in that function.
total = 100

def add_to_total(x):
    print("adding", x)
    total = total + x
    return total

print("total is", total)
add_to_total(5)
