#include "gpu/KernelProgram.h"

namespace mlsyslab::gpu {

FunctionalUnit unitOf(Opcode opcode) {
    switch (opcode) {
        case Opcode::FloatAdd:
        case Opcode::FloatMultiply:
        case Opcode::FusedMultiplyAdd:
            return FunctionalUnit::FloatAlu;
        case Opcode::LoadGlobal:
        case Opcode::StoreGlobal:
        case Opcode::LoadShared:
        case Opcode::StoreShared:
            return FunctionalUnit::LoadStore;
        case Opcode::Branch:
        case Opcode::Jump:
        case Opcode::Barrier:
        case Opcode::Exit:
            return FunctionalUnit::Control;
        default:
            return FunctionalUnit::IntegerAlu;
    }
}

}  // namespace mlsyslab::gpu
