#include "SimWidgets.h"

#include "numeric/BitsWidget.h"

namespace mlsyslab::widgets {

SimWidgetRegistry builtinSimWidgets() {
    SimWidgetRegistry registry;
    registry.add("bits", createBitsSimWidget);
    return registry;
}

}  // namespace mlsyslab::widgets
