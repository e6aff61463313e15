# if, elif chains (each a nested If) and else.
if x:
    a = 1

if x:
    a = 1
else:
    a = 2

if x < 0:
    sign = -1
elif x == 0:
    sign = 0
elif x > 100:
    sign = 2
else:
    sign = 1

if a:
    if b:
        c = 1
    else:
        c = 2
