#pragma once

#include <QWidget>
#include <string>
#include <vector>

#include "matmul/MachineSurvey.h"

class QCheckBox;
class QGridLayout;

namespace mlsyslab::widgets {

// The benchmark's row of backend check boxes, one per backend the lesson offers, each with its
// colour (MatmulColors) as a swatch, so the boxes double as the plot's key. The CPU rungs fill
// the first row and the GPU rungs the second. A backend that cannot run here is unchecked and
// disabled, with the reason as its tooltip; until the machine is read (setSurvey) every box
// waits disabled.
// Child object names: "backend-NAME" for each check box.
class BackendChooser : public QWidget {
    Q_OBJECT
public:
    explicit BackendChooser(const std::vector<std::string>& names, QWidget* parent = nullptr);

    void setSurvey(const MachineSurvey& survey);
    // The checked backends, in the lesson's order.
    std::vector<std::string> checkedBackends() const;
    void setChecked(const std::string& name, bool checked);
    // While a run goes on the choice is frozen.
    void setLocked(bool locked);
    QCheckBox* checkBox(const std::string& name) const;

    // Swatches for the current palette.
    void restyle();

signals:
    void choiceChanged();

private:
    void updateEnabled();

    std::vector<std::string> names_;
    std::vector<QCheckBox*> boxes_;
    std::vector<bool> available_;
    bool locked_ = false;
};

}  // namespace mlsyslab::widgets
