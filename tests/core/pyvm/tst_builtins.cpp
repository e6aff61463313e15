// The builtins, called through callNative as the interpreter calls them, against CPython 3.11:
// each row's expected text is what python3.11 prints for the same call (repr of the result, or
// the error line).
#include <QtTest>
#include <functional>

#include "ValueTestSupport.h"

using namespace mlsyslab::pyvm;
using namespace mlsyslab::pyvm::testing;

namespace {

struct Case {
    const char* python;  // the call as a student writes it
    std::function<Value(TestRuntime&)> compute;
    const char* expected;
};

const std::vector<Case>& cases() {
    static const std::vector<Case> table = {
        {"len('héllo')", [](TestRuntime& rt) { return rt.callBuiltin("len", {text("héllo")}); },
         "5"},
        {"len(5)", [](TestRuntime& rt) { return rt.callBuiltin("len", {integer(5)}); },
         "TypeError: object of type 'int' has no len()"},
        {"len(1, 2)",
         [](TestRuntime& rt) {
             return rt.callBuiltin("len", {integer(1), integer(2)});
         },
         "TypeError: len() takes exactly one argument (2 given)"},
        {"len(x=1)",
         [](TestRuntime& rt) {
             return rt.callBuiltin("len", {}, {{"x", integer(1)}});
         },
         "TypeError: len() takes no keyword arguments"},
        {"range(1, 10, 3)",
         [](TestRuntime& rt) {
             return rt.callBuiltin("range", {integer(1), integer(10), integer(3)});
         },
         "range(1, 10, 3)"},
        {"list(range(5, 0, -2))",
         [](TestRuntime& rt) {
             return rt.callBuiltin(
                 "list", {rt.callBuiltin("range", {integer(5), integer(0), integer(-2)})});
         },
         "[5, 3, 1]"},
        {"range(1, 2, 0)",
         [](TestRuntime& rt) {
             return rt.callBuiltin("range", {integer(1), integer(2), integer(0)});
         },
         "ValueError: range() arg 3 must not be zero"},
        {"range(1.5)", [](TestRuntime& rt) { return rt.callBuiltin("range", {real(1.5)}); },
         "TypeError: 'float' object cannot be interpreted as an integer"},
        {"range()", [](TestRuntime& rt) { return rt.callBuiltin("range", {}); },
         "TypeError: range expected at least 1 argument, got 0"},
        {"max([3, -4, 2], key=abs)",
         [](TestRuntime& rt) {
             return rt.callBuiltin("max", {list({integer(3), integer(-4), integer(2)})},
                                   {{"key", rt.builtin("abs")}});
         },
         "-4"},
        {"min('b', 'a', 'c')",
         [](TestRuntime& rt) {
             return rt.callBuiltin("min", {text("b"), text("a"), text("c")});
         },
         "'a'"},
        {"max([])", [](TestRuntime& rt) { return rt.callBuiltin("max", {list({})}); },
         "ValueError: max() arg is an empty sequence"},
        {"min([], default=0)",
         [](TestRuntime& rt) {
             return rt.callBuiltin("min", {list({})}, {{"default", integer(0)}});
         },
         "0"},
        {"max(1, 'a')",
         [](TestRuntime& rt) {
             return rt.callBuiltin("max", {integer(1), text("a")});
         },
         "TypeError: '>' not supported between instances of 'str' and 'int'"},
        {"max(1, 2, default=3)",
         [](TestRuntime& rt) {
             return rt.callBuiltin("max", {integer(1), integer(2)}, {{"default", integer(3)}});
         },
         "TypeError: Cannot specify a default for max() with multiple positional arguments"},
        {"max()", [](TestRuntime& rt) { return rt.callBuiltin("max", {}); },
         "TypeError: max expected at least 1 argument, got 0"},
        {"sum([1, 2.5, True])",
         [](TestRuntime& rt) {
             return rt.callBuiltin("sum", {list({integer(1), real(2.5), Value::boolean(true)})});
         },
         "4.5"},
        {"sum([[1], [2]], [])",
         [](TestRuntime& rt) {
             return rt.callBuiltin("sum",
                                   {list({list({integer(1)}), list({integer(2)})}), list({})});
         },
         "[1, 2]"},
        {"sum(['a'], '')",
         [](TestRuntime& rt) {
             return rt.callBuiltin("sum", {list({text("a")}), text("")});
         },
         "TypeError: sum() can't sum strings [use ''.join(seq) instead]"},
        {"sum([1, 'a'])",
         [](TestRuntime& rt) {
             return rt.callBuiltin("sum", {list({integer(1), text("a")})});
         },
         "TypeError: unsupported operand type(s) for +: 'int' and 'str'"},
        {"sorted(['bb', 'a', 'ccc'], key=len, reverse=True)",
         [](TestRuntime& rt) {
             return rt.callBuiltin("sorted", {list({text("bb"), text("a"), text("ccc")})},
                                   {{"key", rt.builtin("len")}, {"reverse", Value::boolean(true)}});
         },
         "['ccc', 'bb', 'a']"},
        {"sorted([1, 'a', 2])",
         [](TestRuntime& rt) {
             return rt.callBuiltin("sorted", {list({integer(1), text("a"), integer(2)})});
         },
         "TypeError: '<' not supported between instances of 'str' and 'int'"},
        {"int(' -17 ')", [](TestRuntime& rt) { return rt.callBuiltin("int", {text(" -17 ")}); },
         "-17"},
        {"int('ff', 16)",
         [](TestRuntime& rt) {
             return rt.callBuiltin("int", {text("ff"), integer(16)});
         },
         "255"},
        {"int('0b_101', 0)",
         [](TestRuntime& rt) {
             return rt.callBuiltin("int", {text("0b_101"), integer(0)});
         },
         "5"},
        {"int('abc')", [](TestRuntime& rt) { return rt.callBuiltin("int", {text("abc")}); },
         "ValueError: invalid literal for int() with base 10: 'abc'"},
        {"int('3.5')", [](TestRuntime& rt) { return rt.callBuiltin("int", {text("3.5")}); },
         "ValueError: invalid literal for int() with base 10: '3.5'"},
        {"int('010', 0)",
         [](TestRuntime& rt) {
             return rt.callBuiltin("int", {text("010"), integer(0)});
         },
         "ValueError: invalid literal for int() with base 0: '010'"},
        {"int(-3.99)", [](TestRuntime& rt) { return rt.callBuiltin("int", {real(-3.99)}); }, "-3"},
        {"int(None)", [](TestRuntime& rt) { return rt.callBuiltin("int", {Value::none()}); },
         "TypeError: int() argument must be a string, a bytes-like object or a real number, not "
         "'NoneType'"},
        {"int(12, 2)",
         [](TestRuntime& rt) {
             return rt.callBuiltin("int", {integer(12), integer(2)});
         },
         "TypeError: int() can't convert non-string with explicit base"},
        {"float('  1_000.5 ')",
         [](TestRuntime& rt) { return rt.callBuiltin("float", {text("  1_000.5 ")}); }, "1000.5"},
        {"float('-inf')", [](TestRuntime& rt) { return rt.callBuiltin("float", {text("-inf")}); },
         "-inf"},
        {"float('abc')", [](TestRuntime& rt) { return rt.callBuiltin("float", {text("abc")}); },
         "ValueError: could not convert string to float: 'abc'"},
        {"round(2.5)", [](TestRuntime& rt) { return rt.callBuiltin("round", {real(2.5)}); }, "2"},
        {"round(3.5)", [](TestRuntime& rt) { return rt.callBuiltin("round", {real(3.5)}); }, "4"},
        {"round(2.675, 2)",
         [](TestRuntime& rt) {
             return rt.callBuiltin("round", {real(2.675), integer(2)});
         },
         "2.67"},
        {"round(1250.5, -2)",
         [](TestRuntime& rt) {
             return rt.callBuiltin("round", {real(1250.5), integer(-2)});
         },
         "1300.0"},
        {"round(25, -1)",
         [](TestRuntime& rt) {
             return rt.callBuiltin("round", {integer(25), integer(-1)});
         },
         "20"},
        {"round('a')", [](TestRuntime& rt) { return rt.callBuiltin("round", {text("a")}); },
         "TypeError: type str doesn't define __round__ method"},
        {"divmod(-7, 2)",
         [](TestRuntime& rt) {
             return rt.callBuiltin("divmod", {integer(-7), integer(2)});
         },
         "(-4, 1)"},
        {"divmod(1.0, 0)",
         [](TestRuntime& rt) {
             return rt.callBuiltin("divmod", {real(1.0), integer(0)});
         },
         "ZeroDivisionError: float divmod()"},
        {"pow(2, -1, 7)",
         [](TestRuntime& rt) {
             return rt.callBuiltin("pow", {integer(2), integer(-1), integer(7)});
         },
         "4"},
        {"pow(2, 3, 0)",
         [](TestRuntime& rt) {
             return rt.callBuiltin("pow", {integer(2), integer(3), integer(0)});
         },
         "ValueError: pow() 3rd argument cannot be 0"},
        {"abs(-2.5)", [](TestRuntime& rt) { return rt.callBuiltin("abs", {real(-2.5)}); }, "2.5"},
        {"abs('a')", [](TestRuntime& rt) { return rt.callBuiltin("abs", {text("a")}); },
         "TypeError: bad operand type for abs(): 'str'"},
        {"chr(9731)", [](TestRuntime& rt) { return rt.callBuiltin("chr", {integer(9731)}); },
         "'☃'"},
        {"chr(-1)", [](TestRuntime& rt) { return rt.callBuiltin("chr", {integer(-1)}); },
         "ValueError: chr() arg not in range(0x110000)"},
        {"ord('é')", [](TestRuntime& rt) { return rt.callBuiltin("ord", {text("é")}); }, "233"},
        {"ord('ab')", [](TestRuntime& rt) { return rt.callBuiltin("ord", {text("ab")}); },
         "TypeError: ord() expected a character, but string of length 2 found"},
        {"hex(-255)", [](TestRuntime& rt) { return rt.callBuiltin("hex", {integer(-255)}); },
         "'-0xff'"},
        {"bin(10)", [](TestRuntime& rt) { return rt.callBuiltin("bin", {integer(10)}); },
         "'0b1010'"},
        {"oct(8)", [](TestRuntime& rt) { return rt.callBuiltin("oct", {integer(8)}); }, "'0o10'"},
        {"isinstance(True, int)",
         [](TestRuntime& rt) {
             return rt.callBuiltin("isinstance", {Value::boolean(true), rt.builtin("int")});
         },
         "True"},
        {"isinstance(1.0, (int, float))",
         [](TestRuntime& rt) {
             return rt.callBuiltin("isinstance",
                                   {real(1.0), tuple({rt.builtin("int"), rt.builtin("float")})});
         },
         "True"},
        {"isinstance(1, 2)",
         [](TestRuntime& rt) {
             return rt.callBuiltin("isinstance", {integer(1), integer(2)});
         },
         "TypeError: isinstance() arg 2 must be a type, a tuple of types, or a union"},
        {"type(1.5)", [](TestRuntime& rt) { return rt.callBuiltin("type", {real(1.5)}); },
         "<class 'float'>"},
        {"type(1) is int",
         [](TestRuntime& rt) {
             return Value::boolean(isSame(rt.callBuiltin("type", {integer(1)}), rt.builtin("int")));
         },
         "True"},
        {"type(iter([]))",
         [](TestRuntime& rt) {
             return rt.callBuiltin("type", {rt.callBuiltin("iter", {list({})})});
         },
         "<class 'list_iterator'>"},
        {"list(enumerate('ab', start=1))",
         [](TestRuntime& rt) {
             return rt.callBuiltin(
                 "list", {rt.callBuiltin("enumerate", {text("ab")}, {{"start", integer(1)}})});
         },
         "[(1, 'a'), (2, 'b')]"},
        {"list(zip([1, 2, 3], 'ab'))",
         [](TestRuntime& rt) {
             return rt.callBuiltin(
                 "list",
                 {rt.callBuiltin("zip", {list({integer(1), integer(2), integer(3)}), text("ab")})});
         },
         "[(1, 'a'), (2, 'b')]"},
        {"list(map(len, ['a', 'bcd']))",
         [](TestRuntime& rt) {
             return rt.callBuiltin(
                 "list",
                 {rt.callBuiltin("map", {rt.builtin("len"), list({text("a"), text("bcd")})})});
         },
         "[1, 3]"},
        {"list(filter(None, [0, 1, '', 'a']))",
         [](TestRuntime& rt) {
             return rt.callBuiltin(
                 "list", {rt.callBuiltin("filter", {Value::none(), list({integer(0), integer(1),
                                                                         text(""), text("a")})})});
         },
         "[1, 'a']"},
        {"list(reversed(range(3)))",
         [](TestRuntime& rt) {
             return rt.callBuiltin(
                 "list", {rt.callBuiltin("reversed", {rt.callBuiltin("range", {integer(3)})})});
         },
         "[2, 1, 0]"},
        {"reversed({1})",
         [](TestRuntime& rt) {
             return rt.callBuiltin("reversed", {rt.callBuiltin("set", {list({integer(1)})})});
         },
         "TypeError: 'set' object is not reversible"},
        {"any([0, '', 3])",
         [](TestRuntime& rt) {
             return rt.callBuiltin("any", {list({integer(0), text(""), integer(3)})});
         },
         "True"},
        {"all([])", [](TestRuntime& rt) { return rt.callBuiltin("all", {list({})}); }, "True"},
        {"dict([(1, 'one')], two=2)",
         [](TestRuntime& rt) {
             return rt.callBuiltin("dict", {list({tuple({integer(1), text("one")})})},
                                   {{"two", integer(2)}});
         },
         "{1: 'one', 'two': 2}"},
        {"dict([(1, 2, 3)])",
         [](TestRuntime& rt) {
             return rt.callBuiltin("dict", {list({tuple({integer(1), integer(2), integer(3)})})});
         },
         "ValueError: dictionary update sequence element #0 has length 3; 2 is required"},
        {"next(iter([]))",
         [](TestRuntime& rt) {
             return rt.callBuiltin("next", {rt.callBuiltin("iter", {list({})})});
         },
         "StopIteration"},
        {"next(iter([]), 'done')",
         [](TestRuntime& rt) {
             return rt.callBuiltin("next", {rt.callBuiltin("iter", {list({})}), text("done")});
         },
         "'done'"},
        {"hash([1])", [](TestRuntime& rt) { return rt.callBuiltin("hash", {list({integer(1)})}); },
         "TypeError: unhashable type: 'list'"},
        {"callable(len)",
         [](TestRuntime& rt) { return rt.callBuiltin("callable", {rt.builtin("len")}); }, "True"},
        {"repr('it\\'s')", [](TestRuntime& rt) { return rt.callBuiltin("repr", {text("it's")}); },
         "'\"it\\'s\"'"},
        {"ascii('é')", [](TestRuntime& rt) { return rt.callBuiltin("ascii", {text("é")}); },
         "\"'\\\\xe9'\""},
        {"format(1234.5, ',.1f')",
         [](TestRuntime& rt) {
             return rt.callBuiltin("format", {real(1234.5), text(",.1f")});
         },
         "'1,234.5'"},
        {"str(None), bool('')",
         [](TestRuntime& rt) {
             return tuple(
                 {rt.callBuiltin("str", {Value::none()}), rt.callBuiltin("bool", {text("")})});
         },
         "('None', False)"},
        {"input()", [](TestRuntime& rt) { return rt.callBuiltin("input", {}); },
         "RuntimeError: input() is not available in the lesson VM"},
        {"open('f')", [](TestRuntime& rt) { return rt.callBuiltin("open", {text("f")}); },
         "OSError: the lesson VM has no files"},
        {"print(1, foo=2)",
         [](TestRuntime& rt) {
             return rt.callBuiltin("print", {integer(1)}, {{"foo", integer(2)}});
         },
         "TypeError: 'foo' is an invalid keyword argument for print()"},
        {"print(sep=1)",
         [](TestRuntime& rt) {
             return rt.callBuiltin("print", {}, {{"sep", integer(1)}});
         },
         "TypeError: sep must be None or a string, not int"},
    };
    return table;
}

}  // namespace

