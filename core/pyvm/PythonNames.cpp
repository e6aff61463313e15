// Generated from CPython 3.11.7 (python3.11): the builtins namespace in its dict order, and
// dir() of the builtin types, which CPython's suggestions search (Python/suggestions.c).
#include "pyvm/PythonNames.h"

namespace mlsyslab::pyvm {

const std::vector<std::string_view>& cpythonBuiltinNames() {
    static const std::vector<std::string_view> names = {
        "__name__", "__doc__", "__package__", "__loader__", "__spec__", "__build_class__",
        "__import__", "abs", "all", "any", "ascii", "bin", "breakpoint", "callable", "chr",
        "compile", "delattr", "dir", "divmod", "eval", "exec", "format", "getattr", "globals",
        "hasattr", "hash", "hex", "id", "input", "isinstance", "issubclass", "iter", "aiter",
        "len", "locals", "max", "min", "next", "anext", "oct", "ord", "pow", "print", "repr",
        "round", "setattr", "sorted", "sum", "vars", "None", "Ellipsis", "NotImplemented", "False",
        "True", "bool", "memoryview", "bytearray", "bytes", "classmethod", "complex", "dict",
        "enumerate", "filter", "float", "frozenset", "property", "int", "list", "map", "object",
        "range", "reversed", "set", "slice", "staticmethod", "str", "super", "tuple", "type",
        "zip", "__debug__", "BaseException", "BaseExceptionGroup", "Exception", "GeneratorExit",
        "KeyboardInterrupt", "SystemExit", "ArithmeticError", "AssertionError", "AttributeError",
        "BufferError", "EOFError", "ImportError", "LookupError", "MemoryError", "NameError",
        "OSError", "ReferenceError", "RuntimeError", "StopAsyncIteration", "StopIteration",
        "SyntaxError", "SystemError", "TypeError", "ValueError", "Warning", "FloatingPointError",
        "OverflowError", "ZeroDivisionError", "BytesWarning", "DeprecationWarning",
        "EncodingWarning", "FutureWarning", "ImportWarning", "PendingDeprecationWarning",
        "ResourceWarning", "RuntimeWarning", "SyntaxWarning", "UnicodeWarning", "UserWarning",
        "BlockingIOError", "ChildProcessError", "ConnectionError", "FileExistsError",
        "FileNotFoundError", "InterruptedError", "IsADirectoryError", "NotADirectoryError",
        "PermissionError", "ProcessLookupError", "TimeoutError", "IndentationError", "IndexError",
        "KeyError", "ModuleNotFoundError", "NotImplementedError", "RecursionError",
        "UnboundLocalError", "UnicodeError", "BrokenPipeError", "ConnectionAbortedError",
        "ConnectionRefusedError", "ConnectionResetError", "TabError", "UnicodeDecodeError",
        "UnicodeEncodeError", "UnicodeTranslateError", "ExceptionGroup", "EnvironmentError",
        "IOError", "open", "quit", "exit", "copyright", "credits", "license", "help",
    };
    return names;
}

const std::vector<std::string_view>* cpythonDir(std::string_view typeName) {
    // bool adds no attribute of its own: dir(bool) == dir(int) in CPython 3.11.
    if (typeName == "int" || typeName == "bool") {
        static const std::vector<std::string_view> names = {
            "__abs__", "__add__", "__and__", "__bool__", "__ceil__", "__class__", "__delattr__",
            "__dir__", "__divmod__", "__doc__", "__eq__", "__float__", "__floor__", "__floordiv__",
            "__format__", "__ge__", "__getattribute__", "__getnewargs__", "__getstate__", "__gt__",
            "__hash__", "__index__", "__init__", "__init_subclass__", "__int__", "__invert__",
            "__le__", "__lshift__", "__lt__", "__mod__", "__mul__", "__ne__", "__neg__", "__new__",
            "__or__", "__pos__", "__pow__", "__radd__", "__rand__", "__rdivmod__", "__reduce__",
            "__reduce_ex__", "__repr__", "__rfloordiv__", "__rlshift__", "__rmod__", "__rmul__",
            "__ror__", "__round__", "__rpow__", "__rrshift__", "__rshift__", "__rsub__",
            "__rtruediv__", "__rxor__", "__setattr__", "__sizeof__", "__str__", "__sub__",
            "__subclasshook__", "__truediv__", "__trunc__", "__xor__", "as_integer_ratio",
            "bit_count", "bit_length", "conjugate", "denominator", "from_bytes", "imag",
            "numerator", "real", "to_bytes",
        };
        return &names;
    }
    if (typeName == "float") {
        static const std::vector<std::string_view> names = {
            "__abs__", "__add__", "__bool__", "__ceil__", "__class__", "__delattr__", "__dir__",
            "__divmod__", "__doc__", "__eq__", "__float__", "__floor__", "__floordiv__",
            "__format__", "__ge__", "__getattribute__", "__getformat__", "__getnewargs__",
            "__getstate__", "__gt__", "__hash__", "__init__", "__init_subclass__", "__int__",
            "__le__", "__lt__", "__mod__", "__mul__", "__ne__", "__neg__", "__new__", "__pos__",
            "__pow__", "__radd__", "__rdivmod__", "__reduce__", "__reduce_ex__", "__repr__",
            "__rfloordiv__", "__rmod__", "__rmul__", "__round__", "__rpow__", "__rsub__",
            "__rtruediv__", "__setattr__", "__sizeof__", "__str__", "__sub__", "__subclasshook__",
            "__truediv__", "__trunc__", "as_integer_ratio", "conjugate", "fromhex", "hex", "imag",
            "is_integer", "real",
        };
        return &names;
    }
    if (typeName == "str") {
        static const std::vector<std::string_view> names = {
            "__add__", "__class__", "__contains__", "__delattr__", "__dir__", "__doc__", "__eq__",
            "__format__", "__ge__", "__getattribute__", "__getitem__", "__getnewargs__",
            "__getstate__", "__gt__", "__hash__", "__init__", "__init_subclass__", "__iter__",
            "__le__", "__len__", "__lt__", "__mod__", "__mul__", "__ne__", "__new__", "__reduce__",
            "__reduce_ex__", "__repr__", "__rmod__", "__rmul__", "__setattr__", "__sizeof__",
            "__str__", "__subclasshook__", "capitalize", "casefold", "center", "count", "encode",
            "endswith", "expandtabs", "find", "format", "format_map", "index", "isalnum",
            "isalpha", "isascii", "isdecimal", "isdigit", "isidentifier", "islower", "isnumeric",
            "isprintable", "isspace", "istitle", "isupper", "join", "ljust", "lower", "lstrip",
            "maketrans", "partition", "removeprefix", "removesuffix", "replace", "rfind", "rindex",
            "rjust", "rpartition", "rsplit", "rstrip", "split", "splitlines", "startswith",
            "strip", "swapcase", "title", "translate", "upper", "zfill",
        };
        return &names;
    }
    if (typeName == "list") {
        static const std::vector<std::string_view> names = {
            "__add__", "__class__", "__class_getitem__", "__contains__", "__delattr__",
            "__delitem__", "__dir__", "__doc__", "__eq__", "__format__", "__ge__",
            "__getattribute__", "__getitem__", "__getstate__", "__gt__", "__hash__", "__iadd__",
            "__imul__", "__init__", "__init_subclass__", "__iter__", "__le__", "__len__", "__lt__",
            "__mul__", "__ne__", "__new__", "__reduce__", "__reduce_ex__", "__repr__",
            "__reversed__", "__rmul__", "__setattr__", "__setitem__", "__sizeof__", "__str__",
            "__subclasshook__", "append", "clear", "copy", "count", "extend", "index", "insert",
            "pop", "remove", "reverse", "sort",
        };
        return &names;
    }
    if (typeName == "tuple") {
        static const std::vector<std::string_view> names = {
            "__add__", "__class__", "__class_getitem__", "__contains__", "__delattr__", "__dir__",
            "__doc__", "__eq__", "__format__", "__ge__", "__getattribute__", "__getitem__",
            "__getnewargs__", "__getstate__", "__gt__", "__hash__", "__init__",
            "__init_subclass__", "__iter__", "__le__", "__len__", "__lt__", "__mul__", "__ne__",
            "__new__", "__reduce__", "__reduce_ex__", "__repr__", "__rmul__", "__setattr__",
            "__sizeof__", "__str__", "__subclasshook__", "count", "index",
        };
        return &names;
    }
    if (typeName == "dict") {
        static const std::vector<std::string_view> names = {
            "__class__", "__class_getitem__", "__contains__", "__delattr__", "__delitem__",
            "__dir__", "__doc__", "__eq__", "__format__", "__ge__", "__getattribute__",
            "__getitem__", "__getstate__", "__gt__", "__hash__", "__init__", "__init_subclass__",
            "__ior__", "__iter__", "__le__", "__len__", "__lt__", "__ne__", "__new__", "__or__",
            "__reduce__", "__reduce_ex__", "__repr__", "__reversed__", "__ror__", "__setattr__",
            "__setitem__", "__sizeof__", "__str__", "__subclasshook__", "clear", "copy",
            "fromkeys", "get", "items", "keys", "pop", "popitem", "setdefault", "update", "values",
        };
        return &names;
    }
    if (typeName == "set") {
        static const std::vector<std::string_view> names = {
            "__and__", "__class__", "__class_getitem__", "__contains__", "__delattr__", "__dir__",
            "__doc__", "__eq__", "__format__", "__ge__", "__getattribute__", "__getstate__",
            "__gt__", "__hash__", "__iand__", "__init__", "__init_subclass__", "__ior__",
            "__isub__", "__iter__", "__ixor__", "__le__", "__len__", "__lt__", "__ne__", "__new__",
            "__or__", "__rand__", "__reduce__", "__reduce_ex__", "__repr__", "__ror__", "__rsub__",
            "__rxor__", "__setattr__", "__sizeof__", "__str__", "__sub__", "__subclasshook__",
            "__xor__", "add", "clear", "copy", "difference", "difference_update", "discard",
            "intersection", "intersection_update", "isdisjoint", "issubset", "issuperset", "pop",
            "remove", "symmetric_difference", "symmetric_difference_update", "union", "update",
        };
        return &names;
    }
    if (typeName == "range") {
        static const std::vector<std::string_view> names = {
            "__bool__", "__class__", "__contains__", "__delattr__", "__dir__", "__doc__", "__eq__",
            "__format__", "__ge__", "__getattribute__", "__getitem__", "__getstate__", "__gt__",
            "__hash__", "__init__", "__init_subclass__", "__iter__", "__le__", "__len__", "__lt__",
            "__ne__", "__new__", "__reduce__", "__reduce_ex__", "__repr__", "__reversed__",
            "__setattr__", "__sizeof__", "__str__", "__subclasshook__", "count", "index", "start",
            "step", "stop",
        };
        return &names;
    }
    if (typeName == "NoneType") {
        static const std::vector<std::string_view> names = {
            "__bool__", "__class__", "__delattr__", "__dir__", "__doc__", "__eq__", "__format__",
            "__ge__", "__getattribute__", "__getstate__", "__gt__", "__hash__", "__init__",
            "__init_subclass__", "__le__", "__lt__", "__ne__", "__new__", "__reduce__",
            "__reduce_ex__", "__repr__", "__setattr__", "__sizeof__", "__str__",
            "__subclasshook__",
        };
        return &names;
    }
    if (typeName == "function") {
        static const std::vector<std::string_view> names = {
            "__annotations__", "__builtins__", "__call__", "__class__", "__closure__", "__code__",
            "__defaults__", "__delattr__", "__dict__", "__dir__", "__doc__", "__eq__",
            "__format__", "__ge__", "__get__", "__getattribute__", "__getstate__", "__globals__",
            "__gt__", "__hash__", "__init__", "__init_subclass__", "__kwdefaults__", "__le__",
            "__lt__", "__module__", "__name__", "__ne__", "__new__", "__qualname__", "__reduce__",
            "__reduce_ex__", "__repr__", "__setattr__", "__sizeof__", "__str__",
            "__subclasshook__",
        };
        return &names;
    }
    if (typeName == "builtin_function_or_method") {
        static const std::vector<std::string_view> names = {
            "__call__", "__class__", "__delattr__", "__dir__", "__doc__", "__eq__", "__format__",
            "__ge__", "__getattribute__", "__getstate__", "__gt__", "__hash__", "__init__",
            "__init_subclass__", "__le__", "__lt__", "__module__", "__name__", "__ne__", "__new__",
            "__qualname__", "__reduce__", "__reduce_ex__", "__repr__", "__self__", "__setattr__",
            "__sizeof__", "__str__", "__subclasshook__", "__text_signature__",
        };
        return &names;
    }
    if (typeName == "slice") {
        static const std::vector<std::string_view> names = {
            "__class__", "__delattr__", "__dir__", "__doc__", "__eq__", "__format__", "__ge__",
            "__getattribute__", "__getstate__", "__gt__", "__hash__", "__init__",
            "__init_subclass__", "__le__", "__lt__", "__ne__", "__new__", "__reduce__",
            "__reduce_ex__", "__repr__", "__setattr__", "__sizeof__", "__str__",
            "__subclasshook__", "indices", "start", "step", "stop",
        };
        return &names;
    }
    if (typeName == "list_iterator") {
        static const std::vector<std::string_view> names = {
            "__class__", "__delattr__", "__dir__", "__doc__", "__eq__", "__format__", "__ge__",
            "__getattribute__", "__getstate__", "__gt__", "__hash__", "__init__",
            "__init_subclass__", "__iter__", "__le__", "__length_hint__", "__lt__", "__ne__",
            "__new__", "__next__", "__reduce__", "__reduce_ex__", "__repr__", "__setattr__",
            "__setstate__", "__sizeof__", "__str__", "__subclasshook__",
        };
        return &names;
    }
    if (typeName == "range_iterator") {
        static const std::vector<std::string_view> names = {
            "__class__", "__delattr__", "__dir__", "__doc__", "__eq__", "__format__", "__ge__",
            "__getattribute__", "__getstate__", "__gt__", "__hash__", "__init__",
            "__init_subclass__", "__iter__", "__le__", "__length_hint__", "__lt__", "__ne__",
            "__new__", "__next__", "__reduce__", "__reduce_ex__", "__repr__", "__setattr__",
            "__setstate__", "__sizeof__", "__str__", "__subclasshook__",
        };
        return &names;
    }
    if (typeName == "enumerate") {
        static const std::vector<std::string_view> names = {
            "__class__", "__class_getitem__", "__delattr__", "__dir__", "__doc__", "__eq__",
            "__format__", "__ge__", "__getattribute__", "__getstate__", "__gt__", "__hash__",
            "__init__", "__init_subclass__", "__iter__", "__le__", "__lt__", "__ne__", "__new__",
            "__next__", "__reduce__", "__reduce_ex__", "__repr__", "__setattr__", "__sizeof__",
            "__str__", "__subclasshook__",
        };
        return &names;
    }
    if (typeName == "zip") {
        static const std::vector<std::string_view> names = {
            "__class__", "__delattr__", "__dir__", "__doc__", "__eq__", "__format__", "__ge__",
            "__getattribute__", "__getstate__", "__gt__", "__hash__", "__init__",
            "__init_subclass__", "__iter__", "__le__", "__lt__", "__ne__", "__new__", "__next__",
            "__reduce__", "__reduce_ex__", "__repr__", "__setattr__", "__setstate__", "__sizeof__",
            "__str__", "__subclasshook__",
        };
        return &names;
    }
    if (typeName == "map") {
        static const std::vector<std::string_view> names = {
            "__class__", "__delattr__", "__dir__", "__doc__", "__eq__", "__format__", "__ge__",
            "__getattribute__", "__getstate__", "__gt__", "__hash__", "__init__",
            "__init_subclass__", "__iter__", "__le__", "__lt__", "__ne__", "__new__", "__next__",
            "__reduce__", "__reduce_ex__", "__repr__", "__setattr__", "__sizeof__", "__str__",
            "__subclasshook__",
        };
        return &names;
    }
    if (typeName == "dict_keys") {
        static const std::vector<std::string_view> names = {
            "__and__", "__class__", "__contains__", "__delattr__", "__dir__", "__doc__", "__eq__",
            "__format__", "__ge__", "__getattribute__", "__getstate__", "__gt__", "__hash__",
            "__init__", "__init_subclass__", "__iter__", "__le__", "__len__", "__lt__", "__ne__",
            "__new__", "__or__", "__rand__", "__reduce__", "__reduce_ex__", "__repr__",
            "__reversed__", "__ror__", "__rsub__", "__rxor__", "__setattr__", "__sizeof__",
            "__str__", "__sub__", "__subclasshook__", "__xor__", "isdisjoint", "mapping",
        };
        return &names;
    }
    if (typeName == "dict_values") {
        static const std::vector<std::string_view> names = {
            "__class__", "__delattr__", "__dir__", "__doc__", "__eq__", "__format__", "__ge__",
            "__getattribute__", "__getstate__", "__gt__", "__hash__", "__init__",
            "__init_subclass__", "__iter__", "__le__", "__len__", "__lt__", "__ne__", "__new__",
            "__reduce__", "__reduce_ex__", "__repr__", "__reversed__", "__setattr__", "__sizeof__",
            "__str__", "__subclasshook__", "mapping",
        };
        return &names;
    }
    if (typeName == "dict_items") {
        static const std::vector<std::string_view> names = {
            "__and__", "__class__", "__contains__", "__delattr__", "__dir__", "__doc__", "__eq__",
            "__format__", "__ge__", "__getattribute__", "__getstate__", "__gt__", "__hash__",
            "__init__", "__init_subclass__", "__iter__", "__le__", "__len__", "__lt__", "__ne__",
            "__new__", "__or__", "__rand__", "__reduce__", "__reduce_ex__", "__repr__",
            "__reversed__", "__ror__", "__rsub__", "__rxor__", "__setattr__", "__sizeof__",
            "__str__", "__sub__", "__subclasshook__", "__xor__", "isdisjoint", "mapping",
        };
        return &names;
    }
    if (typeName == "ellipsis") {
        static const std::vector<std::string_view> names = {
            "__class__", "__delattr__", "__dir__", "__doc__", "__eq__", "__format__", "__ge__",
            "__getattribute__", "__getstate__", "__gt__", "__hash__", "__init__",
            "__init_subclass__", "__le__", "__lt__", "__ne__", "__new__", "__reduce__",
            "__reduce_ex__", "__repr__", "__setattr__", "__sizeof__", "__str__",
            "__subclasshook__",
        };
        return &names;
    }
    return nullptr;
}

}  // namespace mlsyslab::pyvm
