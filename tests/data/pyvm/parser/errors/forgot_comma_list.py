items = ["a" "b", "c" "d"
         "e" 4]
