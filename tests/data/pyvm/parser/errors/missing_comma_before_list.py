print("by size:" [w for w in words])
