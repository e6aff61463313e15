#include "gpu/KernelChooser.h"

#include "gpu/BuiltinKernels.h"

namespace mlsyslab::widgets {

QComboBox* makeKernelChooser(const std::string& current, QWidget* parent) {
    auto* chooser = new QComboBox(parent);
    chooser->setObjectName(QStringLiteral("kernelChooser"));
    for (const std::string& id : gpu::builtinKernelIds()) {
        chooser->addItem(QString::fromStdString(id));
    }
    chooser->setCurrentText(QString::fromStdString(current));
    return chooser;
}

}  // namespace mlsyslab::widgets
