# Parsing a small CSV table by hand: split, strip, convert, then report with join.
table = """name, layer, params, dtype
embed, 0, 4096, fp16
attn_q, 1, 16384, fp16
attn_k, 1, 16384, fp16
mlp_up, 2, 65536, bf16
mlp_down, 2, 65536, bf16
head, 3, 4096, fp32"""

lines = table.split("\n")
header = [field.strip() for field in lines[0].split(",")]
print("columns:", header)
rows = []
for line in lines[1:]:
    fields = [field.strip() for field in line.split(",")]
    row = dict(zip(header, fields))
    row["layer"] = int(row["layer"])
    row["params"] = int(row["params"])
    rows.append(row)
bytes_per = {"fp16": 2, "bf16": 2, "fp32": 4}
for row in rows:
    size = row["params"] * bytes_per[row["dtype"]]
    print(f"{row['name']:<9}{row['layer']:>2} {row['params']:>7,} {row['dtype']} {size / 1024:7.1f} KiB")
print("total params:", sum([row["params"] for row in rows]))
print("names:", "|".join([row["name"] for row in rows]))
print("attention layers:", [r["name"] for r in rows if r["name"].startswith("attn")])
print("ends with _down:", [r["name"] for r in rows if r["name"].endswith("_down")])
sentence = "  Memory Bandwidth  is   the LIMIT  "
print(repr(sentence.strip()), repr(sentence.lower()), sentence.split())
print(" ".join(sentence.split()).capitalize())
print("find:", sentence.find("is"), sentence.find("xyz"), sentence.count(" "))
print("rsplit:", "a.b.c.d".rsplit(".", 1), "partition:", "key=value=x".partition("="))
print("zfill:", "42".zfill(6), "-7".zfill(4), "center:", "mid".center(9, "*"))
print("isdigit:", "123".isdigit(), "12a".isdigit(), "isalpha:", "abc".isalpha())
print("ljust/rjust:", "[" + "ab".ljust(5) + "]", "[" + "ab".rjust(5, ".") + "]")
