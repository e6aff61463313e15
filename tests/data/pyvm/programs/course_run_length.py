# Run-length compression: store each run of equal items as (item, count), and expand it back.
def encode(text):
    runs = []
    i = 0
    while i < len(text):
        j = i
        while j < len(text) and text[j] == text[i]:
            j += 1
        runs.append((text[i], j - i))
        i = j
    return runs

def decode(runs):
    return "".join([ch * count for ch, count in runs])

def to_string(runs):
    return "".join([f"{count}{ch}" for ch, count in runs])

for text in ["aaabccddddd", "abc", "", "zzzzzzzzzzzz", "aabbaabb"]:
    runs = encode(text)
    packed = to_string(runs)
    print(f"{text!r:16} -> {packed!r:14} {len(text):2d} -> {len(packed):2d} chars, ok={decode(runs) == text}")
bits = [0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0]
runs = encode(bits)
print(runs)
print("zeros stored as runs:", [count for value, count in runs if value == 0])
