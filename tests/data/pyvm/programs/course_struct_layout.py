# C struct layout by hand: each field aligned to its size, the struct padded to its largest.
def align_up(offset, alignment):
    return (offset + alignment - 1) // alignment * alignment

def layout(fields):
    offset = 0
    largest = 1
    rows = []
    for name, size in fields:
        start = align_up(offset, size)
        padding = start - offset
        rows.append((name, size, start, padding))
        offset = start + size
        largest = max(largest, size)
    total = align_up(offset, largest)
    return rows, total, total - offset

def show(title, fields):
    rows, total, tail = layout(fields)
    print(title)
    for name, size, start, padding in rows:
        note = f" (after {padding} padding bytes)" if padding else ""
        print(f"  {name:<6} size {size} at offset {start:2d}{note}")
    print(f"  sizeof = {total}, tail padding {tail}, payload {sum([s for _, s in fields])}")

show("struct A { char c; int i; char d; }", [("c", 1), ("i", 4), ("d", 1)])
show("struct B { int i; char c; char d; }", [("i", 4), ("c", 1), ("d", 1)])
show("struct C { char c; double x; short s; }", [("c", 1), ("x", 8), ("s", 2)])
sorted_fields = sorted([("c", 1), ("x", 8), ("s", 2)], key=lambda f: -f[1])
show("struct C sorted by size", sorted_fields)
for address in [0, 1, 7, 8, 13, 64, 100]:
    print(address, "aligned to 8:", align_up(address, 8), "to 64:", align_up(address, 64), "mask:", address & ~7)
