if a:
    if b:
        c = 1
    d = 2
  # misaligned comment
e = 3
if f:
    g = 4
