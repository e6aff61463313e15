# str: indexing, slicing, repetition, membership, len on non-ASCII
s = 'Hello, World'
print(s[0], s[-1], s[7:], s[:5], s[::2], s[::-1], s[2:9:3], s[100:], len(s))
u = 'héllo wörld ☃'
print(u[1], u[-1], u[1:4], u[::-1], len(u), u.upper(), u.title())
print('ab' * 3, 3 * 'xy', 'a' + 'b', 'ell' in s, 'z' not in s, '' in s)
print(repr('it\'s'), repr("say \"hi\""), repr('both \' and "'), repr('tab\tnew\nline\\'))
print(str(42), str(4.0), str([1, 'a']), repr('x'), ascii('é☃'))
print(ord('A'), ord('é'), chr(65), chr(9731), chr(0x1F600) == '\U0001F600')
for ch in 'abc':
    print(ch, end=' ')
print()
print('-'.join(['a', 'b', 'c']), ''.join(reversed('stressed')), ' '.join('abc'))
print(s[20])
