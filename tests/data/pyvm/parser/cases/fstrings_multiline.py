# f-strings over several lines: triple quotes and implicit joining in parentheses.
report = f"""total: {total}
mean: {mean:.2f}
  {name!r}"""
joined = (f"first {a}"
          f"second {b}")
nested = f"{f'{inner}'}"
wrapped = f'''
{
value}'''
