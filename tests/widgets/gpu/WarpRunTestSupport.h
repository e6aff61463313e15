#pragma once

// What the warp-timeline and divergence widget suites share: lesson states read from YAML, the
// simulator's own output for a configuration, and access to named children.
#include <yaml-cpp/yaml.h>

#include <QLabel>
#include <QTextDocument>
#include <QWidget>
#include <QtTest>

#include "gpu/BuiltinKernels.h"
#include "gpu/DeviceYaml.h"
#include "gpu/WarpSimulator.h"
#include "../WidgetTestSupport.h"

namespace mlsyslab::testing {

// Long enough for any simulation these suites start on a slow, shared machine: the tests wait
// for a result, they do not time it.
inline constexpr int kSimulationWaitMs = 60000;

inline QString labelText(const QWidget& widget, const char* name) {
    return part<QLabel>(widget, name)->text();
}

// A label's rich text as a reader sees it: tags dropped, entities decoded, no-break spaces
// read as spaces.
inline QString plainText(const QString& html) {
    QTextDocument document;
    document.setHtml(html);
    return document.toPlainText().replace(QChar(0x00a0), QLatin1Char(' '));
}

// The simulator run on its own, for what the widget must show.
inline gpu::SimulationResult simulate(const std::string& deviceId, const std::string& kernelId,
                                      const gpu::Dim3& grid, const gpu::Dim3& block,
                                      const std::string& policy, std::int64_t recordedCycles) {
    gpu::SimulationConfig config;
    config.device = *gpu::findBuiltinDevice(deviceId);
    config.kernel = *gpu::buildKernel(kernelId, grid, block);
    config.grid = grid;
    config.block = block;
    config.schedulerPolicy = policy;
    config.recordedSm = 0;
    config.maxRecordedCycles = recordedCycles;
    auto result = gpu::simulateLaunch(config);
    if (!result) qWarning("the simulator refused the test's launch: %s", result.error().c_str());
    return *result;
}

}  // namespace mlsyslab::testing
