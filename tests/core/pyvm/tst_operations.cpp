// Operations.h against CPython 3.11: floor division and modulo over a grid (golden made by
// tests/data/pyvm/values/make_value_goldens.py), then a table of operations and their exact results
// or error lines, each checked against python3.11.
#include <QFile>
#include <QtTest>
#include <charconv>
#include <cmath>
#include <functional>
#include <limits>

#include "ValueTestSupport.h"

using namespace mlsyslab::pyvm;
using namespace mlsyslab::pyvm::testing;

namespace {

const QString goldenDirectory = QStringLiteral(MLSYSLAB_TEST_DATA_DIR "/pyvm/values");

// An int or float from its repr, as the golden writes it.
Value numberFromRepr(const std::string& text) {
    if (text == "inf") return real(std::numeric_limits<double>::infinity());
    if (text == "-inf") return real(-std::numeric_limits<double>::infinity());
    if (text.find_first_of(".e") == std::string::npos) return integer(std::stoll(text));
    double value = 0;
    std::from_chars(text.data(), text.data() + text.size(), value);
    return real(value);
}

constexpr int kAdd = 0, kAnd = 1, kFloorDivide = 2, kLShift = 3, kMultiply = 5, kRemainder = 6,
              kOr = 7, kPower = 8, kRShift = 9, kSubtract = 10, kTrueDivide = 11, kXor = 12,
              kInplaceAdd = 13, kInplaceMultiply = 18;
constexpr int kLess = 0, kEqual = 2, kGreater = 4;

struct Case {
    const char* name;
    std::function<Value(TestRuntime&)> compute;
    const char* expected;
};

Value op(TestRuntime& rt, int which, const Value& a, const Value& b) {
    return binaryOp(rt, which, a, b);
}

const std::vector<Case>& cases() {
    static const std::vector<Case> table = {
        {"int add", [](TestRuntime& rt) { return op(rt, kAdd, integer(2), integer(3)); }, "5"},
        {"bool is an int",
         [](TestRuntime& rt) { return op(rt, kAdd, Value::boolean(true), integer(1)); }, "2"},
        {"bool and bool",
         [](TestRuntime& rt) { return op(rt, kAnd, Value::boolean(true), Value::boolean(true)); },
         "True"},
        {"bool or int",
         [](TestRuntime& rt) { return op(rt, kOr, Value::boolean(true), integer(2)); }, "3"},
        {"float sum", [](TestRuntime& rt) { return op(rt, kAdd, real(0.1), real(0.2)); },
         "0.30000000000000004"},
        {"big float repr", [](TestRuntime& rt) { return op(rt, kMultiply, real(1e8), real(1e8)); },
         "1e+16"},
        {"true division",
         [](TestRuntime& rt) { return op(rt, kTrueDivide, integer(7), integer(2)); }, "3.5"},
        {"exact int division",
         [](TestRuntime& rt) { return op(rt, kTrueDivide, integer(9007199254740993), integer(1)); },
         "9007199254740992.0"},
        {"huge int division",
         [](TestRuntime& rt) {
             return op(rt, kTrueDivide, integer(std::numeric_limits<std::int64_t>::max()),
                       integer(3));
         },
         "3.0744573456182584e+18"},
        {"negative power", [](TestRuntime& rt) { return op(rt, kPower, integer(2), integer(-2)); },
         "0.25"},
        {"int power", [](TestRuntime& rt) { return op(rt, kPower, integer(3), integer(4)); }, "81"},
        {"power overflow", [](TestRuntime& rt) { return op(rt, kPower, integer(2), integer(64)); },
         "OverflowError: integer result too large for the lesson VM (64-bit ints)"},
        {"add overflow",
         [](TestRuntime& rt) {
             return op(rt, kAdd, integer(std::numeric_limits<std::int64_t>::max()), integer(1));
         },
         "OverflowError: integer result too large for the lesson VM (64-bit ints)"},
        {"zero to negative",
         [](TestRuntime& rt) { return op(rt, kPower, integer(0), integer(-1)); },
         "ZeroDivisionError: 0.0 cannot be raised to a negative power"},
        {"float overflow", [](TestRuntime& rt) { return op(rt, kPower, real(10.0), integer(400)); },
         "OverflowError: (34, 'Numerical result out of range')"},
        {"division by zero",
         [](TestRuntime& rt) { return op(rt, kTrueDivide, integer(1), integer(0)); },
         "ZeroDivisionError: division by zero"},
        {"float division by zero",
         [](TestRuntime& rt) { return op(rt, kTrueDivide, real(1.0), integer(0)); },
         "ZeroDivisionError: float division by zero"},
        {"shift", [](TestRuntime& rt) { return op(rt, kLShift, integer(1), integer(10)); }, "1024"},
        {"right shift negative",
         [](TestRuntime& rt) { return op(rt, kRShift, integer(-9), integer(1)); }, "-5"},
        {"negative shift", [](TestRuntime& rt) { return op(rt, kLShift, integer(1), integer(-1)); },
         "ValueError: negative shift count"},
        {"float shift", [](TestRuntime& rt) { return op(rt, kLShift, real(1.5), integer(1)); },
         "TypeError: unsupported operand type(s) for <<: 'float' and 'int'"},
        {"xor", [](TestRuntime& rt) { return op(rt, kXor, integer(6), integer(3)); }, "5"},
        {"int plus str", [](TestRuntime& rt) { return op(rt, kAdd, integer(1), text("a")); },
         "TypeError: unsupported operand type(s) for +: 'int' and 'str'"},
        {"inplace int plus str",
         [](TestRuntime& rt) { return op(rt, kInplaceAdd, integer(1), text("a")); },
         "TypeError: unsupported operand type(s) for +=: 'int' and 'str'"},
        {"str power", [](TestRuntime& rt) { return op(rt, kPower, text("a"), integer(2)); },
         "TypeError: unsupported operand type(s) for ** or pow(): 'str' and 'int'"},
        {"str plus int", [](TestRuntime& rt) { return op(rt, kAdd, text("a"), integer(1)); },
         "TypeError: can only concatenate str (not \"int\") to str"},
        {"list plus tuple",
         [](TestRuntime& rt) { return op(rt, kAdd, list({integer(1)}), tuple({integer(1)})); },
         "TypeError: can only concatenate list (not \"tuple\") to list"},
        {"str times float", [](TestRuntime& rt) { return op(rt, kMultiply, text("a"), real(1.5)); },
         "TypeError: can't multiply sequence by non-int of type 'float'"},
        {"int times str", [](TestRuntime& rt) { return op(rt, kMultiply, integer(3), text("ab")); },
         "'ababab'"},
        {"list repeat",
         [](TestRuntime& rt) { return op(rt, kMultiply, list({integer(0)}), integer(3)); },
         "[0, 0, 0]"},
        {"negative repeat",
         [](TestRuntime& rt) { return op(rt, kMultiply, tuple({integer(1)}), integer(-2)); }, "()"},
        {"repeat past the limit",
         [](TestRuntime& rt) {
             return op(rt, kMultiply, list({integer(0)}), integer(1'000'000'000'000));
         },
         "MemoryError: the lesson VM allows at most 10000000 items in one container"},
        {"list += tuple extends",
         [](TestRuntime& rt) {
             Value xs = list({integer(1)});
             Value same = op(rt, kInplaceAdd, xs, tuple({integer(2)}));
             return tuple({same, Value::boolean(isSame(same, xs))});
         },
         "([1, 2], True)"},
        {"list *= in place",
         [](TestRuntime& rt) {
             Value xs = list({integer(1)});
             Value same = op(rt, kInplaceMultiply, xs, integer(2));
             return tuple({xs, Value::boolean(isSame(same, xs))});
         },
         "([1, 1], True)"},
        {"list += int", [](TestRuntime& rt) { return op(rt, kInplaceAdd, list({}), integer(1)); },
         "TypeError: 'int' object is not iterable"},
        {"unary minus str",
         [](TestRuntime& rt) { return unaryOp(rt, Opcode::UNARY_NEGATIVE, text("a")); },
         "TypeError: bad operand type for unary -: 'str'"},
        {"invert float",
         [](TestRuntime& rt) { return unaryOp(rt, Opcode::UNARY_INVERT, real(1.5)); },
         "TypeError: bad operand type for unary ~: 'float'"},
        {"invert bool",
         [](TestRuntime& rt) { return unaryOp(rt, Opcode::UNARY_INVERT, Value::boolean(true)); },
         "-2"},
        {"int < str", [](TestRuntime& rt) { return compare(rt, kLess, integer(1), text("a")); },
         "TypeError: '<' not supported between instances of 'int' and 'str'"},
        {"int == float", [](TestRuntime& rt) { return compare(rt, kEqual, integer(1), real(1.0)); },
         "True"},
        {"exact int float order",
         [](TestRuntime& rt) {
             return compare(rt, kLess, integer(9007199254740993), real(9007199254740992.0));
         },
         "False"},
        {"exact int float equality",
         [](TestRuntime& rt) {
             return compare(rt, kEqual, integer(9007199254740993), real(9007199254740992.0));
         },
         "False"},
        {"nan",
         [](TestRuntime& rt) {
             return compare(rt, kEqual, real(std::nan("")), real(std::nan("")));
         },
         "False"},
        {"str order",
         [](TestRuntime& rt) { return compare(rt, kLess, text("apple"), text("banana")); }, "True"},
        {"non-ascii str order",
         [](TestRuntime& rt) { return compare(rt, kGreater, text("é"), text("z")); }, "True"},
        {"list order",
         [](TestRuntime& rt) {
             return compare(rt, kLess, list({integer(1), integer(2)}),
                            list({integer(1), integer(3)}));
         },
         "True"},
        {"tuple mixed order",
         [](TestRuntime& rt) {
             return compare(rt, kLess, tuple({integer(1), integer(2)}),
                            tuple({integer(1), text("a")}));
         },
         "TypeError: '<' not supported between instances of 'int' and 'str'"},
        {"list vs tuple", [](TestRuntime& rt) { return compare(rt, kLess, list({}), tuple({})); },
         "TypeError: '<' not supported between instances of 'list' and 'tuple'"},
        {"list == tuple", [](TestRuntime& rt) { return compare(rt, kEqual, list({}), tuple({})); },
         "False"},
        {"set subset",
         [](TestRuntime& rt) {
             Value a = rt.callBuiltin("set", {list({integer(1)})});
             Value b = rt.callBuiltin("set", {list({integer(1), integer(2)})});
             return compare(rt, kLess, a, b);
         },
         "True"},
        {"list index",
         [](TestRuntime& rt) { return subscript(rt, list({integer(1)}), integer(1)); },
         "IndexError: list index out of range"},
        {"tuple index",
         [](TestRuntime& rt) { return subscript(rt, tuple({integer(1)}), integer(5)); },
         "IndexError: tuple index out of range"},
        {"str index", [](TestRuntime& rt) { return subscript(rt, text("a"), integer(5)); },
         "IndexError: string index out of range"},
        {"str index by code point",
         [](TestRuntime& rt) { return subscript(rt, text("héllo"), integer(-4)); }, "'é'"},
        {"str slice step",
         [](TestRuntime& rt) {
             return subscript(rt, text("héllo"),
                              Value::make<SliceObject>(Value::none(), Value::none(), integer(-2)));
         },
         "'olh'"},
        {"list slice",
         [](TestRuntime& rt) {
             return subscript(rt, list({integer(1), integer(2), integer(3)}),
                              Value::make<SliceObject>(integer(5), integer(1), integer(-1)));
         },
         "[3]"},
        {"range slice",
         [](TestRuntime& rt) {
             return subscript(rt, Value::make<RangeObject>(0, 10, 1),
                              Value::make<SliceObject>(Value::none(), Value::none(), integer(-1)));
         },
         "range(9, -1, -1)"},
        {"slice step zero",
         [](TestRuntime& rt) {
             return subscript(rt, list({}),
                              Value::make<SliceObject>(Value::none(), Value::none(), integer(0)));
         },
         "ValueError: slice step cannot be zero"},
        {"list by str", [](TestRuntime& rt) { return subscript(rt, list({}), text("a")); },
         "TypeError: list indices must be integers or slices, not str"},
        {"str by str", [](TestRuntime& rt) { return subscript(rt, text("abc"), text("x")); },
         "TypeError: string indices must be integers, not 'str'"},
        {"int subscript", [](TestRuntime& rt) { return subscript(rt, integer(1), integer(0)); },
         "TypeError: 'int' object is not subscriptable"},
        {"missing key", [](TestRuntime& rt) { return subscript(rt, newDict(), text("x")); },
         "KeyError: 'x'"},
        {"unhashable key", [](TestRuntime& rt) { return subscript(rt, newDict(), list({})); },
         "TypeError: unhashable type: 'list'"},
        {"tuple assignment",
         [](TestRuntime& rt) {
             storeSubscript(rt, tuple({integer(1)}), integer(0), integer(1));
             return Value::none();
         },
         "TypeError: 'tuple' object does not support item assignment"},
        {"str assignment",
         [](TestRuntime& rt) {
             storeSubscript(rt, text("a"), integer(0), text("b"));
             return Value::none();
         },
         "TypeError: 'str' object does not support item assignment"},
        {"list assignment",
         [](TestRuntime& rt) {
             storeSubscript(rt, list({integer(1)}), integer(5), integer(1));
             return Value::none();
         },
         "IndexError: list assignment index out of range"},
        {"slice assignment",
         [](TestRuntime& rt) {
             Value xs = list({integer(1), integer(2), integer(3), integer(4)});
             storeSubscript(rt, xs, Value::make<SliceObject>(integer(1), integer(3), Value::none()),
                            text("ab"));
             return xs;
         },
         "[1, 'a', 'b', 4]"},
        {"extended slice size",
         [](TestRuntime& rt) {
             storeSubscript(rt, list({integer(1), integer(2), integer(3)}),
                            Value::make<SliceObject>(Value::none(), Value::none(), integer(2)),
                            list({integer(1)}));
             return Value::none();
         },
         "ValueError: attempt to assign sequence of size 1 to extended slice of size 2"},
        {"delete tuple item",
         [](TestRuntime& rt) {
             deleteSubscript(rt, tuple({integer(1)}), integer(0));
             return Value::none();
         },
         "TypeError: 'tuple' object doesn't support item deletion"},
        {"delete slice",
         [](TestRuntime& rt) {
             Value xs = list({integer(1), integer(2), integer(3), integer(4)});
             deleteSubscript(rt, xs,
                             Value::make<SliceObject>(Value::none(), Value::none(), integer(2)));
             return xs;
         },
         "[2, 4]"},
        {"unpack too many",
         [](TestRuntime& rt) {
             std::vector<Value> out;
             unpack(rt, list({integer(1), integer(2), integer(3)}), 2, out);
             return Value::none();
         },
         "ValueError: too many values to unpack (expected 2)"},
        {"unpack not enough",
         [](TestRuntime& rt) {
             std::vector<Value> out;
             unpack(rt, list({integer(1), integer(2)}), 3, out);
             return Value::none();
         },
         "ValueError: not enough values to unpack (expected 3, got 2)"},
        {"unpack an int",
         [](TestRuntime& rt) {
             std::vector<Value> out;
             unpack(rt, integer(1), 2, out);
             return Value::none();
         },
         "TypeError: cannot unpack non-iterable int object"},
        {"iterate an int", [](TestRuntime& rt) { return getIter(rt, integer(1)); },
         "TypeError: 'int' object is not iterable"},
        {"in str",
         [](TestRuntime& rt) {
             return Value::boolean(contains(rt, text("hello"), text("ell")) == 1);
         },
         "True"},
        {"int in str",
         [](TestRuntime& rt) {
             contains(rt, text("a"), integer(1));
             return Value::none();
         },
         "TypeError: 'in <string>' requires string as left operand, not int"},
        {"in range",
         [](TestRuntime& rt) {
             return Value::boolean(contains(rt, Value::make<RangeObject>(0, 10, 3), integer(9)) ==
                                   1);
         },
         "True"},
        {"in int",
         [](TestRuntime& rt) {
             contains(rt, integer(1), integer(1));
             return Value::none();
         },
         "TypeError: argument of type 'int' is not iterable"},
        {"attribute", [](TestRuntime& rt) { return getAttribute(rt, integer(1), "foo"); },
         "AttributeError: 'int' object has no attribute 'foo'"},
        {"type attribute",
         [](TestRuntime& rt) { return getAttribute(rt, rt.builtin("int"), "foo"); },
         "AttributeError: type object 'int' has no attribute 'foo'"},
        {"not callable",
         [](TestRuntime& rt) { return callNative(rt, integer(1), CallArguments{}); },
         "TypeError: 'int' object is not callable"},
        {"1 == 1.0 == True as keys",
         [](TestRuntime& rt) {
             Value d = newDict();
             d.as<DictObject>().set(rt, integer(1), text("int"));
             d.as<DictObject>().set(rt, real(1.0), text("float"));
             d.as<DictObject>().set(rt, Value::boolean(true), text("bool"));
             return d;
         },
         "{1: 'bool'}"},
        {"recursive list",
         [](TestRuntime& rt) {
             Value xs = list({});
             xs.as<ListObject>().items.push_back(xs);
             const Value shown = newStr(repr(rt, xs));
             xs.as<ListObject>().items.clear();  // break the cycle so the list is freed
             return shown;
         },
         "'[[...]]'"},
        {"set order as CPython's",
         [](TestRuntime& rt) {
             return rt.callBuiltin(
                 "set", {list({integer(3), integer(1), integer(2), integer(10), integer(-1)})});
         },
         "{1, 2, 3, 10, -1}"},
        {"dict views",
         [](TestRuntime& rt) {
             Value d = rt.callBuiltin("dict", {}, {{"a", integer(1)}});
             return tuple({rt.callMethod(d, "keys", {}), rt.callMethod(d, "items", {})});
         },
         "(dict_keys(['a']), dict_items([('a', 1)]))"},
        {"hash of tuple",
         [](TestRuntime& rt) {
             return rt.callBuiltin("hash", {tuple({integer(1), integer(2)})});
         },
         "-3550055125485641917"},
        {"hash of float", [](TestRuntime& rt) { return rt.callBuiltin("hash", {real(1.5)}); },
         "1152921504606846977"},
        {"hash of minus one", [](TestRuntime& rt) { return rt.callBuiltin("hash", {integer(-1)}); },
         "-2"},
        {"repr of types and builtins",
         [](TestRuntime& rt) {
             return tuple({rt.builtin("int"), rt.builtin("len")});
         },
         "(<class 'int'>, <built-in function len>)"},
    };
    return table;
}

}  // namespace

