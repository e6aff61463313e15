print(f"a } b")
