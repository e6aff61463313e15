// Our conversions against NVIDIA's own: the host implementations in cuda_fp16.h, cuda_bf16.h
// and cuda_fp8.h, which NVIDIA keeps bit-identical to the cvt instructions of its GPUs for
// finite values. NaN patterns differ by design (NVIDIA returns 0x7FFF for fp16 and bf16, and
// drops the sign for FP8); for NaN inputs only "both give a NaN" is checked.
#include <QtTest>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <vector>

#include "numeric/FloatDecode.h"
#include "numeric/FloatEncode.h"
#include "numeric/FloatFormat.h"

#ifdef MLSYSLAB_HAVE_CUDA_FP_HEADERS
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_fp8.h>
#endif

using namespace mlsyslab::numeric;

#ifdef MLSYSLAB_HAVE_CUDA_FP_HEADERS
namespace {

template <typename Raw>
std::uint64_t rawBits(const Raw& value) {
    std::uint16_t bits = 0;
    static_assert(sizeof(Raw) == sizeof bits);
    std::memcpy(&bits, &value, sizeof bits);
    return bits;
}

std::uint32_t float32BitsOf(float value) {
    std::uint32_t bits = 0;
    std::memcpy(&bits, &value, sizeof bits);
    return bits;
}

float floatOf(std::uint32_t bits) {
    float value = 0;
    std::memcpy(&value, &bits, sizeof value);
    return value;
}

bool isNan(const FloatFormat& format, std::uint64_t bits) {
    return decodeFloat(format, bits).floatClass == FloatClass::Nan;
}

// Float32 inputs that exercise every decision a conversion to `format` makes: each value of
// the format, each midpoint between neighbours (and beyond the largest, the overflow tie),
// and the floats either side of each midpoint.
void addRoundingProbes(const FloatFormat& format, std::vector<float>& probes) {
    const std::uint64_t maxFinite = format.maxFiniteMagnitude();
    for (std::uint64_t bits = 0; bits <= maxFinite; ++bits) {
        const double value = decodeFloat(format, bits).value;
        const double next = bits == maxFinite
                                ? value + std::ldexp(1.0, std::ilogb(value) - format.mantissaBits)
                                : decodeFloat(format, bits + 1).value;
        const auto midpoint = static_cast<float>((value + next) / 2);  // exact: few bits
        for (const float probe : {static_cast<float>(value), midpoint,
                                  std::nextafter(midpoint, 0.0f), std::nextafter(midpoint, HUGE_VALF)}) {
            probes.push_back(probe);
            probes.push_back(-probe);
        }
    }
}

std::vector<float> probeFloats() {
    std::vector<float> probes;
    for (const auto& format : {kFp16, kBf16, kFp8E4M3, kFp8E5M2}) addRoundingProbes(format, probes);
    for (const float special : {HUGE_VALF, -HUGE_VALF, NAN, -NAN, 0.0f, -0.0f, 1e-45f, -1e-45f,
                                3.4028235e38f, -3.4028235e38f, floatOf(0x7F800001), floatOf(0xFFC12345)}) {
        probes.push_back(special);
    }
    // Random patterns over all of float32, and random floats of every scale.
    std::mt19937 random(20240611);
    for (int sample = 0; sample < 400000; ++sample) probes.push_back(floatOf(random()));
    std::uniform_int_distribution<int> exponent(-140, 20);
    std::uniform_real_distribution<float> significand(1.0f, 2.0f);
    for (int sample = 0; sample < 400000; ++sample) {
        probes.push_back(std::ldexp(significand(random), exponent(random)) * (sample % 2 ? -1 : 1));
    }
    return probes;
}

struct Disagreement {
    int count = 0;
    QString first;
};

// Compares one of our conversions with NVIDIA's for one input; NaN only as "both NaN".
void compareConversion(const FloatFormat& format, const char* what, float input,
                       std::uint64_t ours, std::uint64_t theirs, Disagreement& disagreement) {
    const bool agree = isNan(format, theirs) ? isNan(format, ours) : ours == theirs;
    if (agree) return;
    if (disagreement.count++ == 0) {
        disagreement.first = QString("%1(%2 = 0x%3): ours %4, NVIDIA %5")
                                 .arg(what)
                                 .arg(double(input), 0, 'g', 9)
                                 .arg(float32BitsOf(input), 8, 16, QChar('0'))
                                 .arg(QString::fromStdString(floatBitsText(format, ours)))
                                 .arg(QString::fromStdString(floatBitsText(format, theirs)));
    }
}

}  // namespace
#endif

