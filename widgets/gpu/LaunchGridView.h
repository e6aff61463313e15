#pragma once

#include <QWidget>
#include <cstdint>
#include <optional>
#include <utility>

#include "gpu/LaunchPicture.h"

namespace mlsyslab::widgets {

// The grid of a matrixAdd launch, drawn as the matrix it computes: blocks side by side as the
// grid places them, each block's threads as cells (threadIdx.x across, threadIdx.y down), so a
// cell sits where its element C[j][i] does. Each block is framed in the colour of the SM it
// runs on (smColor) and headed with that SM; a thick line outlines each warp (32 consecutive
// linear thread ids, so a warp may take part of a row); threads outside the matrix are hatched
// grey. Numbers along the top are i, down the side j. The selected thread is filled with the
// highlight colour. Clicking a thread chooses it; with the focus here, the arrow keys move to
// the neighbouring thread, Home and End to the first and last thread drawn.
// Cells shrink to fit the width, and grow to a comfortable size when the launch is small; sizes
// are in line heights of the font, so presentation mode scales everything.
class LaunchGridView : public QWidget {
    Q_OBJECT
public:
    explicit LaunchGridView(QWidget* parent = nullptr);

    void setPicture(LaunchPicture picture);
    const LaunchPicture& picture() const { return picture_; }
    void setSelected(std::int64_t i, std::int64_t j);
    std::int64_t selectedI() const { return selectedI_; }
    std::int64_t selectedJ() const { return selectedJ_; }

    // Where the thread with global (i, j) is drawn (empty when it is not drawn), where a block's
    // frame is, and which thread is under a point.
    QRect cellRect(std::int64_t i, std::int64_t j) const;
    QRect blockRect(int blockX, int blockY) const;
    std::optional<std::pair<std::int64_t, std::int64_t>> threadAt(QPoint point) const;
    // The text heading a block's frame ("block (1, 0) · SM 1"; shorter where it must be).
    QString blockHeading(int blockX, int blockY) const;
    // The label drawn in a thread's cell at the view's width: "13,2", "13\n2" (x above y) where
    // the cells are too narrow for one line, empty where they are too small for either. Every
    // drawn cell is labelled the same way, so no thread looks missing beside labelled ones.
    QString cellLabel(std::int64_t i, std::int64_t j) const;

    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

signals:
    void threadChosen(qint64 i, qint64 j);

protected:
    bool event(QEvent* event) override;
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void changeEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    // Where things go at one width; sizes in pixels, from line heights of the font.
    struct Geometry {
        double line = 0;
        double cell = 0;
        double padding = 0;
        double heading = 0;  // 0: the blocks are too narrow for a heading
        double gap = 0;
        double rulerTop = 0;
        double rulerLeft = 0;
        double blockWidth = 0;   // frame, padding included
        double blockHeight = 0;  // frame, heading and padding included
        int height(const LaunchPicture& picture) const;
    };
    // Thread labels and rulers, and block headings, against the widget's font.
    static constexpr double kCellTextScale = 0.8;
    static constexpr double kHeadingScale = 0.9;
    // How every cell is labelled at one geometry: on one line or on two, at a text size that
    // fits the cells, or not at all.
    struct CellLabels {
        enum class Layout { OneLine, TwoLines, None };
        Layout layout = Layout::None;
        double textScale = kCellTextScale;
    };

    Geometry geometryFor(int width) const;
    QRectF cellRectIn(const Geometry& geometry, std::int64_t i, std::int64_t j) const;
    QRectF blockRectIn(const Geometry& geometry, int blockX, int blockY) const;
    QString headingFor(const Geometry& geometry, int blockX, int blockY) const;
    // The drawn neighbour of a thread one step along an axis, or the thread itself at an edge.
    std::int64_t steppedIndex(std::int64_t index, int step, int blockExtent, int shownThreads,
                              int shownBlocks) const;
    // The one way that fits the widest label of the drawn threads, largest text first.
    CellLabels cellLabelsFor(const Geometry& geometry) const;
    QString cellLabelText(CellLabels::Layout layout, std::int64_t i, std::int64_t j) const;
    void paintBlock(QPainter& painter, const Geometry& geometry, const CellLabels& labels,
                    int blockX, int blockY) const;
    void paintRulers(QPainter& painter, const Geometry& geometry) const;

    LaunchPicture picture_;
    std::int64_t selectedI_ = 0;
    std::int64_t selectedJ_ = 0;
};

}  // namespace mlsyslab::widgets