class OperationsTest : public QObject {
    Q_OBJECT

private slots:
    void floorDivisionMatchesCPython_data() {
        QTest::addColumn<QString>("line");
        QFile golden(goldenDirectory + QStringLiteral("/floor_division.txt"));
        QVERIFY(golden.open(QIODevice::ReadOnly));
        for (const QByteArray& line : golden.readAll().split('\n')) {
            if (!line.isEmpty()) QTest::newRow(line.constData()) << QString::fromUtf8(line);
        }
    }
    void floorDivisionMatchesCPython() {
        QFETCH(QString, line);
        const QStringList fields = line.split(QLatin1Char('\t'));
        QCOMPARE(fields.size(), 5);
        TestRuntime rt;
        const Value a = numberFromRepr(fields[0].toStdString());
        const Value b = numberFromRepr(fields[1].toStdString());
        QCOMPARE(QString::fromStdString(rt.outcome(binaryOp(rt, kFloorDivide, a, b))), fields[2]);
        QCOMPARE(QString::fromStdString(rt.outcome(binaryOp(rt, kRemainder, a, b))), fields[3]);
        QCOMPARE(QString::fromStdString(rt.outcome(rt.callBuiltin("divmod", {a, b}))), fields[4]);
    }

    void operationMatchesCPython_data() {
        QTest::addColumn<int>("index");
        for (std::size_t i = 0; i < cases().size(); ++i)
            QTest::newRow(cases()[i].name) << static_cast<int>(i);
    }
    void operationMatchesCPython() {
        QFETCH(int, index);
        const Case& item = cases()[static_cast<std::size_t>(index)];
        TestRuntime rt;
        const Value result = item.compute(rt);
        QCOMPARE(QString::fromStdString(rt.outcome(result)), QString::fromUtf8(item.expected));
    }

    void subtractKeepsBoolsInts() {
        TestRuntime rt;
        QCOMPARE(QString::fromStdString(rt.outcome(
                     binaryOp(rt, kSubtract, Value::boolean(false), Value::boolean(true)))),
                 QStringLiteral("-1"));
    }

    void objectsAreFreed() {
        const std::int64_t before = Runtime::liveObjects();
        {
            TestRuntime rt;
            Value xs = list({text("a"), tuple({text("b")})});
            QVERIFY(Runtime::liveObjects() > before);
        }
        // The builtin types are made once per thread and stay; nothing else may leak.
        TestRuntime warmed;
        const std::int64_t settled = Runtime::liveObjects();
        { Value xs = list({text("a"), tuple({text("b")})}); }
        QCOMPARE(Runtime::liveObjects(), settled);
    }
};

QTEST_GUILESS_MAIN(OperationsTest)
#include "tst_operations.moc"
