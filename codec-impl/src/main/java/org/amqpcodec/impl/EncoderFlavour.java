package org.amqpcodec.impl;

/**
 * Which encodings a {@link SerialEncoder} chooses. Both produce valid AMQP that every decoder reads; they
 * differ only in the forms chosen. {@link #DEFAULT} is {@link #COMPACT}: the benchmarks (README, "Performance")
 * measure it as fast as {@link #FAST} within their noise on every workload, and its output is smaller (the
 * seed workload: 153 bytes, or 93 with small ints, rather than 195), which every reader and link pays for.
 */
public enum EncoderFlavour {
    /**
     * Wide forms that need no decision: {@code list32}, {@code map32}, {@code array32}, {@code str32},
     * {@code sym32}, {@code vbin32}, fixed-width integers. Sizes are backfilled, nothing ever moves.
     */
    FAST,
    /**
     * The smallest legal form of every value: {@code list0}/{@code list8}, {@code map8}, {@code array8},
     * {@code str8}, {@code smalluint}, {@code uint0} and so on. Narrow sizes are reserved and, on the rare
     * overflow, the body moves to widen them.
     */
    COMPACT;

    /** The flavour of the encoders made without one: {@link #COMPACT}. */
    public static final EncoderFlavour DEFAULT = COMPACT;
}
