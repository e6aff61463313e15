# a table of numbers in many formats
values = [0, 1, -1, 0.5, -0.25, 3.14159, 1234.5678, 1e-6, 1e22, 2 ** 40, -7]
for v in values:
    print(f'{v!r:>14} | {v:>12.3f} | {v:>12.3e} | {v:>10g} | {v:<8.2%} | {v:+,.1f}')
for v in [0.1, 0.25, 0.5, 1.5, 2.5, 1e15, 1e16, 123456789.0, 1 / 7]:
    print(v, str(v), repr(v), f'{v}', f'{v:.10}', f'{v:.1g}', round(v, 3), '%.3g' % v)
