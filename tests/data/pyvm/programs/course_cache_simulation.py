# A direct-mapped cache in a few lines: split each address into tag, index and offset.
LINE_BYTES = 16
LINES = 4

def split(address):
    offset = address % LINE_BYTES
    index = (address // LINE_BYTES) % LINES
    tag = address // (LINE_BYTES * LINES)
    return tag, index, offset

def simulate(addresses):
    tags = [None] * LINES
    hits = 0
    misses = 0
    for address in addresses:
        tag, index, offset = split(address)
        if tags[index] == tag:
            hits += 1
            outcome = "hit"
        else:
            misses += 1
            outcome = "miss" if tags[index] is None else "miss (evict tag " + str(tags[index]) + ")"
            tags[index] = tag
        print(f"  addr {address:4d} = 0x{address:03x}: tag {tag} index {index} offset {offset:2d} {outcome}")
    return hits, misses

print("sequential bytes 0..63 step 8:")
h, m = simulate(list(range(0, 64, 8)))
print("hits", h, "misses", m, f"hit rate {h / (h + m):.0%}")
print("two arrays that conflict:")
pattern = []
for i in range(0, 32, 8):
    pattern.append(i)
    pattern.append(i + LINE_BYTES * LINES)
h, m = simulate(pattern)
print("hits", h, "misses", m, f"hit rate {h / (h + m):.0%}")
print("loop over a small array twice:")
h, m = simulate(list(range(0, 48, 16)) * 2)
print("hits", h, "misses", m)
