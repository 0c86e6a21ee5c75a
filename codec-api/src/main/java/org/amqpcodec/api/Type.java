package org.amqpcodec.api;

/**
 * The AMQP 1.0 primitive types (AMQP 1.0 part 1, section 1.6). Each type has one or more encodings
 * ({@link FormatCode}s); the decoder reports the type of the current value with {@link Decoder#type()}
 * and the exact encoding with {@link Decoder#formatCode()}.
 *
 * <p>Described values are not a type of their own: a described value has the type of its underlying
 * value, and the decoder reports its descriptor through {@link DataHandler#onDescriptor(Decoder)}.
 *
 * @since 0.1
 */
public enum Type {
    /** The null value ({@code 0x40}). */
    NULL(FormatCode.NULL),
    /** A boolean ({@code 0x56}, {@code 0x41}, {@code 0x42}). */
    BOOLEAN(FormatCode.BOOLEAN),
    /** An unsigned 8-bit integer ({@code 0x50}). */
    UBYTE(FormatCode.UBYTE),
    /** An unsigned 16-bit integer ({@code 0x60}). */
    USHORT(FormatCode.USHORT),
    /** An unsigned 32-bit integer ({@code 0x70}, {@code 0x52}, {@code 0x43}). */
    UINT(FormatCode.UINT),
    /** An unsigned 64-bit integer ({@code 0x80}, {@code 0x53}, {@code 0x44}). */
    ULONG(FormatCode.ULONG),
    /** A signed 8-bit integer ({@code 0x51}). */
    BYTE(FormatCode.BYTE),
    /** A signed 16-bit integer ({@code 0x61}). */
    SHORT(FormatCode.SHORT),
    /** A signed 32-bit integer ({@code 0x71}, {@code 0x54}). */
    INT(FormatCode.INT),
    /** A signed 64-bit integer ({@code 0x81}, {@code 0x55}). */
    LONG(FormatCode.LONG),
    /** IEEE 754 binary32 ({@code 0x72}). */
    FLOAT(FormatCode.FLOAT),
    /** IEEE 754 binary64 ({@code 0x82}). */
    DOUBLE(FormatCode.DOUBLE),
    /** IEEE 754 decimal32, BID ({@code 0x74}). */
    DECIMAL32(FormatCode.DECIMAL32),
    /** IEEE 754 decimal64, BID ({@code 0x84}). */
    DECIMAL64(FormatCode.DECIMAL64),
    /** IEEE 754 decimal128, BID ({@code 0x94}). */
    DECIMAL128(FormatCode.DECIMAL128),
    /** A single Unicode code point, UTF-32BE ({@code 0x73}). */
    CHAR(FormatCode.CHAR),
    /** Milliseconds since the Unix epoch, signed ({@code 0x83}). */
    TIMESTAMP(FormatCode.TIMESTAMP),
    /** A UUID ({@code 0x98}). */
    UUID(FormatCode.UUID),
    /** Opaque bytes ({@code 0xA0}, {@code 0xB0}). */
    BINARY(FormatCode.VBIN32),
    /** UTF-8 text ({@code 0xA1}, {@code 0xB1}). */
    STRING(FormatCode.STR32_UTF8),
    /** ASCII symbolic value ({@code 0xA3}, {@code 0xB3}). */
    SYMBOL(FormatCode.SYM32),
    /** A sequence of polymorphic values ({@code 0x45}, {@code 0xC0}, {@code 0xD0}). */
    LIST(FormatCode.LIST32),
    /** Polymorphic key-value pairs ({@code 0xC1}, {@code 0xD1}). */
    MAP(FormatCode.MAP32),
    /** A sequence of values of one type and encoding ({@code 0xE0}, {@code 0xF0}). */
    ARRAY(FormatCode.ARRAY32);

    private static final Type[] BY_CODE = new Type[256];

