#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "pyvm/Ast.h"
#include "pyvm/CompilationUnit.h"
#include "pyvm/Lexer.h"
#include "pyvm/SymbolTable.h"

namespace mlsyslab::pyvm {

// Turns an optimized syntax tree into code objects, statement by statement as CPython 3.11's
// compile.c does, so the blocks handed to the flow-graph passes are the ones CPython builds.
class CodeGenerator {
public:
    CodeGenerator(const SymbolTable& symbols, std::string filename);

    std::shared_ptr<const CodeObject> module(const ast::Module& module);
    const std::optional<SyntaxError>& error() const { return error_; }

private:
    const SymbolTable& symbols_;
    std::string filename_;
    std::vector<std::unique_ptr<CompilationUnit>> units_;  // the innermost is being compiled
    std::optional<SyntaxError> error_;

    // --- units, locations and emission (CodeGenerator.cpp) ---
    CompilationUnit& unit() { return *units_.back(); }
    void enterScope(CompilationUnit::Kind kind, const ScopeInfo& scope, std::string name, int firstLine);
    std::shared_ptr<const CodeObject> exitScope();
    void setLocation(const ast::Location& where);
    void clearLocation();
    void fail(std::string message);
    void emit(int opcode, int arg = 0);
    void emitNoLine(int opcode, int arg = 0);
    void emitJump(int opcode, int target);
    void emitJumpNoLine(int opcode, int target);
    void loadConstant(const Constant& value);
    int newBlock();
    void useNextBlock(int block);
    void nameOperation(const std::string& name, ast::Context context);
    void body(const ast::StmtList& statements);

    // --- statements (StatementCodegen.cpp) ---
    void statement(const ast::Stmt& statement);
    void statements(const ast::StmtList& list);
    void assignment(const ast::Assign& assign);
    void augmentedAssignment(const ast::AugAssign& assign);
    void ifStatement(const ast::If& node);
    void forLoop(const ast::For& node);
    void whileLoop(const ast::Stmt& statement, const ast::While& node);
    void returnStatement(const ast::Stmt& statement, const ast::Return& node);
    void breakStatement();
    void continueStatement();
    void expressionStatement(const ast::ExprStmt& node);
    void unwindLoops(bool preserveTop);

    // --- expressions (ExpressionCodegen.cpp) ---
    void expression(const ast::Expr& expression);
    void expressionHere(const ast::Expr& expression);
    void jumpIf(const ast::Expr& expression, int target, bool condition);
    void boolOperation(const ast::BoolOp& node);
    void comparison(const ast::Compare& node);
    void addComparison(ast::CompareOperator op);
    void conditionalExpression(const ast::IfExp& node);
    void attribute(const ast::Expr& expression, const ast::Attribute& node);
    void subscript(const ast::Subscript& node);
    void slice(const ast::Slice& node);
    void joinedString(const ast::JoinedStr& node);
    void formattedValue(const ast::FormattedValue& node);
    void moveStartToAttribute(const ast::Expr& attribute);

    // --- displays, unpacking and calls (CollectionCodegen.cpp, CallCodegen.cpp) ---
    void starUnpack(const ast::ExprList& elements, int pushed, int build, int add, int extend, bool tuple);
    void unpackAssignment(const ast::ExprList& elements);
    void dictionary(const ast::Dict& node);
    void subDictionary(const ast::Dict& node, std::size_t begin, std::size_t end);
    void call(const ast::Call& node);
    bool methodCall(const ast::Call& node);
    void callArguments(int pushed, const ast::ExprList& args, const std::vector<ast::Keyword>& keywords);
    void keywordNames(const std::vector<ast::Keyword>& keywords);
    void subKeywordArguments(const std::vector<ast::Keyword>& keywords, std::size_t begin, std::size_t end);
    bool validKeywords(const std::vector<ast::Keyword>& keywords);

    // --- functions, lambdas, comprehensions (FunctionCodegen.cpp) ---
    void functionDefinition(const ast::Stmt& definition, const ast::FunctionDef& node);
    void lambda(const ast::Expr& expression, const ast::Lambda& node);
    void listComprehension(const ast::Expr& expression, const ast::ListComp& node);
    void comprehensionGenerator(const ast::ListComp& node, std::size_t index, int depth);
    int defaultArguments(const ast::Arguments& arguments);
    void makeClosure(const std::shared_ptr<const CodeObject>& code, int flags);
    void setArgumentCounts(const ast::Arguments& arguments);
};

}  // namespace mlsyslab::pyvm
