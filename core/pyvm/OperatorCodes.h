#pragma once

#include "pyvm/Ast.h"
#include "pyvm/Code.h"

namespace mlsyslab::pyvm {

// BINARY_OP's argument for an operator (CPython's NB_* numbering).
constexpr int binaryOpArgument(ast::BinaryOperator op) {
    switch (op) {
        case ast::BinaryOperator::Add: return static_cast<int>(BinaryOpArg::Add);
        case ast::BinaryOperator::Sub: return static_cast<int>(BinaryOpArg::Subtract);
        case ast::BinaryOperator::Mult: return static_cast<int>(BinaryOpArg::Multiply);
        case ast::BinaryOperator::MatMult: return static_cast<int>(BinaryOpArg::MatrixMultiply);
        case ast::BinaryOperator::Div: return static_cast<int>(BinaryOpArg::TrueDivide);
        case ast::BinaryOperator::Mod: return static_cast<int>(BinaryOpArg::Remainder);
        case ast::BinaryOperator::Pow: return static_cast<int>(BinaryOpArg::Power);
        case ast::BinaryOperator::LShift: return static_cast<int>(BinaryOpArg::LShift);
        case ast::BinaryOperator::RShift: return static_cast<int>(BinaryOpArg::RShift);
        case ast::BinaryOperator::BitOr: return static_cast<int>(BinaryOpArg::Or);
        case ast::BinaryOperator::BitXor: return static_cast<int>(BinaryOpArg::Xor);
        case ast::BinaryOperator::BitAnd: return static_cast<int>(BinaryOpArg::And);
        case ast::BinaryOperator::FloorDiv: return static_cast<int>(BinaryOpArg::FloorDivide);
    }
    return 0;
}

constexpr Opcode unaryOpcode(ast::UnaryOperator op) {
    switch (op) {
        case ast::UnaryOperator::Invert: return Opcode::UNARY_INVERT;
        case ast::UnaryOperator::Not: return Opcode::UNARY_NOT;
        case ast::UnaryOperator::UAdd: return Opcode::UNARY_POSITIVE;
        case ast::UnaryOperator::USub: return Opcode::UNARY_NEGATIVE;
    }
    return Opcode::NOP;
}

}  // namespace mlsyslab::pyvm