class BuiltinsTest : public QObject {
    Q_OBJECT

private slots:
    void builtinMatchesCPython_data() {
        QTest::addColumn<int>("index");
        for (std::size_t i = 0; i < cases().size(); ++i)
            QTest::newRow(cases()[i].python) << static_cast<int>(i);
    }
    void builtinMatchesCPython() {
        QFETCH(int, index);
        const Case& item = cases()[static_cast<std::size_t>(index)];
        TestRuntime rt;
        QCOMPARE(QString::fromStdString(rt.outcome(item.compute(rt))),
                 QString::fromUtf8(item.expected));
    }

    void printWritesThroughTheRuntime() {
        TestRuntime rt;
        rt.callBuiltin("print", {integer(1), real(0.5), text("a"), list({text("b")})});
        rt.callBuiltin("print", {integer(1), integer(2)},
                       {{"sep", text(", ")}, {"end", text("!")}});
        rt.callBuiltin("print", {}, {{"flush", Value::boolean(true)}});
        rt.callBuiltin("print", {Value::none()}, {{"sep", Value::none()}, {"end", Value::none()}});
        QVERIFY(!rt.hasError());
        QCOMPARE(QString::fromStdString(rt.output()),
                 QStringLiteral("1 0.5 a ['b']\n1, 2!\nNone\n"));
    }

    void namespaceHoldsEveryBuiltin() {
        TestRuntime rt;
        for (const char* name :
             {"print",     "len",    "range",  "min",      "max",        "abs",   "sum",  "int",
              "float",     "str",    "repr",   "bool",     "list",       "tuple", "dict", "set",
              "enumerate", "zip",    "sorted", "reversed", "isinstance", "round", "type", "divmod",
              "pow",       "chr",    "ord",    "hex",      "bin",        "oct",   "any",  "all",
              "map",       "filter", "hash",   "id",       "callable",   "input", "open", "iter",
              "next",      "format", "ascii",  "slice"}) {
            QVERIFY2(!rt.builtin(name).isNull(), name);
        }
        QVERIFY(rt.builtin("__import__").isNull());
    }
};

QTEST_GUILESS_MAIN(BuiltinsTest)
#include "tst_builtins.moc"
