# Modulo by zero: a bank index computed with a bank count of 0.
def bank_of(address, banks):
    return address % banks

for banks in [32, 16, 8]:
    print(banks, "banks:", [bank_of(a, banks) for a in range(0, 160, 20)])
banks = 0
print("address 100 in bank", bank_of(100, banks))
