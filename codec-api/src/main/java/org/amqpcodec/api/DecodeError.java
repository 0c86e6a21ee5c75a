package org.amqpcodec.api;

/**
 * What was wrong, for a {@link DecodeException}.
 *
 * @since 0.1
 */
public enum DecodeError {
    /** The input ends inside a value: a constructor, size, count or the value's bytes are missing. */
    TRUNCATED,
    /** A byte where a constructor must be is not a defined format code (0x01-0x3F, reserved codes). */
    INVALID_FORMAT_CODE,
    /**
     * A declared size disagrees with the bytes its items occupy: an item runs past the end of its
     * enclosing compound, or the items end before the declared size does.
     */
    SIZE_MISMATCH,
    /** A declared count cannot fit in the declared size (every list or map item needs at least one byte). */
    COUNT_EXCEEDS_SIZE,
    /** A map's count is odd, so its last key has no value (strict mode only). */
    ODD_MAP_COUNT,
    /** A string's bytes are not well-formed UTF-8 (strict mode only). */
    INVALID_UTF8,
    /** A symbol's bytes are not 7-bit ASCII (strict mode only). */
    INVALID_SYMBOL,
    /**
     * A value's bytes are not a legal value of its type: a {@code 0x56} boolean byte other than 0 or 1,
     * a char that is not a Unicode scalar value (strict mode only).
     */
    INVALID_VALUE,
    /** A descriptor is itself described, or (strict mode) is not a ulong or a symbol. */
    INVALID_DESCRIPTOR,
    /** A configured limit was reached: nesting depth, or the element count of a zero-width array. */
    LIMIT_EXCEEDED,
    /** A getter was called on a value of a type it cannot answer (e.g. {@code getInt()} on a string). */
    WRONG_TYPE,
    /** A getter was called on a value it answers, but the value does not fit (e.g. {@code getInt()} on uint 2^31). */
    OUT_OF_RANGE
}
