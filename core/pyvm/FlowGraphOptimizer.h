#pragma once

#include <vector>

#include "pyvm/Constant.h"
#include "pyvm/ControlFlowGraph.h"

// CPython 3.11's passes over the flow graph (compile.c), applied in assemble()'s order. Each
// keeps CPython's quirks, since the bytecode has to come out identical.
namespace mlsyslab::pyvm::cfg {

// optimize_basic_block: constant conditions, jump threading, tuple folding, SWAP elimination,
// PUSH_NULL folded into LOAD_GLOBAL.
void optimizeBlock(Graph& graph, int block, std::vector<Constant>& consts);

// clean_basic_block: drops NOPs unless one is needed to keep a line number.
void cleanBlock(Graph& graph, int block);

void normalizeBlocks(Graph& graph);  // normalize_basic_block on every block
void extendBlocks(Graph& graph);     // extend_block, newest block first

// optimize_cfg: the per-block optimizations, then unreachable code and redundant jumps go.
void optimizeGraph(Graph& graph, std::vector<Constant>& consts);

void duplicateExitsWithoutLine(Graph& graph);
void trimUnusedConstants(const Graph& graph, std::vector<Constant>& consts);
void propagateLineNumbers(Graph& graph);
void guaranteeLineForExits(Graph& graph, int firstLine);
void normalizeJumps(Graph& graph);  // pick the FORWARD/BACKWARD form of every jump

}  // namespace mlsyslab::pyvm::cfg