class TestFloatNvidia : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() {
#ifndef MLSYSLAB_HAVE_CUDA_FP_HEADERS
        QSKIP("cuda_fp16.h / cuda_bf16.h / cuda_fp8.h not found at configure time "
              "(set CUDA_PATH or install the CUDA toolkit headers, then re-run CMake)");
#endif
    }

    // The slots exist either way (moc does not see the compile definitions reliably); without
    // the headers initTestCase skips them all.
    void decodingMatches() {
#ifdef MLSYSLAB_HAVE_CUDA_FP_HEADERS
        // Every pattern of fp16, bf16 and both FP8 formats has NVIDIA's value.
        for (std::uint32_t bits = 0; bits <= 0xFFFF; ++bits) {
            __half_raw halfRaw;
            halfRaw.x = static_cast<unsigned short>(bits);
            const float halfValue = __half2float(__half(halfRaw));
            const DecodedFloat half = decodeFloat(kFp16, bits);
            QVERIFY(std::isnan(halfValue) ? std::isnan(half.value) : half.value == halfValue);
            if (!std::isnan(halfValue)) QCOMPARE(std::signbit(halfValue), std::signbit(half.value));

            __nv_bfloat16_raw bfloatRaw;
            bfloatRaw.x = static_cast<unsigned short>(bits);
            const float bfloatValue = __bfloat162float(__nv_bfloat16(bfloatRaw));
            const DecodedFloat bfloat = decodeFloat(kBf16, bits);
            QVERIFY(std::isnan(bfloatValue) ? std::isnan(bfloat.value) : bfloat.value == bfloatValue);
        }
        for (std::uint32_t bits = 0; bits <= 0xFF; ++bits) {
            const auto storage = static_cast<__nv_fp8_storage_t>(bits);
            for (const auto& [format, interpretation] :
                 {std::pair{kFp8E4M3, __NV_E4M3}, std::pair{kFp8E5M2, __NV_E5M2}}) {
                const float theirs = __half2float(__half(__nv_cvt_fp8_to_halfraw(storage, interpretation)));
                const DecodedFloat ours = decodeFloat(format, bits);
                QVERIFY2(std::isnan(theirs) ? std::isnan(ours.value) : ours.value == theirs,
                         qPrintable(QString("%1 0x%2").arg(format.name.data()).arg(bits, 2, 16, QChar('0'))));
                if (!std::isnan(theirs)) QCOMPARE(std::signbit(theirs), std::signbit(ours.value));
            }
        }
#endif
    }

    void float32ConversionsMatch() {
#ifdef MLSYSLAB_HAVE_CUDA_FP_HEADERS
        const std::vector<float> probes = probeFloats();
        constexpr EncodeOptions nearest{RoundingMode::NearestEven, false};
        constexpr EncodeOptions saturating{RoundingMode::NearestEven, true};
        constexpr EncodeOptions towardZero{RoundingMode::TowardZero, false};
        constexpr EncodeOptions up{RoundingMode::Up, false};
        constexpr EncodeOptions down{RoundingMode::Down, false};
        Disagreement disagreement;
        for (const float input : probes) {
            const std::uint32_t bits = float32BitsOf(input);
            auto check = [&](const FloatFormat& format, const char* what, EncodeOptions options,
                             std::uint64_t theirs) {
                compareConversion(format, what, input, encodeFloat32Bits(format, bits, options),
                                  theirs, disagreement);
            };
            check(kFp16, "__float2half_rn", nearest, rawBits(__float2half_rn(input)));
            check(kFp16, "__float2half_rz", towardZero, rawBits(__float2half_rz(input)));
            check(kFp16, "__float2half_ru", up, rawBits(__float2half_ru(input)));
            check(kFp16, "__float2half_rd", down, rawBits(__float2half_rd(input)));
            check(kBf16, "__float2bfloat16_rn", nearest, rawBits(__float2bfloat16_rn(input)));
            check(kBf16, "__float2bfloat16_rz", towardZero, rawBits(__float2bfloat16_rz(input)));
            check(kBf16, "__float2bfloat16_ru", up, rawBits(__float2bfloat16_ru(input)));
            check(kBf16, "__float2bfloat16_rd", down, rawBits(__float2bfloat16_rd(input)));
            check(kFp8E4M3, "e4m3 satfinite", saturating,
                  __nv_cvt_float_to_fp8(input, __NV_SATFINITE, __NV_E4M3));
            check(kFp8E4M3, "e4m3 nosat", nearest, __nv_cvt_float_to_fp8(input, __NV_NOSAT, __NV_E4M3));
            check(kFp8E5M2, "e5m2 satfinite", saturating,
                  __nv_cvt_float_to_fp8(input, __NV_SATFINITE, __NV_E5M2));
            check(kFp8E5M2, "e5m2 nosat", nearest, __nv_cvt_float_to_fp8(input, __NV_NOSAT, __NV_E5M2));
        }
        QVERIFY2(disagreement.count == 0,
                 qPrintable(QString("%1 disagreements; first: %2").arg(disagreement.count).arg(disagreement.first)));
#endif
    }

    void doubleConversionsMatch() {
#ifdef MLSYSLAB_HAVE_CUDA_FP_HEADERS
        // The double entry points, for doubles of every scale and the float probes widened.
        std::vector<double> inputs;
        for (const float probe : probeFloats()) inputs.push_back(probe);
        std::mt19937_64 random(99);
        std::uniform_int_distribution<int> exponent(-160, 20);
        std::uniform_real_distribution<double> significand(1.0, 2.0);
        for (int sample = 0; sample < 300000; ++sample) {
            inputs.push_back(std::ldexp(significand(random), exponent(random)) * (sample % 2 ? -1 : 1));
        }
        int disagreements = 0;
        QString first;
        auto check = [&](const FloatFormat& format, const char* what, double input,
                         std::uint64_t ours, std::uint64_t theirs) {
            const bool agree = isNan(format, theirs) ? isNan(format, ours) : ours == theirs;
            if (!agree && disagreements++ == 0) {
                first = QString("%1(%2): ours %3, NVIDIA %4")
                            .arg(what)
                            .arg(input, 0, 'g', 17)
                            .arg(QString::fromStdString(floatBitsText(format, ours)))
                            .arg(QString::fromStdString(floatBitsText(format, theirs)));
            }
        };
        for (const double input : inputs) {
            check(kFp16, "__double2half", input, encodeDouble(kFp16, input),
                  rawBits(__double2half(input)));
            check(kBf16, "__double2bfloat16", input, encodeDouble(kBf16, input),
                  rawBits(__double2bfloat16(input)));
            check(kFp8E4M3, "e4m3 satfinite", input, encodeDouble(kFp8E4M3, input, {RoundingMode::NearestEven, true}),
                  __nv_cvt_double_to_fp8(input, __NV_SATFINITE, __NV_E4M3));
            check(kFp8E5M2, "e5m2 nosat", input, encodeDouble(kFp8E5M2, input),
                  __nv_cvt_double_to_fp8(input, __NV_NOSAT, __NV_E5M2));
        }
        QVERIFY2(disagreements == 0, qPrintable(QString("%1 disagreements; first: %2").arg(disagreements).arg(first)));
#endif
    }
};

QTEST_GUILESS_MAIN(TestFloatNvidia)
#include "tst_float_nvidia.moc"
