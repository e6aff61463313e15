# Expressions over several lines: brackets and backslashes.
total = (1 +
         2 +
         3)
result = some_function(
    first_argument,
    key=value,
    *rest,
    **options,
)
matrix = [
    [1, 2],
    [3, 4],
]
x = 1 + \
    2
if (a and
        b):
    pass
value = {
    "a": 1,
    "b": [
        2,
        3,
    ],
}
call = f(a)(
    b
)[
    0
].attr
