#include "pyvm/PyVmSimWidget.h"

#include <yaml-cpp/yaml.h>

#include "lesson/kinds/PyVmKind.h"
#include "pyvm/LessonVmRunner.h"
#include "pyvm/PyVmWidget.h"

namespace mlsyslab::widgets {

QWidget* createPyVmSimWidget(const lesson::SimBlock& block, QWidget* parent) {
    lesson::kinds::PyVmState state;
    try {
        // The lesson validator has already reported any problem; here bad parts get defaults.
        state = lesson::kinds::readPyVmState(YAML::Load(block.stateYaml)).state;
    } catch (const YAML::Exception&) {
    }
    return new PyVmWidget(state, runOnLessonVm, parent);
}

}  // namespace mlsyslab::widgets
