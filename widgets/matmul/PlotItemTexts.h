#pragma once

#include <QStringList>
#include <qcustomplot.h>
#include <vector>

namespace mlsyslab::widgets {

// The texts of a plot's labels, in order: what the plots' tests read to see what is drawn.
inline QStringList itemTexts(const std::vector<QCPItemText*>& items) {
    QStringList texts;
    for (const QCPItemText* item : items) texts << item->text();
    return texts;
}

}  // namespace mlsyslab::widgets
