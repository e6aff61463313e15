# def with positional, default, *args, keyword-only, **kwargs and positional-only parameters.
def nothing():
    pass

def one(a):
    return a

def defaults(a, b=2, c=3):
    return a + b + c

def star(*args):
    return args

def keywords(a, *, key, other=None):
    return key

def everything(a, /, b, c=1, *args, d, e=2, **kwargs):
    return

def positional_only(a, b, /):
    return a

def with_default_slash(a=1, /, b=2):
    return a

def kwargs_only(**options):
    return options

def outer():
    def inner():
        return 1
    return inner()
