#pragma once

#include <QWidget>
#include <vector>

#include "numeric/FloatFormat.h"
#include "numeric/FloatRounding.h"

class QCheckBox;
class QComboBox;

namespace mlsyslab::widgets {

// The float simulator's settings in one row: the format, the rounding direction and saturation.
// It shows settings and reports what the student picks; applying them is the simulator's job.
//
// Child object names: formatSelector and roundingSelector (QComboBoxes whose item data are the
// lesson names, "fp16" and "nearest"), saturateBox (QCheckBox).
class FloatSettingsBar : public QWidget {
    Q_OBJECT
public:
    explicit FloatSettingsBar(QWidget* parent = nullptr);

    // Shows the settings without reporting them back.
    void showSettings(const numeric::FloatFormat& format, numeric::EncodeOptions options);

signals:
    void settingsChosen(const mlsyslab::numeric::FloatFormat& format,
                        mlsyslab::numeric::EncodeOptions options);

private:
    void changeEvent(QEvent* event) override;
    void reportChoice();
    void applyFonts();

    QComboBox* formatSelector_ = nullptr;
    QComboBox* roundingSelector_ = nullptr;
    QCheckBox* saturateBox_ = nullptr;
    std::vector<QWidget*> scaled_;  // everything with text, drawn a little larger
};

}  // namespace mlsyslab::widgets
