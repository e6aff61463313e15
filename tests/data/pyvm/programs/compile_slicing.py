s = "abcdefgh"
print(s[1:4], s[:3], s[5:], s[::2], s[::-1], s[1:7:3])
nums = list(range(10))
print(nums[2:-2])
nums[1:3] = [100, 200, 300]
print(nums)
del nums[0:2]
print(nums)
del nums[-1]
print(nums)
i, j = 2, 5
print(nums[i:j], nums[i:], nums[:j])
