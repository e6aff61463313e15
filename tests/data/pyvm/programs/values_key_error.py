inventory = {'apples': 3}
inventory['pears'] = inventory.get('pears', 0) + 1
print(inventory)
print(inventory['bananas'])
