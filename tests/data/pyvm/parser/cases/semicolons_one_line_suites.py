# Semicolons between simple statements and suites on the header's line.
a = 1; b = 2; c = 3
x = 1;
if x: y = 1
if x: y = 1; z = 2
if x: pass
else: y = 2
while x: x -= 1
for i in r: print(i); continue
def f(): return 1
if a: b;
