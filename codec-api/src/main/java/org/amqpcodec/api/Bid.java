package org.amqpcodec.api;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * IEEE 754-2008 decimal floating point in the Binary Integer Decimal (BID) encoding, which AMQP uses
 * for decimal32, decimal64 and decimal128. One instance per width; the arithmetic is done on
 * {@link BigInteger} so the three widths share one implementation. Not on any hot path.
 */
final class Bid {

    static final Bid DECIMAL32 = new Bid(32, 8, 101, 7);
    static final Bid DECIMAL64 = new Bid(64, 10, 398, 16);
    static final Bid DECIMAL128 = new Bid(128, 14, 6176, 34);

    private final int width;
    private final int exponentBits;
    private final int bias;
    private final int digits;
    /** Bits of coefficient stored after the exponent when the combination field does not start with 11. */
    private final int trailingBits;
    private final BigInteger maxCoefficient;
    private final MathContext context;

    private Bid(int width, int exponentBits, int bias, int digits) {
        this.width = width;
        this.exponentBits = exponentBits;
        this.bias = bias;
        this.digits = digits;
        this.trailingBits = width - 1 - exponentBits;
        this.maxCoefficient = BigInteger.TEN.pow(digits).subtract(BigInteger.ONE);
        this.context = new MathContext(digits, RoundingMode.HALF_EVEN);
    }

    private boolean bit(BigInteger bits, int index) {
        return bits.testBit(index);
    }

    boolean isInfinite(BigInteger bits) {
        return bit(bits, width - 2) && bit(bits, width - 3) && bit(bits, width - 4) && bit(bits, width - 5)
            && !bit(bits, width - 6);
    }

    boolean isNaN(BigInteger bits) {
        return bit(bits, width - 2) && bit(bits, width - 3) && bit(bits, width - 4) && bit(bits, width - 5)
            && bit(bits, width - 6);
    }

    boolean isNegative(BigInteger bits) {
        return bit(bits, width - 1);
    }

    /** The value of finite {@code bits} (an unsigned {@code width}-bit integer). */
    BigDecimal toBigDecimal(BigInteger bits) {
        if (isNaN(bits) || isInfinite(bits)) {
            throw new ArithmeticException("decimal" + width + " is " + (isNaN(bits) ? "NaN" : "infinite"));
        }
        BigInteger exponentMask = BigInteger.ONE.shiftLeft(exponentBits).subtract(BigInteger.ONE);
        int exponent;
        BigInteger coefficient;
        if (bit(bits, width - 2) && bit(bits, width - 3)) {
            exponent = bits.shiftRight(trailingBits - 2).and(exponentMask).intValue();
            BigInteger low = bits.and(BigInteger.ONE.shiftLeft(trailingBits - 2).subtract(BigInteger.ONE));
            coefficient = BigInteger.valueOf(4).shiftLeft(trailingBits - 2).or(low);
        } else {
            exponent = bits.shiftRight(trailingBits).and(exponentMask).intValue();
            coefficient = bits.and(BigInteger.ONE.shiftLeft(trailingBits).subtract(BigInteger.ONE));
        }
        if (coefficient.compareTo(maxCoefficient) > 0) {
            coefficient = BigInteger.ZERO; // non-canonical coefficients are zero (IEEE 754-2008 3.5.2)
        }
        BigDecimal value = new BigDecimal(coefficient, bias - exponent);
        return isNegative(bits) ? value.negate() : value;
    }

    /**
     * The bits of the decimal nearest to {@code value} (rounded half-even to this width's digits).
     *
     * @throws ArithmeticException if the value's magnitude is too large for this width
     */
    BigInteger fromBigDecimal(BigDecimal value) {
        BigDecimal rounded = value.round(context);
        BigInteger coefficient = rounded.unscaledValue().abs();
        int exponent = -rounded.scale();
        // the biased exponent's two top bits are never 11 (that pattern selects the other combination-field form
        // and infinity/NaN), so the largest biased exponent is 0b1011...1 = 3 * 2^(E-2) - 1
        int maxExponent = 3 * (1 << (exponentBits - 2)) - 1 - bias;
        if (exponent < -bias) {
            // too small an exponent: drop digits (rounding), possibly to zero; round the original value once, since
            // rounding the already rounded one could turn a value just above a half into an exact half
            BigDecimal scaled = value.abs().setScale(bias, RoundingMode.HALF_EVEN);
            coefficient = scaled.unscaledValue();
            exponent = -bias;
        }
        while (exponent > maxExponent && coefficient.signum() != 0 && coefficient.compareTo(maxCoefficient) <= 0) {
            // too large an exponent: move it into the coefficient while digits remain (clamping)
            BigInteger next = coefficient.multiply(BigInteger.TEN);
            if (next.compareTo(maxCoefficient) > 0) {
                break;
            }
            coefficient = next;
            exponent--;
        }
        if (coefficient.signum() == 0 && exponent > maxExponent) {
            exponent = maxExponent;
        }
        if (exponent > maxExponent || coefficient.compareTo(maxCoefficient) > 0) {
            throw new ArithmeticException(value + " is too large for decimal" + width);
        }
        BigInteger biased = BigInteger.valueOf(exponent + bias);
        BigInteger bits;
        if (coefficient.bitLength() <= trailingBits) {
            bits = biased.shiftLeft(trailingBits).or(coefficient);
        } else {
            BigInteger low = coefficient.and(BigInteger.ONE.shiftLeft(trailingBits - 2).subtract(BigInteger.ONE));
            bits = BigInteger.valueOf(3).shiftLeft(width - 3).or(biased.shiftLeft(trailingBits - 2)).or(low);
        }
        if (rounded.signum() < 0) {
            bits = bits.setBit(width - 1);
        }
        return bits;
    }
}
