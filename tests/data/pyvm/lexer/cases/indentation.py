def outer():
    def inner():
        if True:
            return 1
    return inner


# comment only
   # indented comment

class A:
	pass
while x:
    x -= 1  # trailing comment
