#pragma once

#include <string>
#include <vector>

#include "pyvm/Ast.h"

// The statements and expressions of a tree in the order Python's `ast.walk` yields them
// (breadth first, children in `ast.iter_child_nodes` order, which follows each node's fields),
// one line each: `ClassName lineno:col_offset-end_lineno:end_col_offset`, as the .locations
// goldens write them.
std::vector<std::string> locationLines(const mlsyslab::pyvm::ast::Module& module);
