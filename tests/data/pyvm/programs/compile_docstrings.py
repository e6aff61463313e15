"""Module docstring."""

def documented(x):
    """Doubles x."""
    return x * 2

def undocumented(x):
    y = x
    return y

def only_doc():
    "Only a docstring."

print(documented(2), undocumented(3), only_doc())
print(documented.__doc__)
