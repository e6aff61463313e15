# match, case and _ are names outside match statements; print is an ordinary function.
match = 1
case = match + 1
_ = case
print(match, case, _)
match.attr = 2
print
