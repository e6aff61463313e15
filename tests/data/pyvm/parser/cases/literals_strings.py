# Quotes, prefixes, escapes and adjacent literals joined into one constant.
single = 'it\'s'
double = "say \"hi\""
empty = ''
triple = '''one
two'''
raw = r'\n stays \d'
unicode = u'prefixed'
upper = U'no kind' R'raw'
escapes = "\\ \' \" \a \b \f \n \r \t \v"
octal = "\101\60\0"
hexes = "\x41\u00e9\U0001F600"
unknown = "\d\q"
joined = "ab" 'cd' """ef"""
kinds = u"a" "b"
mixed = "a" u"b"
continued = "line \
next"
