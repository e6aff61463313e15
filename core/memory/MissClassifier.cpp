#include "memory/MissClassifier.h"

namespace mlsyslab::memory {

MissClassifier::MissClassifier(std::uint64_t lineCount) : capacityLines_(lineCount) {}

std::optional<MissKind> MissClassifier::classify(std::uint64_t lineNumber, bool realHit,
                                                 bool allocates) {
    const bool shadowHit = referenceShadow(lineNumber, allocates);
    if (realHit) return std::nullopt;
    if (!everHeld_.contains(lineNumber)) {
        if (allocates) everHeld_.insert(lineNumber);
        return MissKind::Compulsory;
    }
    return shadowHit ? MissKind::Conflict : MissKind::Capacity;
}

bool MissClassifier::referenceShadow(std::uint64_t lineNumber, bool allocates) {
    const std::uint32_t found = shadowIndex_.find(lineNumber);
    if (found != LineIndex::kAbsent) {
        if (newest_ != found) {
            unlink(found);
            pushNewest(found);
        }
        return true;
    }
    if (!allocates) return false;
    std::uint32_t node = 0;
    if (nodes_.size() < capacityLines_) {
        node = static_cast<std::uint32_t>(nodes_.size());
        nodes_.push_back(Node{lineNumber, kNone, kNone});
    } else {
        node = oldest_;
        unlink(node);
        shadowIndex_.erase(nodes_[node].lineNumber);
        nodes_[node].lineNumber = lineNumber;
    }
    pushNewest(node);
    shadowIndex_.insert(lineNumber, node);
    return false;
}

void MissClassifier::unlink(std::uint32_t node) {
    const std::uint32_t newer = nodes_[node].newer;
    const std::uint32_t older = nodes_[node].older;
    if (newer == kNone) {
        newest_ = older;
    } else {
        nodes_[newer].older = older;
    }
    if (older == kNone) {
        oldest_ = newer;
    } else {
        nodes_[older].newer = newer;
    }
}

void MissClassifier::pushNewest(std::uint32_t node) {
    nodes_[node].newer = kNone;
    nodes_[node].older = newest_;
    if (newest_ == kNone) {
        oldest_ = node;
    } else {
        nodes_[newest_].newer = node;
    }
    newest_ = node;
}

std::size_t MissClassifier::footprintBytes() const {
    return sizeof(*this) + everHeld_.footprintBytes() + shadowIndex_.footprintBytes() +
           nodes_.capacity() * sizeof(Node);
}

}  // namespace mlsyslab::memory
