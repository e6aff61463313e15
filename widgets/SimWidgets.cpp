#include "SimWidgets.h"

#include "numeric/BitsWidget.h"
#include "numeric/FixedWidget.h"
#include "numeric/IntWidget.h"

namespace mlsyslab::widgets {

SimWidgetRegistry builtinSimWidgets() {
    SimWidgetRegistry registry;
    registry.add("bits", createBitsSimWidget);
    registry.add("fixed", createFixedSimWidget);
    registry.add("int", createIntSimWidget);
    return registry;
}

}  // namespace mlsyslab::widgets
