a = 'single'
b = "double"
c = 'it\'s'
d = "tab\there\n"
e = '''triple
spans lines'''
f = """doc "quoted" """
g = r'raw\d'
h = f"value {x:>10} {y!r}"
i = F'{a}' + rf"{b}\n" + u'u'
j = ''
k = """"""
l = 'backslash \
continued'
