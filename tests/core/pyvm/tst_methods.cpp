// The methods of str, list, dict, set, int and float, bound by getAttribute as LOAD_METHOD binds
// them, against CPython 3.11 (each expected text is python3.11's repr of the result, or its
// error line).
#include <QtTest>
#include <functional>

#include "ValueTestSupport.h"

using namespace mlsyslab::pyvm;
using namespace mlsyslab::pyvm::testing;

namespace {

struct Case {
    const char* python;
    std::function<Value(TestRuntime&)> compute;
    const char* expected;
};

Value ints(std::initializer_list<std::int64_t> values) {
    std::vector<Value> items;
    for (const std::int64_t value : values) items.push_back(integer(value));
    return newList(std::move(items));
}

// Runs `method` on `object` and shows the object afterwards: (result, object).
Value afterCall(TestRuntime& rt, const Value& object, const std::string& method,
                std::vector<Value> arguments) {
    Value result = rt.callMethod(object, method, std::move(arguments));
    if (result.isNull()) return result;
    return tuple({result, object});
}

const std::vector<Case>& cases() {
    static const std::vector<Case> table = {
        {"'  a b  '.strip()",
         [](TestRuntime& rt) { return rt.callMethod(text("  a b  "), "strip", {}); }, "'a b'"},
        {"'xxhixx'.strip('x')",
         [](TestRuntime& rt) { return rt.callMethod(text("xxhixx"), "strip", {text("x")}); },
         "'hi'"},
        {"'a'.strip(1)",
         [](TestRuntime& rt) { return rt.callMethod(text("a"), "strip", {integer(1)}); },
         "TypeError: strip arg must be None or str"},
        {"' a  b '.split()",
         [](TestRuntime& rt) { return rt.callMethod(text(" a  b "), "split", {}); }, "['a', 'b']"},
        {"'a,b,,c'.split(',')",
         [](TestRuntime& rt) { return rt.callMethod(text("a,b,,c"), "split", {text(",")}); },
         "['a', 'b', '', 'c']"},
        {"'a b c d'.split(maxsplit=2)",
         [](TestRuntime& rt) {
             return rt.callMethod(text("a b c d"), "split", {}, {{"maxsplit", integer(2)}});
         },
         "['a', 'b', 'c d']"},
        {"'a b c'.rsplit(None, 1)",
         [](TestRuntime& rt) {
             return rt.callMethod(text("a b c"), "rsplit", {Value::none(), integer(1)});
         },
         "['a b', 'c']"},
        {"'a'.split('')",
         [](TestRuntime& rt) { return rt.callMethod(text("a"), "split", {text("")}); },
         "ValueError: empty separator"},
        {"'a'.split(1)",
         [](TestRuntime& rt) { return rt.callMethod(text("a"), "split", {integer(1)}); },
         "TypeError: must be str or None, not int"},
        {"'-'.join(['a', 'b'])",
         [](TestRuntime& rt) {
             return rt.callMethod(text("-"), "join", {list({text("a"), text("b")})});
         },
         "'a-b'"},
        {"'-'.join([1])",
         [](TestRuntime& rt) { return rt.callMethod(text("-"), "join", {ints({1})}); },
         "TypeError: sequence item 0: expected str instance, int found"},
        {"'-'.join(5)",
         [](TestRuntime& rt) { return rt.callMethod(text("-"), "join", {integer(5)}); },
         "TypeError: can only join an iterable"},
        {"'hello'.replace('l', 'L', 1)",
         [](TestRuntime& rt) {
             return rt.callMethod(text("hello"), "replace", {text("l"), text("L"), integer(1)});
         },
         "'heLlo'"},
        {"'abc'.replace('', '-')",
         [](TestRuntime& rt) {
             return rt.callMethod(text("abc"), "replace", {text(""), text("-")});
         },
         "'-a-b-c-'"},
        {"'héllo'.find('l')",
         [](TestRuntime& rt) { return rt.callMethod(text("héllo"), "find", {text("l")}); }, "2"},
        {"'hello'.rfind('l')",
         [](TestRuntime& rt) { return rt.callMethod(text("hello"), "rfind", {text("l")}); }, "3"},
        {"'abc'.find('', 5)",
         [](TestRuntime& rt) {
             return rt.callMethod(text("abc"), "find", {text(""), integer(5)});
         },
         "-1"},
        {"'hello'.index('z')",
         [](TestRuntime& rt) { return rt.callMethod(text("hello"), "index", {text("z")}); },
         "ValueError: substring not found"},
        {"'aaa'.count('aa')",
         [](TestRuntime& rt) { return rt.callMethod(text("aaa"), "count", {text("aa")}); }, "1"},
        {"'abc'.count('')",
         [](TestRuntime& rt) { return rt.callMethod(text("abc"), "count", {text("")}); }, "4"},
        {"'hello'.endswith(('x', 'lo'))",
         [](TestRuntime& rt) {
             return rt.callMethod(text("hello"), "endswith", {tuple({text("x"), text("lo")})});
         },
         "True"},
        {"'abc'.startswith(1)",
         [](TestRuntime& rt) { return rt.callMethod(text("abc"), "startswith", {integer(1)}); },
         "TypeError: startswith first arg must be str or a tuple of str, not int"},
        {"'hello world'.title()",
         [](TestRuntime& rt) { return rt.callMethod(text("hello world"), "title", {}); },
         "'Hello World'"},
        {"'hELLO'.capitalize()",
         [](TestRuntime& rt) { return rt.callMethod(text("hELLO"), "capitalize", {}); }, "'Hello'"},
        {"'straße'.upper()",
         [](TestRuntime& rt) { return rt.callMethod(text("straße"), "upper", {}); }, "'STRASSE'"},
        {"'ÀÉ'.lower()", [](TestRuntime& rt) { return rt.callMethod(text("ÀÉ"), "lower", {}); },
         "'àé'"},
        {"'a'.upper(1)",
         [](TestRuntime& rt) { return rt.callMethod(text("a"), "upper", {integer(1)}); },
         "TypeError: str.upper() takes no arguments (1 given)"},
        {"'42'.isdigit(), 'ab1'.isalnum()",
         [](TestRuntime& rt) {
             return tuple({rt.callMethod(text("42"), "isdigit", {}),
                           rt.callMethod(text("ab1"), "isalnum", {})});
         },
         "(True, True)"},
        {"''.isspace(), 'Ab'.istitle()",
         [](TestRuntime& rt) {
             return tuple({rt.callMethod(text(""), "isspace", {}),
                           rt.callMethod(text("Ab"), "istitle", {})});
         },
         "(False, True)"},
        {"'abc'.center(6)",
         [](TestRuntime& rt) { return rt.callMethod(text("abc"), "center", {integer(6)}); },
         "' abc  '"},
        {"'ab'.center(5, '*')",
         [](TestRuntime& rt) {
             return rt.callMethod(text("ab"), "center", {integer(5), text("*")});
         },
         "'**ab*'"},
        {"'a'.center(5, 'ab')",
         [](TestRuntime& rt) {
             return rt.callMethod(text("a"), "center", {integer(5), text("ab")});
         },
         "TypeError: The fill character must be exactly one character long"},
        {"'-42'.zfill(5)",
         [](TestRuntime& rt) { return rt.callMethod(text("-42"), "zfill", {integer(5)}); },
         "'-0042'"},
        {"'a\\nb\\r\\nc'.splitlines()",
         [](TestRuntime& rt) { return rt.callMethod(text("a\nb\r\nc"), "splitlines", {}); },
         "['a', 'b', 'c']"},
        {"'k=v=w'.rpartition('=')",
         [](TestRuntime& rt) { return rt.callMethod(text("k=v=w"), "rpartition", {text("=")}); },
         "('k=v', '=', 'w')"},
        {"'{0:>5}|{name!r}'.format(7, name='x')",
         [](TestRuntime& rt) {
             return rt.callMethod(text("{0:>5}|{name!r}"), "format", {integer(7)},
                                  {{"name", text("x")}});
         },
         "\"    7|'x'\""},
        {"'{} {}'.format(1)",
         [](TestRuntime& rt) { return rt.callMethod(text("{} {}"), "format", {integer(1)}); },
         "IndexError: Replacement index 1 out of range for positional args tuple"},
        {"'{0} {}'.format(1, 2)",
         [](TestRuntime& rt) {
             return rt.callMethod(text("{0} {}"), "format", {integer(1), integer(2)});
         },
         "ValueError: cannot switch from manual field specification to automatic field numbering"},
        {"'{a}'.format(1)",
         [](TestRuntime& rt) { return rt.callMethod(text("{a}"), "format", {integer(1)}); },
         "KeyError: 'a'"},
        {"'}'.format()", [](TestRuntime& rt) { return rt.callMethod(text("}"), "format", {}); },
         "ValueError: Single '}' encountered in format string"},
        {"xs.append(4)",
         [](TestRuntime& rt) { return afterCall(rt, ints({1}), "append", {integer(4)}); },
         "(None, [1, 4])"},
        {"[].append()", [](TestRuntime& rt) { return rt.callMethod(ints({}), "append", {}); },
         "TypeError: list.append() takes exactly one argument (0 given)"},
        {"xs.insert(-1, 9)",
         [](TestRuntime& rt) {
             return afterCall(rt, ints({1, 2}), "insert", {integer(-1), integer(9)});
         },
         "(None, [1, 9, 2])"},
        {"[].insert(1)",
         [](TestRuntime& rt) { return rt.callMethod(ints({}), "insert", {integer(1)}); },
         "TypeError: insert expected 2 arguments, got 1"},
        {"xs.pop(0)",
         [](TestRuntime& rt) {
             return afterCall(rt, ints({1, 2}), "pop", {integer(0)});
         },
         "(1, [2])"},
        {"[].pop()", [](TestRuntime& rt) { return rt.callMethod(ints({}), "pop", {}); },
         "IndexError: pop from empty list"},
        {"[1].pop(5)",
         [](TestRuntime& rt) { return rt.callMethod(ints({1}), "pop", {integer(5)}); },
         "IndexError: pop index out of range"},
        {"[1, 2].remove(3)",
         [](TestRuntime& rt) {
             return rt.callMethod(ints({1, 2}), "remove", {integer(3)});
         },
         "ValueError: list.remove(x): x not in list"},
        {"[1, 2].index(3)",
         [](TestRuntime& rt) {
             return rt.callMethod(ints({1, 2}), "index", {integer(3)});
         },
         "ValueError: 3 is not in list"},
        {"[1, 2, 1].count(1)",
         [](TestRuntime& rt) {
             return rt.callMethod(ints({1, 2, 1}), "count", {integer(1)});
         },
         "2"},
        {"xs.extend('ab')",
         [](TestRuntime& rt) { return afterCall(rt, ints({1}), "extend", {text("ab")}); },
         "(None, [1, 'a', 'b'])"},
        {"xs.sort(reverse=True)",
         [](TestRuntime& rt) {
             Value xs = ints({3, 1, 2});
             Value result = rt.callMethod(xs, "sort", {}, {{"reverse", Value::boolean(true)}});
             return result.isNull() ? result : tuple({result, xs});
         },
         "(None, [3, 2, 1])"},
        {"[1].sort(1)",
         [](TestRuntime& rt) { return rt.callMethod(ints({1}), "sort", {integer(1)}); },
         "TypeError: sort() takes no positional arguments"},
        {"xs.reverse(); xs.copy(); xs.clear()",
         [](TestRuntime& rt) {
             Value xs = ints({1, 2});
             rt.callMethod(xs, "reverse", {});
             Value copy = rt.callMethod(xs, "copy", {});
             rt.callMethod(xs, "clear", {});
             return tuple({copy, xs});
         },
         "([2, 1], [])"},
        {"(1, 2).index(3)",
         [](TestRuntime& rt) {
             return rt.callMethod(tuple({integer(1), integer(2)}), "index", {integer(3)});
         },
         "ValueError: tuple.index(x): x not in tuple"},
        {"d.get('z', 0)",
         [](TestRuntime& rt) {
             return rt.callMethod(newDict(), "get", {text("z"), integer(0)});
         },
         "0"},
        {"{}.get()", [](TestRuntime& rt) { return rt.callMethod(newDict(), "get", {}); },
         "TypeError: get expected at least 1 argument, got 0"},
        {"d.pop('a'), d.pop('z', None)",
         [](TestRuntime& rt) {
             Value d = rt.callBuiltin("dict", {}, {{"a", integer(1)}});
             return tuple({rt.callMethod(d, "pop", {text("a")}),
                           rt.callMethod(d, "pop", {text("z"), Value::none()}), d});
         },
         "(1, None, {})"},
        {"{}.pop('a')",
         [](TestRuntime& rt) { return rt.callMethod(newDict(), "pop", {text("a")}); },
         "KeyError: 'a'"},
        {"{}.popitem()", [](TestRuntime& rt) { return rt.callMethod(newDict(), "popitem", {}); },
         "KeyError: 'popitem(): dictionary is empty'"},
        {"d.update([('b', 2)], c=3); d.setdefault('a', 9)",
         [](TestRuntime& rt) {
             Value d = rt.callBuiltin("dict", {}, {{"a", integer(1)}});
             rt.callMethod(d, "update", {list({tuple({text("b"), integer(2)})})},
                           {{"c", integer(3)}});
             return tuple({rt.callMethod(d, "setdefault", {text("a"), integer(9)}), d,
                           rt.callMethod(d, "popitem", {})});
         },
         "(1, {'a': 1, 'b': 2}, ('c', 3))"},
        {"d.items(), d.values()",
         [](TestRuntime& rt) {
             Value d = rt.callBuiltin("dict", {}, {{"a", integer(1)}, {"b", integer(2)}});
             return tuple({rt.callMethod(d, "items", {}), rt.callMethod(d, "values", {})});
         },
         "(dict_items([('a', 1), ('b', 2)]), dict_values([1, 2]))"},
        {"{}.keys(1)",
         [](TestRuntime& rt) { return rt.callMethod(newDict(), "keys", {integer(1)}); },
         "TypeError: dict.keys() takes no arguments (1 given)"},
        {"dict.fromkeys('ab', 0)",
         [](TestRuntime& rt) {
             return rt.callMethod(rt.builtin("dict"), "fromkeys", {text("ab"), integer(0)});
         },
         "{'a': 0, 'b': 0}"},
        {"s.add(3); s.discard(9); s.remove(1)",
         [](TestRuntime& rt) {
             Value s = rt.callBuiltin("set", {ints({1, 2})});
             rt.callMethod(s, "add", {integer(3)});
             rt.callMethod(s, "discard", {integer(9)});
             rt.callMethod(s, "remove", {integer(1)});
             return s;
         },
         "{2, 3}"},
        {"{1}.remove(2)",
         [](TestRuntime& rt) {
             return rt.callMethod(rt.callBuiltin("set", {ints({1})}), "remove", {integer(2)});
         },
         "KeyError: 2"},
        {"set().pop()",
         [](TestRuntime& rt) { return rt.callMethod(rt.callBuiltin("set", {}), "pop", {}); },
         "KeyError: 'pop from an empty set'"},
        {"{1, 2}.union([3], (4,))",
         [](TestRuntime& rt) {
             return rt.callMethod(rt.callBuiltin("set", {ints({1, 2})}), "union",
                                  {ints({3}), tuple({integer(4)})});
         },
         "{1, 2, 3, 4}"},
        {"{1, 2, 3}.intersection([2, 3, 4])",
         [](TestRuntime& rt) {
             return rt.callMethod(rt.callBuiltin("set", {ints({1, 2, 3})}), "intersection",
                                  {ints({2, 3, 4})});
         },
         "{2, 3}"},
        {"{1, 2}.difference([2])",
         [](TestRuntime& rt) {
             return rt.callMethod(rt.callBuiltin("set", {ints({1, 2})}), "difference", {ints({2})});
         },
         "{1}"},
        {"{1, 2}.issubset(range(5))",
         [](TestRuntime& rt) {
             return rt.callMethod(rt.callBuiltin("set", {ints({1, 2})}), "issubset",
                                  {rt.callBuiltin("range", {integer(5)})});
         },
         "True"},
        {"set().union(1)",
         [](TestRuntime& rt) {
             return rt.callMethod(rt.callBuiltin("set", {}), "union", {integer(1)});
         },
         "TypeError: 'int' object is not iterable"},
        {"(255).bit_length()",
         [](TestRuntime& rt) { return rt.callMethod(integer(255), "bit_length", {}); }, "8"},
        {"(1).bit_length(1)",
         [](TestRuntime& rt) { return rt.callMethod(integer(1), "bit_length", {integer(1)}); },
         "TypeError: int.bit_length() takes no arguments (1 given)"},
        {"(2.0).is_integer()",
         [](TestRuntime& rt) { return rt.callMethod(real(2.0), "is_integer", {}); }, "True"},
        {"[].push", [](TestRuntime& rt) { return getAttribute(rt, ints({}), "push"); },
         "AttributeError: 'list' object has no attribute 'push'"},
        {"str.upper('x')",
         [](TestRuntime& rt) {
             return rt.callWith(getAttribute(rt, rt.builtin("str"), "upper"), {text("x")});
         },
         "'X'"},
        {"str.lower", [](TestRuntime& rt) { return getAttribute(rt, rt.builtin("str"), "lower"); },
         "<method 'lower' of 'str' objects>"},
    };
    return table;
}

}  // namespace

class MethodsTest : public QObject {
    Q_OBJECT

private slots:
    void methodMatchesCPython_data() {
        QTest::addColumn<int>("index");
        for (std::size_t i = 0; i < cases().size(); ++i)
            QTest::newRow(cases()[i].python) << static_cast<int>(i);
    }
    void methodMatchesCPython() {
        QFETCH(int, index);
        const Case& item = cases()[static_cast<std::size_t>(index)];
        TestRuntime rt;
        QCOMPARE(QString::fromStdString(rt.outcome(item.compute(rt))),
                 QString::fromUtf8(item.expected));
    }

    void boundMethodsPrintTheirOwner() {
        TestRuntime rt;
        const std::string shown = repr(rt, getAttribute(rt, ints({}), "append"));
        QVERIFY2(shown.starts_with("<built-in method append of list object at 0x"), shown.c_str());
    }
};

QTEST_GUILESS_MAIN(MethodsTest)
#include "tst_methods.moc"
