# f-strings: fields, doubled braces, prefixes and joining with plain strings.
name = "Ada"
a = f"hello {name}"
b = f"{a}{b}"
c = f"{{literal}} {x} }}{{"
d = F"upper {x}"
e = rf"raw \n {x}"
g = fr'{x}\t'
h = f""
i = "plain " f"{x}" " tail"
j = f"{x + 1} and {f(y)} and {z['k']}"
k = f'{"quoted"}'
l = f"{x if x else y}"
m = f"{a, b}"
n = u"kind" f"{x}"
o = f"{x!r} {y!s} {z!a}"
