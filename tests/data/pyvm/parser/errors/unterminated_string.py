text = "unclosed
