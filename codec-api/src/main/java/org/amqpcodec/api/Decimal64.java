package org.amqpcodec.api;

import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * An AMQP decimal64: IEEE 754-2008 decimal64 in the BID encoding (AMQP 1.0 part 1, section 1.6.15),
 * held as its raw bits. Converts to and from {@link BigDecimal}.
 *
 * @param bits the 64 bits as they appear on the wire
 * @since 0.1
 */
public record Decimal64(long bits) {

    /**
     * The decimal64 nearest to {@code value}, rounded half-even to 16 digits.
     *
     * @param value the value
     * @return its decimal64
     * @throws ArithmeticException if the magnitude exceeds decimal64's range
     */
    public static Decimal64 valueOf(BigDecimal value) {
        return new Decimal64(Bid.DECIMAL64.fromBigDecimal(value).longValue());
    }

    /**
     * The exact value.
     *
     * @return the value as a BigDecimal
     * @throws ArithmeticException if this is an infinity or NaN
     */
    public BigDecimal toBigDecimal() {
        return Bid.DECIMAL64.toBigDecimal(unsigned());
    }

    /**
     * Whether this is a NaN (quiet or signalling).
     *
     * @return true for NaN
     */
    public boolean isNaN() {
        return Bid.DECIMAL64.isNaN(unsigned());
    }

    /**
     * Whether this is positive or negative infinity.
     *
     * @return true for an infinity
     */
    public boolean isInfinite() {
        return Bid.DECIMAL64.isInfinite(unsigned());
    }

    private BigInteger unsigned() {
        return new BigInteger(Long.toUnsignedString(bits));
    }

    @Override
    public String toString() {
        return isNaN() ? "NaN" : isInfinite() ? (bits < 0 ? "-Infinity" : "Infinity") : toBigDecimal().toString();
    }
}
