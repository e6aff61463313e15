#include "gpu/LaunchText.h"

#include <QCoreApplication>
#include <QStringList>

namespace mlsyslab::widgets {

namespace {

QString tr(const char* text) {
    return QCoreApplication::translate("mlsyslab::widgets::CudaLaunchWidget", text);
}

// "1 warp" or "3 warps": the singular and plural sentences are separate source texts.
QString counted(std::int64_t count, const char* one, const char* many) {
    return count == 1 ? tr(one) : tr(many).arg(countText(count));
}

QString limiterWords(gpu::OccupancyLimiter limiter) {
    switch (limiter) {
        case gpu::OccupancyLimiter::Warps:
            return tr("the warps an SM can hold");
        case gpu::OccupancyLimiter::Registers:
            return tr("registers");
        case gpu::OccupancyLimiter::SharedMemory:
            return tr("shared memory");
        case gpu::OccupancyLimiter::Blocks:
            return tr("the blocks an SM can hold");
    }
    return {};
}

}  // namespace

QString pairText(std::int64_t x, std::int64_t y) {
    return QStringLiteral("(%1, %2)").arg(x).arg(y);
}

QString launchSummaryText(const LaunchPicture& picture) {
    const gpu::LaunchGeometry& launch = picture.launch;
    const int warps = launch.warpsPerBlock();
    const std::int64_t idleLanes =
        std::int64_t{warps} * launch.warpSize() - launch.threadsPerBlock();
    const bool oneBlock = launch.blockCount() == 1;
    QString warpPart = oneBlock ? counted(warps, "1 warp", "%1 warps")
                                : counted(warps, "1 warp each", "%1 warps each");
    const QString lanePart =
        idleLanes == 0 ? tr("no lane idle") : counted(idleLanes, "1 lane idle", "%1 lanes idle");
    return tr("%1 in %2 of %3 (%4, %5)")
        .arg(counted(launch.threadCount(), "1 thread", "%1 threads"),
             counted(launch.blockCount(), "1 block", "%1 blocks"),
             counted(launch.threadsPerBlock(), "1 thread", "%1 threads"), warpPart, lanePart);
}

QString guardText(const LaunchPicture& picture) {
    const QString matrix =
        tr("%1 × %2").arg(countText(picture.matrixColumns), countText(picture.matrixRows));
    QStringList sentences;
    if (picture.idleThreads() == 0 && picture.uncoveredElements() == 0) {
        sentences << tr("Every thread has one element of the %1 matrix C to compute.").arg(matrix);
    }
    if (picture.idleThreads() > 0) {
        sentences << tr("%1 outside the %2 matrix: for them the guard if (i < Nx && j < Ny) is "
                        "false, and they do nothing (hatched).")
                         .arg(counted(picture.idleThreads(), "1 thread falls", "%1 threads fall"),
                              matrix);
    }
    if (picture.uncoveredElements() > 0) {
        sentences << tr("The grid is too small: no thread computes %1 of C.")
                         .arg(counted(picture.uncoveredElements(), "1 element", "%1 elements"));
    }
    return sentences.join(QLatin1Char(' '));
}

QString formulaText(const LaunchPicture& picture, std::int64_t i, std::int64_t j) {
    const gpu::ThreadPlace place = picture.placeOf(i, j);
    const gpu::Dim3& block = picture.launch.block();
    QStringList lines;
    lines << QStringLiteral("i = blockIdx.x * blockDim.x + threadIdx.x = %1 * %2 + %3 = %4")
                 .arg(place.blockIdx.x)
                 .arg(block.x)
                 .arg(place.threadIdx.x)
                 .arg(place.globalX);
    lines << QStringLiteral("j = blockIdx.y * blockDim.y + threadIdx.y = %1 * %2 + %3 = %4")
                 .arg(place.blockIdx.y)
                 .arg(block.y)
                 .arg(place.threadIdx.y)
                 .arg(place.globalY);
    if (picture.isInMatrix(i, j)) {
        lines << QStringLiteral("C[%1][%2] = A[%1][%2] + B[%1][%2]").arg(j).arg(i);
    } else {
        QStringList failed;
        if (i >= picture.matrixColumns) {
            failed << QStringLiteral("i = %1 ≥ Nx = %2").arg(i).arg(picture.matrixColumns);
        }
        if (j >= picture.matrixRows) {
            failed << QStringLiteral("j = %1 ≥ Ny = %2").arg(j).arg(picture.matrixRows);
        }
        lines
            << tr("%1: the guard is false, this thread does nothing").arg(failed.join(tr(" and ")));
    }
    return lines.join(QLatin1Char('\n'));
}

QString threadDetailsText(const LaunchPicture& picture, std::int64_t i, std::int64_t j) {
    const gpu::ThreadPlace place = picture.placeOf(i, j);
    const gpu::Dim3& block = picture.launch.block();
    const gpu::BlockAssignment assignment = picture.assignmentOf(place.blockLinear);
    const int warpSize = picture.launch.warpSize();
    const QString where = picture.waves > 1 ? tr("Its block runs on SM %1, in wave %2 of %3.")
                                                  .arg(assignment.sm)
                                                  .arg(assignment.wave + 1)
                                                  .arg(picture.waves)
                                            : tr("Its block runs on SM %1.").arg(assignment.sm);
    return tr("blockIdx = %1   threadIdx = %2   blockDim = %3   gridDim = %4\n"
              "Linear id in its block: threadIdx.x + threadIdx.y * blockDim.x = %5 + %6 * %7 = "
              "%8, so warp %8 / %9 = %10, lane %8 % %9 = %11. %12")
        .arg(pairText(place.blockIdx.x, place.blockIdx.y),
             pairText(place.threadIdx.x, place.threadIdx.y), pairText(block.x, block.y),
             pairText(picture.launch.grid().x, picture.launch.grid().y))
        .arg(place.threadIdx.x)
        .arg(place.threadIdx.y)
        .arg(block.x)
        .arg(place.threadLinear)
        .arg(warpSize)
        .arg(place.warpInBlock)
        .arg(place.lane)
        .arg(where);
}

QString mappingText(const LaunchPicture& picture) {
    const gpu::DeviceModel& device = picture.device;
    const gpu::OccupancyResult& occupancy = picture.occupancy;
    QStringList limits;
    for (const gpu::OccupancyLimiter limiter : occupancy.limiters) limits << limiterWords(limiter);
    const QString perSm =
        tr("Each of the %1's %2 SMs holds up to %3 of %4 at once (the limit: %5), so %6 "
           "run together.")
            .arg(shortDeviceName(device), countText(device.smCount),
                 counted(occupancy.activeBlocksPerSm, "1 block", "%1 blocks"),
                 counted(picture.launch.threadsPerBlock(), "1 thread", "%1 threads"),
                 limits.join(tr(" and ")), countText(picture.blocksPerWave));
    const std::int64_t blocks = picture.launch.blockCount();
    QString waves;
    if (picture.waves <= 1) {
        const std::int64_t busySms = std::min<std::int64_t>(blocks, device.smCount);
        waves = tr("All %1 fit: one wave, on SMs 0 to %2; %3 idle.")
                    .arg(counted(blocks, "1 block", "%1 blocks"))
                    .arg(busySms - 1)
                    .arg(counted(device.smCount - busySms, "1 SM stays", "%1 SMs stay"));
        if (blocks == 1) waves = tr("The only block runs on SM 0; the other SMs stay idle.");
    } else {
        waves = tr("%1 take %2 waves: each wave starts as the one before finishes.")
                    .arg(counted(blocks, "1 block", "%1 blocks"), countText(picture.waves));
    }
    return perSm + QLatin1Char(' ') + waves + QLatin1Char(' ') +
           tr("The hardware may use any SM; the simulator deals blocks out in turn. Colours: "
              "each block's SM.");
}

QString shownPartText(const LaunchPicture& picture) {
    if (!picture.isCapped()) return {};
    const gpu::Dim3& grid = picture.launch.grid();
    const gpu::Dim3& block = picture.launch.block();
    QString text = tr("Drawn: the top-left %1 × %2 of the grid's %3 × %4 blocks")
                       .arg(picture.shownBlocksAcross)
                       .arg(picture.shownBlocksDown)
                       .arg(countText(grid.x), countText(grid.y));
    if (picture.shownThreadsAcross < block.x || picture.shownThreadsDown < block.y) {
        text += tr(", and of each block the first %1 × %2 of its %3 × %4 threads")
                    .arg(picture.shownThreadsAcross)
                    .arg(picture.shownThreadsDown)
                    .arg(countText(block.x), countText(block.y));
    }
    return text + tr(". The counts above are for the whole launch.");
}

QString launchCodeText(const LaunchPicture& picture, bool gridGiven) {
    const gpu::Dim3& block = picture.launch.block();
    const gpu::Dim3& grid = picture.launch.grid();
    const QString numBlocks =
        gridGiven ? QStringLiteral("dim3 numBlocks(%1, %2);").arg(grid.x).arg(grid.y)
                  : QStringLiteral(
                        "dim3 numBlocks((Nx + %1 - 1) / %1,\n"
                        "               (Ny + %2 - 1) / %2);  // (%3, %4)")
                        .arg(block.x)
                        .arg(block.y)
                        .arg(grid.x)
                        .arg(grid.y);
    return QStringLiteral(
               "const int Nx = %1, Ny = %2;\n"
               "dim3 threadsPerBlock(%3, %4);\n"
               "%5\n"
               "matrixAdd<<<numBlocks, threadsPerBlock>>>(A, B, C);\n"
               "\n"
               "__global__ void matrixAdd(float A[Ny][Nx],\n"
               "    float B[Ny][Nx], float C[Ny][Nx])\n"
               "{\n"
               "    int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
               "    int j = blockIdx.y * blockDim.y + threadIdx.y;\n"
               "    if (i < Nx && j < Ny)\n"
               "        C[j][i] = A[j][i] + B[j][i];\n"
               "}")
        .arg(picture.matrixColumns)
        .arg(picture.matrixRows)
        .arg(block.x)
        .arg(block.y)
        .arg(numBlocks);
}

QString failureText(const LaunchPicture& picture) {
    if (!picture.failure) return {};
    return tr("This launch cannot run: %1.").arg(QString::fromStdString(*picture.failure));
}

}  // namespace mlsyslab::widgets
