#include "matmul/BackendChooser.h"

#include <QCheckBox>
#include <QGridLayout>
#include <QPainter>
#include <QPixmap>

#include "matmul/MatmulColors.h"

namespace mlsyslab::widgets {

namespace {

bool runsOnGpu(const std::string& name) { return name.starts_with("cuda") || name == "cublas"; }

// A filled square a little smaller than a line of text, framed so that a light colour still
// shows on a light background.
QIcon swatch(const QColor& color, const QPalette& palette, int sizePixels) {
    QPixmap pixmap(sizePixels, sizePixels);
    pixmap.fill(Qt::transparent);
    QPainter painter(&pixmap);
    painter.setPen(QPen(palette.color(QPalette::Text), 1.0));
    painter.setBrush(color);
    painter.drawRect(QRectF(0.5, 0.5, sizePixels - 1.0, sizePixels - 1.0));
    return QIcon(pixmap);
}

}  // namespace

BackendChooser::BackendChooser(const std::vector<std::string>& names, QWidget* parent)
    : QWidget(parent), names_(names), available_(names.size(), false) {
    auto* grid = new QGridLayout(this);
    grid->setContentsMargins(0, 0, 0, 0);
    int cpuColumn = 0;
    int gpuColumn = 0;
    for (const std::string& name : names_) {
        auto* box = new QCheckBox(QString::fromStdString(name), this);
        box->setObjectName(QStringLiteral("backend-%1").arg(QString::fromStdString(name)));
        box->setChecked(true);
        box->setToolTip(tr("Reading this machine…"));
        if (runsOnGpu(name)) {
            grid->addWidget(box, 1, gpuColumn++);
        } else {
            grid->addWidget(box, 0, cpuColumn++);
        }
        connect(box, &QCheckBox::toggled, this, &BackendChooser::choiceChanged);
        boxes_.push_back(box);
    }
    grid->setColumnStretch(std::max(cpuColumn, gpuColumn), 1);
    updateEnabled();
    restyle();
}

void BackendChooser::setSurvey(const MachineSurvey& survey) {
    for (std::size_t index = 0; index < names_.size(); ++index) {
        const BackendInfo* info = survey.find(names_[index]);
        available_[index] = info != nullptr && info->available;
        QCheckBox* box = boxes_[index];
        if (info == nullptr) continue;
        QString tip =
            QStringLiteral("<b>%1</b>").arg(QString::fromStdString(info->title).toHtmlEscaped());
        if (!info->idea.empty())
            tip += QStringLiteral("<br>%1").arg(QString::fromStdString(info->idea).toHtmlEscaped());
        if (!info->available) {
            tip += QStringLiteral("<br><i>%1</i>")
                       .arg(tr("Cannot run here: %1")
                                .arg(QString::fromStdString(info->reason))
                                .toHtmlEscaped());
            box->setChecked(false);
        } else if (!info->detail.empty()) {
            tip +=
                QStringLiteral("<br>%1").arg(QString::fromStdString(info->detail).toHtmlEscaped());
        }
        box->setToolTip(tip);
    }
    updateEnabled();
}

std::vector<std::string> BackendChooser::checkedBackends() const {
    std::vector<std::string> checked;
    for (std::size_t index = 0; index < names_.size(); ++index) {
        if (boxes_[index]->isChecked() && available_[index]) checked.push_back(names_[index]);
    }
    return checked;
}

void BackendChooser::setChecked(const std::string& name, bool checked) {
    if (QCheckBox* box = checkBox(name)) box->setChecked(checked);
}

void BackendChooser::setLocked(bool locked) {
    locked_ = locked;
    updateEnabled();
}

QCheckBox* BackendChooser::checkBox(const std::string& name) const {
    for (std::size_t index = 0; index < names_.size(); ++index) {
        if (names_[index] == name) return boxes_[index];
    }
    return nullptr;
}

void BackendChooser::updateEnabled() {
    for (std::size_t index = 0; index < names_.size(); ++index)
        boxes_[index]->setEnabled(available_[index] && !locked_);
}

void BackendChooser::restyle() {
    const int side = std::max(8, fontMetrics().height() * 3 / 4);
    for (std::size_t index = 0; index < names_.size(); ++index) {
        boxes_[index]->setIcon(swatch(backendColor(names_[index], palette()), palette(), side));
        boxes_[index]->setIconSize(QSize(side, side));
    }
}

}  // namespace mlsyslab::widgets
