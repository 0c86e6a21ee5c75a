package org.amqpcodec.api;

import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * An AMQP decimal128: IEEE 754-2008 decimal128 in the BID encoding (AMQP 1.0 part 1, section 1.6.16),
 * held as its raw bits in two longs. Converts to and from {@link BigDecimal}.
 *
 * @param high the first (most significant) 64 bits on the wire
 * @param low the last (least significant) 64 bits on the wire
 * @since 0.1
 */
public record Decimal128(long high, long low) {

    private static final BigInteger LOW_MASK = BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);

    /**
     * The decimal128 nearest to {@code value}, rounded half-even to 34 digits.
     *
     * @param value the value
     * @return its decimal128
     * @throws ArithmeticException if the magnitude exceeds decimal128's range
     */
    public static Decimal128 valueOf(BigDecimal value) {
        BigInteger bits = Bid.DECIMAL128.fromBigDecimal(value);
        return new Decimal128(bits.shiftRight(64).longValue(), bits.and(LOW_MASK).longValue());
    }

    /**
     * The exact value.
     *
     * @return the value as a BigDecimal
     * @throws ArithmeticException if this is an infinity or NaN
     */
    public BigDecimal toBigDecimal() {
        return Bid.DECIMAL128.toBigDecimal(unsigned());
    }

    /**
     * Whether this is a NaN (quiet or signalling).
     *
     * @return true for NaN
     */
    public boolean isNaN() {
        return Bid.DECIMAL128.isNaN(unsigned());
    }

    /**
     * Whether this is positive or negative infinity.
     *
     * @return true for an infinity
     */
    public boolean isInfinite() {
        return Bid.DECIMAL128.isInfinite(unsigned());
    }

    private BigInteger unsigned() {
        return new BigInteger(Long.toUnsignedString(high)).shiftLeft(64).or(new BigInteger(Long.toUnsignedString(low)));
    }

    @Override
    public String toString() {
        return isNaN() ? "NaN" : isInfinite() ? (high < 0 ? "-Infinity" : "Infinity") : toBigDecimal().toString();
    }
}