    static {
        int[][] codes = {
            {FormatCode.NULL},
            {FormatCode.BOOLEAN, FormatCode.BOOLEAN_TRUE, FormatCode.BOOLEAN_FALSE},
            {FormatCode.UBYTE},
            {FormatCode.USHORT},
            {FormatCode.UINT, FormatCode.SMALLUINT, FormatCode.UINT0},
            {FormatCode.ULONG, FormatCode.SMALLULONG, FormatCode.ULONG0},
            {FormatCode.BYTE},
            {FormatCode.SHORT},
            {FormatCode.INT, FormatCode.SMALLINT},
            {FormatCode.LONG, FormatCode.SMALLLONG},
            {FormatCode.FLOAT},
            {FormatCode.DOUBLE},
            {FormatCode.DECIMAL32},
            {FormatCode.DECIMAL64},
            {FormatCode.DECIMAL128},
            {FormatCode.CHAR},
            {FormatCode.TIMESTAMP},
            {FormatCode.UUID},
            {FormatCode.VBIN8, FormatCode.VBIN32},
            {FormatCode.STR8_UTF8, FormatCode.STR32_UTF8},
            {FormatCode.SYM8, FormatCode.SYM32},
            {FormatCode.LIST0, FormatCode.LIST8, FormatCode.LIST32},
            {FormatCode.MAP8, FormatCode.MAP32},
            {FormatCode.ARRAY8, FormatCode.ARRAY32},
        };
        Type[] types = values();
        for (int i = 0; i < types.length; i++) {
            for (int code : codes[i]) {
                BY_CODE[code] = types[i];
            }
        }
    }

    private final int widestFormatCode;

    Type(int widestFormatCode) {
        this.widestFormatCode = widestFormatCode;
    }

    /**
     * The type a format code encodes.
     *
     * @param code a format code, 0..255
     * @return the type, or null for {@link FormatCode#DESCRIBED}, undefined codes and values outside 0..255
     */
    public static Type ofFormatCode(int code) {
        return code >= 0 && code <= 0xFF ? BY_CODE[code] : null;
    }

    /**
     * The encoding of this type that can hold every value of the type: the one-size-fits-all format
     * code (e.g. {@link FormatCode#UINT} rather than {@link FormatCode#SMALLUINT}, {@link FormatCode#LIST32}
     * rather than {@link FormatCode#LIST8}). For {@link #BOOLEAN} it is {@link FormatCode#BOOLEAN}
     * ({@code 0x56}), the only boolean encoding that carries its value.
     *
     * @return a format code, 0x40..0xF0
     */
    public int widestFormatCode() {
        return widestFormatCode;
    }

    /**
     * Whether values of this type are a fixed number of bytes ({@link #NULL} to {@link #UUID}).
     *
     * @return true for fixed-width types
     */
    public boolean isFixedWidth() {
        return ordinal() <= UUID.ordinal();
    }

    /**
     * Whether values of this type are a size-prefixed run of bytes: {@link #BINARY}, {@link #STRING},
     * {@link #SYMBOL}.
     *
     * @return true for variable-width types
     */
    public boolean isVariableWidth() {
        return this == BINARY || this == STRING || this == SYMBOL;
    }

    /**
     * Whether values of this type contain other values: {@link #LIST}, {@link #MAP}, {@link #ARRAY}.
     *
     * @return true for compound types
     */
    public boolean isCompound() {
        return this == LIST || this == MAP || this == ARRAY;
    }

    /**
     * Whether values of this type are integers: the signed and unsigned integer types. (Boolean,
     * char and timestamp also answer the decoder's integer getters, but are not integers.)
     *
     * @return true for {@link #UBYTE}, {@link #USHORT}, {@link #UINT}, {@link #ULONG}, {@link #BYTE},
     *         {@link #SHORT}, {@link #INT}, {@link #LONG}
     */
    public boolean isInteger() {
        return ordinal() >= UBYTE.ordinal() && ordinal() <= LONG.ordinal();
    }
}
