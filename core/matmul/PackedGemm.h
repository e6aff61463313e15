#pragma once

#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "matmul/AlignedFloatBuffer.h"
#include "matmul/GemmBlocking.h"
#include "matmul/MatmulShape.h"
#include "matmul/MicroKernel.h"
#include "matmul/ThreadPool.h"

namespace mlsyslab::matmul {

// The packed, register-blocked multiplication behind the "simd" and "threads" rungs: the loop
// nest of GotoBLAS and BLIS (Goto & van de Geijn, "Anatomy of High-Performance Matrix
// Multiplication", 2008; Van Zee & van de Geijn, "BLIS", 2015). docs/matmul-cpu.md explains it
// for students; in short, with the sizes of GemmBlocking:
//
//   for each panel of NC columns of B and C                        (jc)
//     for each panel of KC values of k                             (pc)
//       pack B's KC × NC panel                                     shared by every thread
//       for each block of rows of A and C (about MC rows)          (ic: one task each)
//         pack A's block                                           each thread its own buffer
//         for each sliver of MR rows in the block                  (ir)
//           for each sliver of NR columns in the panel             (jr)
//             micro-kernel: the MR × NR tile of C += A sliver · B sliver, over KC values of k
//
// The first KC panel stores into C and the later ones add to it, so C is overwritten (C = A·B,
// not C += A·B). Tiles that stick out of C (M or N not multiples of MR or NR) are computed in
// full from the zero-padded packing and only their inside is written back, so any sizes work.
struct PackedGemmOptions {
    // The kernel to use; nullopt: bestMicroKernel(). Tests force every kernel the CPU runs.
    std::optional<MicroKernel> kernel;
    // nullopt: chooseBlocking() for the kernel and this machine's caches.
    std::optional<GemmBlocking> blocking;
};

class PackedGemm {
public:
    explicit PackedGemm(const PackedGemmOptions& options = {});

    const MicroKernel& kernel() const { return kernel_; }
    const GemmBlocking& blocking() const { return blocking_; }

    // C = A·B of `operands`, on the calling thread when `pool` is null, else on every thread of
    // the pool. False when it stopped because `cancel` became true (C is then unspecified);
    // `cancel` is looked at before every block of rows.
    bool multiply(const MatmulOperands& operands, ThreadPool* pool,
                  const std::atomic<bool>* cancel);

    // The packing buffers a multiplication of `shape` on `threads` threads needs.
    std::uint64_t workspaceBytes(const MatmulShape& shape, unsigned threads) const;

private:
    // The part of C's rows [firstRow, endRow) × one panel: pack A's block, run the tiles.
    void multiplyRowBlock(const MatmulOperands& operands, std::int64_t firstRow,
                          std::int64_t endRow, std::int64_t firstColumn, std::int64_t width,
                          std::int64_t firstK, std::int64_t depth, float* packedA) const;

    MicroKernel kernel_;
    GemmBlocking blocking_;
    AlignedFloatBuffer packedB_;               // one KC × NC panel, shared by the threads
    std::vector<AlignedFloatBuffer> packedA_;  // one block per thread
};

// For the backends' detail(): "AVX-512 micro-kernel, 12 × 32 tile of C in registers; blocks of
// MC 96, KC 512, NC 8192".
std::string describePackedGemm(const PackedGemm& gemm);

}  // namespace mlsyslab::matmul
