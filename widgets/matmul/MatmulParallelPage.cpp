#include "matmul/MatmulParallelPage.h"

#include <QEvent>

namespace mlsyslab::widgets {

QString MatmulParallelPage::stepLabel(int step, int count) const {
    if (step == 0) return tr("start \u00B7 %1 steps").arg(count - 1);
    return tr("step %1 of %2").arg(step).arg(count - 1);
}

void MatmulParallelPage::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange) scaledFonts_.apply(font());
}

}  // namespace mlsyslab::widgets
