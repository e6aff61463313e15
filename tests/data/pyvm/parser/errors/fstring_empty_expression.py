print(f"{}")
