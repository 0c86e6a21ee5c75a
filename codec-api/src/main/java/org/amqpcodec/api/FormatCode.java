package org.amqpcodec.api;

/**
 * The AMQP 1.0 format codes (the one-byte constructors of primitive encodings), as {@code int}
 * constants in the range {@code 0x00..0xFF}, named with the specification's words (AMQP 1.0 part 1,
 * section 1.6).
 *
 * <p>The constants are {@code int}, not {@code byte}, so that they can be compared with an unsigned
 * byte read from the input and used in a {@code switch} without casts.
 *
 * @since 0.1
 */
public final class FormatCode {

    // ---- described types

    /** A described value follows: a descriptor value, then the constructor of the described value. */
    public static final int DESCRIBED = 0x00;

    // ---- fixed width 0

    /** The null value. */
    public static final int NULL = 0x40;
    /** Boolean true, no value bytes. */
    public static final int BOOLEAN_TRUE = 0x41;
    /** Boolean false, no value bytes. */
    public static final int BOOLEAN_FALSE = 0x42;
    /** The unsigned int 0, no value bytes. */
    public static final int UINT0 = 0x43;
    /** The unsigned long 0, no value bytes. */
    public static final int ULONG0 = 0x44;
    /** The empty list, no value bytes. */
    public static final int LIST0 = 0x45;

    // ---- fixed width 1

    /** Unsigned byte. */
    public static final int UBYTE = 0x50;
    /** Signed byte. */
    public static final int BYTE = 0x51;
    /** Unsigned int 0..255 in one byte. */
    public static final int SMALLUINT = 0x52;
    /** Unsigned long 0..255 in one byte. */
    public static final int SMALLULONG = 0x53;
    /** Signed int -128..127 in one byte. */
    public static final int SMALLINT = 0x54;
    /** Signed long -128..127 in one byte. */
    public static final int SMALLLONG = 0x55;
    /** Boolean in one byte: 0x00 false, 0x01 true. */
    public static final int BOOLEAN = 0x56;

    // ---- fixed width 2

    /** Unsigned short. */
    public static final int USHORT = 0x60;
    /** Signed short. */
    public static final int SHORT = 0x61;

    // ---- fixed width 4

    /** Unsigned int in four bytes. */
    public static final int UINT = 0x70;
    /** Signed int in four bytes. */
    public static final int INT = 0x71;
    /** IEEE 754 binary32. */
    public static final int FLOAT = 0x72;
    /** A Unicode code point, UTF-32BE. */
    public static final int CHAR = 0x73;
    /** IEEE 754 decimal32, BID encoding. */
    public static final int DECIMAL32 = 0x74;

    // ---- fixed width 8

    /** Unsigned long in eight bytes. */
    public static final int ULONG = 0x80;
    /** Signed long in eight bytes. */
    public static final int LONG = 0x81;
    /** IEEE 754 binary64. */
    public static final int DOUBLE = 0x82;
    /** Milliseconds since the Unix epoch, signed. */
    public static final int TIMESTAMP = 0x83;
    /** IEEE 754 decimal64, BID encoding. */
    public static final int DECIMAL64 = 0x84;

    // ---- fixed width 16

    /** IEEE 754 decimal128, BID encoding. */
    public static final int DECIMAL128 = 0x94;
    /** A UUID, RFC 4122 byte order. */
    public static final int UUID = 0x98;

    // ---- variable width, one-byte size

    /** Binary up to 255 octets. */
    public static final int VBIN8 = 0xA0;
    /** UTF-8 string up to 255 octets. */
    public static final int STR8_UTF8 = 0xA1;
    /** ASCII symbol up to 255 octets. */
    public static final int SYM8 = 0xA3;

    // ---- variable width, four-byte size

    /** Binary up to 2^32-1 octets. */
    public static final int VBIN32 = 0xB0;
    /** UTF-8 string up to 2^32-1 octets. */
    public static final int STR32_UTF8 = 0xB1;
    /** ASCII symbol up to 2^32-1 octets. */
    public static final int SYM32 = 0xB3;

