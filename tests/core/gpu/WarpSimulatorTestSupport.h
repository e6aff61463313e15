#pragma once

// What the warp simulator's suites share: a small device whose numbers a test can work by hand,
// and the one-letter status codes the hand-worked tables use.
#include <string>
#include <string_view>

#include "gpu/DeviceModel.h"
#include "gpu/KernelProgram.h"
#include "gpu/WarpSimulator.h"

namespace mlsyslab::testing {

// "12", "4,3", "4,3,2": a launch extent as the tests' tables write it (well-formed by the
// test's own making; the readers of user input are lesson/KindSpec's and the CLI's).
inline gpu::Dim3 dim3Of(std::string_view text) {
    int sizes[3] = {1, 1, 1};
    for (int axis = 0; axis < 3 && !text.empty(); ++axis) {
        const std::size_t comma = text.find(',');
        sizes[axis] = std::stoi(std::string(text.substr(0, comma)));
        text = comma == std::string_view::npos ? std::string_view() : text.substr(comma + 1);
    }
    return {sizes[0], sizes[1], sizes[2]};
}

// One SM, `schedulers` warp schedulers with 32 FP32 lanes each (so an ALU instruction takes its
// pipe for one cycle), short latencies (ALU and FMA 2, shared 3, global 6 cycles) and no DRAM
// bandwidth limit: only the rules of docs/gpu-simulator.md decide each cycle.
inline gpu::DeviceModel smallTestDevice(int schedulers = 1, int smCount = 1) {
    gpu::DeviceModel device;
    device.id = "test";
    device.name = "test device";
    device.computeMajor = 8;
    device.smCount = smCount;
    device.fp32CoresPerSm = 32 * schedulers;
    device.warpSize = 32;
    device.warpSchedulersPerSm = schedulers;
    device.maxThreadsPerSm = 2048;
    device.maxWarpsPerSm = 64;
    device.maxBlocksPerSm = 32;
    device.maxThreadsPerBlock = 1024;
    device.registersPerSm = 65536;
    device.registersPerBlock = 65536;
    device.maxRegistersPerThread = 255;
    device.registerAllocationUnit = 256;
    device.sharedMemoryPerSmBytes = 65536;
    device.sharedMemoryPerBlockBytes = 49152;
    device.sharedMemoryPerBlockOptinBytes = 49152;
    device.sharedMemoryAllocationUnitBytes = 128;
    device.reservedSharedMemoryPerBlockBytes = 0;
    device.aluLatencyCycles = 2;
    device.fmaLatencyCycles = 2;
    device.sharedMemoryLatencyCycles = 3;
    device.globalMemoryLatencyCycles = 6;
    return device;
}

// I issued, R ready, W waiting on a register, B at a barrier, P pipeline busy, F finished.
inline char statusLetter(gpu::WarpStatus status) {
    switch (status) {
        case gpu::WarpStatus::Issued:
            return 'I';
        case gpu::WarpStatus::Ready:
            return 'R';
        case gpu::WarpStatus::WaitingOnRegister:
            return 'W';
        case gpu::WarpStatus::WaitingAtBarrier:
            return 'B';
        case gpu::WarpStatus::PipelineBusy:
            return 'P';
        case gpu::WarpStatus::Finished:
            return 'F';
    }
    return '?';
}

// The statuses of warp slots 0 .. slotCount-1 in one cycle, '-' for an empty slot: "IRW".
inline std::string statusRow(const gpu::SmCycleSnapshot& cycle, int slotCount) {
    std::string row(static_cast<std::size_t>(slotCount), '-');
    for (const gpu::WarpSnapshot& warp : cycle.warps) {
        if (warp.slot < slotCount)
            row[static_cast<std::size_t>(warp.slot)] = statusLetter(warp.status);
    }
    return row;
}

}  // namespace mlsyslab::testing
