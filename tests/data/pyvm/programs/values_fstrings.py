# f-strings: FORMAT_VALUE with conversions and specs
x = 3.14159
n = 1234567
name = 'Ada'
print(f'{x}', f'{x:.2f}', f'{x:10.3f}|', f'{x:<10.1f}|', f'{x:e}', f'{x:g}')
print(f'{n:,}', f'{n:_}', f'{n:>12,}', f'{n:012,}', f'{-n:+,}', f'{n:x}', f'{n:#o}')
print(f'{name!r}', f'{name:>6}', f'{name:*^9}', f'{name:.2}', f'{name!r:>8}')
print(f'{0.5:%}', f'{0.125:.1%}', f'{1e-7}', f'{1e16}', f'{1.0:.3}', f'{100.0:.3}')
print(f'{True}', f'{True:d}', f'{True:>5}', f'{None}', f'{[1, 2]}', f'{(1,)}')
print(f'{65:c}', f'{255:08b}', f'{-0.0:z.1f}', f'{-1.5:.0f}', f'{2.5:.0f}', f'{3.5:.0f}')
w = 7
print(f'{n:{w}}|', f'{x:{w}.{2}f}|')
print(f'{x:d}')
