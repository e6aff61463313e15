#pragma once

#include <yaml-cpp/yaml.h>

#include <cstdint>
#include <string>
#include <vector>

#include "lesson/KindSpec.h"

namespace mlsyslab::lesson::kinds {

// ```sim pyvm: a Python program run on the lesson VM (core/pyvm), shown Python Tutor style one
// bytecode instruction at a time: the source, the bytecode, the value stack, the frames, the
// globals and the output.
// Its fields, defaults and values: pyVmKind() below (and docs/lesson-format.md).
// The program is compiled when the lesson loads: a syntax error is reported at its line in the
// lesson file.

// One snapshot is a few hundred bytes to a few kilobytes (every frame's locals and stack as
// text), so a run is capped where it still fits comfortably in memory.
inline constexpr std::int64_t kDefaultPyVmMaxSteps = 10'000;
inline constexpr std::int64_t kMostPyVmMaxSteps = 100'000;

// The panes of the simulator, in the order `show` lists them in the docs.
enum class PyVmPane { Source, Bytecode, Stack, Frames, Globals, Output };
inline constexpr int kPyVmPaneCount = 6;

const std::vector<std::string>& pyVmPaneNames();  // "source", "bytecode", ... in PyVmPane order

struct PyVmState {
    std::string source;
    std::int64_t startStep = 0;
    std::vector<bool> shown = std::vector<bool>(kPyVmPaneCount, true);  // by PyVmPane
    bool editable = true;
    std::int64_t maxSteps = kDefaultPyVmMaxSteps;

    bool shows(PyVmPane pane) const { return shown.at(std::size_t(pane)); }
};



const KindSpec<PyVmState>& pyVmKind();

}  // namespace mlsyslab::lesson::kinds
