a += 1; a -= 1; a *= 2; a /= 2; a //= 2; a %= 2; a **= 2
a @= b; a &= b; a |= b; a ^= b; a >>= 1; a <<= 1
x = a + b - c * d / e // f % g ** h @ m
y = a & b | c ^ ~d << 1 >> 2
z = a < b <= c > d >= e == f != g
def f(x) -> int: ...
(n := 10)
s = t[1:2, ::3]; u = {k: v for k, v in w.items()}
