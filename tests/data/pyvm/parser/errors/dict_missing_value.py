point = {"x": }
