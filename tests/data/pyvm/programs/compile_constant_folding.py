a = 2 ** 10
b = 7 // 2, 7 % 3, -7 // 2, -7 % 3
c = 1.5 * 4
d = "ab" + "cd"
e = "xy" * 3
f = (1, 2) + (3,)
g = not 0
h = -(-5)
i = ~5
j = 1 << 10
k = 255 >> 4
m = 0xF0 | 0x0F
n = 10 / 4
o = 2 ** -1
p = "hello"[1]
q = (10, 20, 30)[-1]
r = 3 - 5 * 2
s = True + True
t = 6 & 3 ^ 1
print(a, b, c, d, e, f, g, h, i, j, k, m, n, o, p, q, r, s, t)
u = 1 / 0 if False else "no division"
print(u)
