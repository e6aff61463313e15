s = "Hello"
t = s + ", " + "World"
print(t, len(t), t[0], t[-1], t.upper())
print("-" * 10)
print("%s has %d chars" % (s, len(s)))
print("%s and %r" % (s, s))
print("%5s|%-5s|" % ("ab", "cd"))
print("value: %s" % s)
print("%.3s" % ("abcdef",))
print("100%% %s" % ("done",))
