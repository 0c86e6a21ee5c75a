package org.amqpcodec.api;

import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * An AMQP decimal32: IEEE 754-2008 decimal32 in the BID encoding (AMQP 1.0 part 1, section 1.6.14),
 * held as its raw bits. Converts to and from {@link BigDecimal}.
 *
 * @param bits the 32 bits as they appear on the wire (big-endian order is the encoder's concern)
 * @since 0.1
 */
public record Decimal32(int bits) {

    /**
     * The decimal32 nearest to {@code value}, rounded half-even to 7 digits.
     *
     * @param value the value
     * @return its decimal32
     * @throws ArithmeticException if the magnitude exceeds decimal32's range
     */
    public static Decimal32 valueOf(BigDecimal value) {
        return new Decimal32(Bid.DECIMAL32.fromBigDecimal(value).intValue());
    }

    /**
     * The exact value.
     *
     * @return the value as a BigDecimal
     * @throws ArithmeticException if this is an infinity or NaN
     */
    public BigDecimal toBigDecimal() {
        return Bid.DECIMAL32.toBigDecimal(unsigned());
    }

    /**
     * Whether this is a NaN (quiet or signalling).
     *
     * @return true for NaN
     */
    public boolean isNaN() {
        return Bid.DECIMAL32.isNaN(unsigned());
    }

    /**
     * Whether this is positive or negative infinity.
     *
     * @return true for an infinity
     */
    public boolean isInfinite() {
        return Bid.DECIMAL32.isInfinite(unsigned());
    }

    private BigInteger unsigned() {
        return BigInteger.valueOf(Integer.toUnsignedLong(bits));
    }

    @Override
    public String toString() {
        return isNaN() ? "NaN" : isInfinite() ? (bits < 0 ? "-Infinity" : "Infinity") : toBigDecimal().toString();
    }
}
