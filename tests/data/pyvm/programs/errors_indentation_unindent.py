# Dedenting to a column that matches no enclosing block.
def f(x):
    if x:
        return 1
  return 0
