

# only comments

