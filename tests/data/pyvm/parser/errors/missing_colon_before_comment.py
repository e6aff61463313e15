if x  # check the sign
    pass