    // ---- compound

    /** List with one-byte size and count. */
    public static final int LIST8 = 0xC0;
    /** Map with one-byte size and count. */
    public static final int MAP8 = 0xC1;
    /** List with four-byte size and count. */
    public static final int LIST32 = 0xD0;
    /** Map with four-byte size and count. */
    public static final int MAP32 = 0xD1;

    // ---- array

    /** Array with one-byte size and count. */
    public static final int ARRAY8 = 0xE0;
    /** Array with four-byte size and count. */
    public static final int ARRAY32 = 0xF0;

    private FormatCode() {
    }

    /**
     * Whether {@code code} is one of the format codes AMQP 1.0 defines (including {@link #DESCRIBED}).
     *
     * @param code a byte value, 0..255
     * @return true for the 40 defined codes, false for every other value
     */
    public static boolean isDefined(int code) {
        return code >= 0 && code <= 0xFF && name(code) != null;
    }

    /**
     * The number of bytes that follow a constructor with this code before its value data, or, for
     * fixed-width codes, the value width. Returns -1 for codes that are not defined.
     *
     * <p>Fixed codes return their width (0, 1, 2, 4, 8 or 16); variable codes return the width of
     * their size field (1 or 4); compound and array codes return the width of their size field (1 or
     * 4), which is also the width of their count field.
     *
     * @param code a format code, 0..255
     * @return the width in bytes, or -1
     */
    public static int width(int code) {
        if (!isDefined(code) || code == DESCRIBED) {
            return -1;
        }
        switch (code >>> 4) {
            case 0x4: return 0;
            case 0x5: return 1;
            case 0x6: return 2;
            case 0x7: return 4;
            case 0x8: return 8;
            case 0x9: return 16;
            case 0xA: case 0xC: case 0xE: return 1;
            default: return 4;
        }
    }

    /**
     * A short human-readable name for a code, for messages: the specification's encoding name and the
     * hex code, e.g. {@code "str8-utf8 (0xA1)"}, {@code "described (0x00)"} or
     * {@code "undefined (0x57)"}.
     *
     * @param code a byte value, 0..255 (other values are reported as invalid)
     * @return a name, never null
     */
    public static String describe(int code) {
        String hex = String.format("0x%02X", code & 0xFF);
        if (code < 0 || code > 0xFF) {
            return "invalid code (" + code + ")";
        }
        String name = name(code);
        return (name == null ? "undefined" : name) + " (" + hex + ")";
    }

    private static String name(int code) {
        switch (code) {
            case DESCRIBED: return "described";
            case NULL: return "null";
            case BOOLEAN_TRUE: return "true";
            case BOOLEAN_FALSE: return "false";
            case UINT0: return "uint0";
            case ULONG0: return "ulong0";
            case LIST0: return "list0";
            case UBYTE: return "ubyte";
            case BYTE: return "byte";
            case SMALLUINT: return "smalluint";
            case SMALLULONG: return "smallulong";
            case SMALLINT: return "smallint";
            case SMALLLONG: return "smalllong";
            case BOOLEAN: return "boolean";
            case USHORT: return "ushort";
            case SHORT: return "short";
            case UINT: return "uint";
            case INT: return "int";
            case FLOAT: return "float";
            case CHAR: return "char";
            case DECIMAL32: return "decimal32";
            case ULONG: return "ulong";
            case LONG: return "long";
            case DOUBLE: return "double";
            case TIMESTAMP: return "timestamp";
            case DECIMAL64: return "decimal64";
            case DECIMAL128: return "decimal128";
            case UUID: return "uuid";
            case VBIN8: return "vbin8";
            case STR8_UTF8: return "str8-utf8";
            case SYM8: return "sym8";
            case VBIN32: return "vbin32";
            case STR32_UTF8: return "str32-utf8";
            case SYM32: return "sym32";
            case LIST8: return "list8";
            case MAP8: return "map8";
            case LIST32: return "list32";
            case MAP32: return "map32";
            case ARRAY8: return "array8";
            case ARRAY32: return "array32";
            default: return null;
        }
    }
}
