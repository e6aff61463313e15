#pragma once

#include "common/SimWidgetRegistry.h"

namespace mlsyslab::widgets {

// The widget factory of every simulator kind in core's builtinSimKinds(), by the same names.
SimWidgetRegistry builtinSimWidgets();

}  // namespace mlsyslab::widgets
