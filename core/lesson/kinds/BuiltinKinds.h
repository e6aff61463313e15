#pragma once

#include "lesson/SimKindRegistry.h"

namespace mlsyslab::lesson::kinds {

// Every simulator kind this build knows. A new engine adds its kind here (one line) and its
// widget factory in widgets/SimWidgets.cpp; the lesson player needs no change.
SimKindRegistry builtinSimKinds();

}  // namespace mlsyslab::lesson::kinds
