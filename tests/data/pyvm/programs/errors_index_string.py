# A string index past its end.
word = "warp"
for i in range(4):
    print(i, word[i], word[-1 - i])
print(word[10])
