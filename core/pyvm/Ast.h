#pragma once

#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "pyvm/Constant.h"

// The syntax tree of the lesson subset of Python. Node and field names follow CPython's `ast`
// module one for one, so a tree can be dumped in `ast.dump` form and compared with CPython's.
namespace mlsyslab::pyvm::ast {

// Where a node sits, as CPython's `ast` reports it: lines 1-based, columns 0-based in code points,
// the end one past the last character.
struct Location {
    int line = 1;
    int column = 0;
    int endLine = 1;
    int endColumn = 0;
};

enum class Context { Load, Store, Del };

enum class BinaryOperator { Add, Sub, Mult, MatMult, Div, Mod, Pow, LShift, RShift, BitOr, BitXor, BitAnd, FloorDiv };
enum class UnaryOperator { Invert, Not, UAdd, USub };
enum class BooleanOperator { And, Or };
enum class CompareOperator { Eq, NotEq, Lt, LtE, Gt, GtE, Is, IsNot, In, NotIn };

struct Expr;
struct Stmt;
using ExprPtr = std::unique_ptr<Expr>;
using StmtPtr = std::unique_ptr<Stmt>;
using ExprList = std::vector<ExprPtr>;
using StmtList = std::vector<StmtPtr>;

// --- expressions -------------------------------------------------------------------------------

// A literal: None, True/False, int, float, str, Ellipsis. Adjacent string literals arrive joined.
struct ConstantExpr {
    Constant value;
    // "u" for a str literal written u"...", as CPython's ast keeps it (ast.dump shows kind='u');
    // empty otherwise. It makes no difference to the bytecode.
    std::string kind = {};
};
struct Name {
    std::string id;
    Context ctx = Context::Load;
};
struct BinOp {
    ExprPtr left;
    BinaryOperator op = BinaryOperator::Add;
    ExprPtr right;
};
struct UnaryOp {
    UnaryOperator op = UnaryOperator::USub;
    ExprPtr operand;
};
struct BoolOp {
    BooleanOperator op = BooleanOperator::And;
    ExprList values;
};
struct Compare {
    ExprPtr left;
    std::vector<CompareOperator> ops;
    ExprList comparators;
};
struct Keyword {
    std::optional<std::string> arg;  // empty for `**mapping`
    ExprPtr value;
    Location where;
};
struct Call {
    ExprPtr func;
    ExprList args;  // may contain Starred
    std::vector<Keyword> keywords;
};
struct Attribute {
    ExprPtr value;
    std::string attr;
    Context ctx = Context::Load;
};
struct Subscript {
    ExprPtr value;
    ExprPtr slice;  // a Slice, a Tuple of them, or any expression
    Context ctx = Context::Load;
};
struct Slice {
    ExprPtr lower;  // each may be null
    ExprPtr upper;
    ExprPtr step;
};
struct Starred {
    ExprPtr value;
    Context ctx = Context::Load;
};
struct List {
    ExprList elts;
    Context ctx = Context::Load;
};
struct Tuple {
    ExprList elts;
    Context ctx = Context::Load;
};
struct Set {
    ExprList elts;
};
struct Dict {
    ExprList keys;  // a null key means `**values[i]`
    ExprList values;
};
struct Comprehension {
    ExprPtr target;
    ExprPtr iter;
    ExprList ifs;
};
struct ListComp {
    ExprPtr elt;
    std::vector<Comprehension> generators;
};
struct IfExp {
    ExprPtr test;
    ExprPtr body;
    ExprPtr orelse;
};
struct Arg {
    std::string name;
    Location where;
};
struct Arguments {
    std::vector<Arg> posonlyargs;
    std::vector<Arg> args;
    std::optional<Arg> vararg;
    std::vector<Arg> kwonlyargs;
    ExprList kwDefaults;  // one per kwonlyarg, null where it has no default
    std::optional<Arg> kwarg;
    ExprList defaults;  // for the last len(defaults) of posonlyargs + args
};
struct Lambda {
    Arguments args;
    ExprPtr body;
};
// One `{value!conversion:format_spec}` of an f-string; conversion is -1, 's', 'r' or 'a'.
struct FormattedValue {
    ExprPtr value;
    int conversion = -1;
    ExprPtr formatSpec;  // a JoinedStr, or null
};
struct JoinedStr {
    ExprList values;  // ConstantExpr (str) and FormattedValue
};

struct Expr {
    using Node = std::variant<ConstantExpr, Name, BinOp, UnaryOp, BoolOp, Compare, Call, Attribute,
                              Subscript, Slice, Starred, List, Tuple, Set, Dict, ListComp, IfExp,
                              Lambda, FormattedValue, JoinedStr>;
    Node node;
    Location where;
};

// --- statements --------------------------------------------------------------------------------

struct FunctionDef {
    std::string name;
    Arguments args;
    StmtList body;
};
struct Return {
    ExprPtr value;  // may be null
};
struct Delete {
    ExprList targets;
};
struct Assign {
    ExprList targets;  // `a = b = 1` has two
    ExprPtr value;
};
struct AugAssign {
    ExprPtr target;
    BinaryOperator op = BinaryOperator::Add;
    ExprPtr value;
};
struct For {
    ExprPtr target;
    ExprPtr iter;
    StmtList body;
    StmtList orelse;
};
struct While {
    ExprPtr test;
    StmtList body;
    StmtList orelse;
};
struct If {
    ExprPtr test;
    StmtList body;
    StmtList orelse;  // `elif` arrives as a single nested If
};
struct Global {
    std::vector<std::string> names;
};
struct Nonlocal {
    std::vector<std::string> names;
};
struct ExprStmt {
    ExprPtr value;
};
struct Pass {};
struct Break {};
struct Continue {};

struct Stmt {
    using Node = std::variant<FunctionDef, Return, Delete, Assign, AugAssign, For, While, If,
                              Global, Nonlocal, ExprStmt, Pass, Break, Continue>;
    Node node;
    Location where;
};

struct Module {
    StmtList body;
};

}  // namespace mlsyslab::pyvm::ast
