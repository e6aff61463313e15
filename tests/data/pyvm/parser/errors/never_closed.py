total = (1 +
         2
print(total)
