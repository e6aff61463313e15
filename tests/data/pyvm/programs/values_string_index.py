word = 'hi'
print(word[0], word[1], word[-2])
print(word['0'])
