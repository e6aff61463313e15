def grade(score):
    if score >= 90:
        letter = "A"
    elif score >= 80:
        letter = "B"
    elif score >= 70:
        letter = "C"
    else:
        letter = "F"
    return letter

for s in [95, 85, 75, 10]:
    print(s, grade(s))
x = 3
if x == 1:
    print("one")
elif x == 2:
    print("two")
else:
    if x > 2:
        print("many")
