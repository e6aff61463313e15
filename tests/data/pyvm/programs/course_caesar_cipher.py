# Characters are numbers: ord/chr, a Caesar cipher and a checksum over the code points.
def shift_letter(ch, key):
    if "a" <= ch <= "z":
        return chr((ord(ch) - ord("a") + key) % 26 + ord("a"))
    if "A" <= ch <= "Z":
        return chr((ord(ch) - ord("A") + key) % 26 + ord("A"))
    return ch

def caesar(text, key):
    return "".join([shift_letter(ch, key) for ch in text])

message = "Attack the Memory Wall at Dawn!"
secret = caesar(message, 3)
print(secret)
print(caesar(secret, -3))
print(caesar(message, 13) == caesar(caesar(message, 26), 13))
for key in range(0, 26, 5):
    print(key, caesar("xyz ABC", key))
print([ord(c) for c in "AZaz09 "])
print("".join([chr(c) for c in [72, 101, 108, 108, 111]]))
checksum = 0
for ch in message:
    checksum = (checksum * 31 + ord(ch)) % 65521
print("checksum:", checksum)
print("é is", ord("é"), "π is", ord("π"), chr(960), chr(8364))
print("hex codes:", " ".join([f"{ord(c):02x}" for c in "GPU"]))
