// The pyvm view: the PyVmWidget, running programs on the lesson VM.

#include "common/SimWidgetRegistry.h"
#include "pyvm/lesson/PyVmKind.h"
#include "pyvm/LessonVmRunner.h"
#include "pyvm/PyVmWidget.h"

namespace mlsyslab::widgets {

namespace {

QWidget* createPyVmView(const lesson::kinds::PyVmState& state, QWidget* parent) {
    return new PyVmWidget(state, runOnLessonVm, parent);
}

const SimView kView(lesson::kinds::pyVmKind, createPyVmView);

}  // namespace

}  // namespace mlsyslab::widgets
