package org.amqpcodec.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

import org.amqpcodec.api.DataHandler;
import org.amqpcodec.api.DecodeError;
import org.amqpcodec.api.DecodeException;
import org.amqpcodec.api.DecodeOptions;
import org.amqpcodec.api.Decoder;
import org.amqpcodec.api.Symbol;
import org.amqpcodec.api.Type;
import org.amqpcodec.impl.testing.EveryValue;
import org.amqpcodec.impl.testing.Hex;
import org.amqpcodec.impl.testing.InputBackend;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The getters' coercion rules, as documented on {@link Decoder}: leniently, every integer type, boolean, char and
 * timestamp answers every integer getter when the value fits (else OUT_OF_RANGE); integers answer getFloat and
 * getDouble only when exactly representable; float widens to double; double narrows to float only when exact
 * (or NaN); strings and symbols answer getString, ASCII strings getSymbol; anything else is WRONG_TYPE. Strictly,
 * each getter answers exactly its own type. Also getBits on every fixed-width encoding.
 *
 * <p>The expected outcome of each (sample, getter) pair is computed from the sample's mathematical value with
 * BigInteger/BigDecimal, not from the decoder's own arithmetic.
 */
class GetterCoercionTest {

    /** The getters, each with the type it belongs to and its result in a comparable form. */
    enum Getter {
        BOOLEAN(Type.BOOLEAN, null, null, Decoder::getBoolean),
        UBYTE(Type.UBYTE, 0, 0xFFL, d -> BigInteger.valueOf(d.getUbyte())),
        USHORT(Type.USHORT, 0, 0xFFFFL, d -> BigInteger.valueOf(d.getUshort())),
        UINT(Type.UINT, 0, 0xFFFF_FFFFL, d -> BigInteger.valueOf(d.getUint())),
        ULONG(Type.ULONG, 0, -1L, d -> new BigInteger(Long.toUnsignedString(d.getUlong()))),
        BYTE(Type.BYTE, Byte.MIN_VALUE, Byte.MAX_VALUE, d -> BigInteger.valueOf(d.getByte())),
        SHORT(Type.SHORT, Short.MIN_VALUE, Short.MAX_VALUE, d -> BigInteger.valueOf(d.getShort())),
        INT(Type.INT, Integer.MIN_VALUE, Integer.MAX_VALUE, d -> BigInteger.valueOf(d.getInt())),
        LONG(Type.LONG, Long.MIN_VALUE, Long.MAX_VALUE, d -> BigInteger.valueOf(d.getLong())),
        TIMESTAMP(Type.TIMESTAMP, Long.MIN_VALUE, Long.MAX_VALUE, d -> BigInteger.valueOf(d.getTimestamp())),
        FLOAT(Type.FLOAT, null, null, Decoder::getFloat),
        DOUBLE(Type.DOUBLE, null, null, Decoder::getDouble),
        CHAR(Type.CHAR, null, null, Decoder::getChar),
        DECIMAL32(Type.DECIMAL32, null, null, Decoder::getDecimal32Bits),
        DECIMAL64(Type.DECIMAL64, null, null, Decoder::getDecimal64Bits),
        DECIMAL128_HIGH(Type.DECIMAL128, null, null, Decoder::getDecimal128High),
        DECIMAL128_LOW(Type.DECIMAL128, null, null, Decoder::getDecimal128Low),
        UUID_MOST(Type.UUID, null, null, Decoder::getUuidMostSignificantBits),
        UUID_LEAST(Type.UUID, null, null, Decoder::getUuidLeastSignificantBits),
        STRING(Type.STRING, null, null, Decoder::getString),
        CACHED_STRING(Type.STRING, null, null, Decoder::getCachedString),
        SYMBOL(Type.SYMBOL, null, null, Decoder::getSymbol);

        final Type own;
        final BigInteger min;
        final BigInteger max;
        final Function<Decoder, Object> read;

        Getter(Type own, Number min, Number max, Function<Decoder, Object> read) {
            this.own = own;
            this.min = min == null ? null : BigInteger.valueOf(min.longValue());
            this.max = max == null ? null : own == Type.ULONG ? BigInteger.TWO.pow(64).subtract(BigInteger.ONE)
                : BigInteger.valueOf(max.longValue());
            this.read = read;
        }
    }

    /**
     * An encoded value, its type and its value (integral types: BigInteger; FLOAT/DOUBLE: Float/Double; DECIMAL32:
     * Integer bits; DECIMAL64: Long bits; DECIMAL128/UUID: long[2]; STRING/SYMBOL: String), probed in the
     * {@code probe}-th callback (0 for the first; 1 for the element of a one-element array or a described value).
     */
    record Sample(String hex, Type type, Object value, int probe) {

        BigInteger integer() {
            return (BigInteger) value;
        }

        @Override
        public String toString() {
            return type + " " + hex + (probe > 0 ? " (callback " + probe + ")" : "");
        }
    }

    static Sample sample(String hex, Type type, Object value) {
        return new Sample(hex, type, value, 0);
    }

    static Sample integral(String hex, Type type, String decimal) {
        return new Sample(hex, type, new BigInteger(decimal), 0);
    }

    static Sample element(String hex, Type type, Object value) {
        return new Sample(hex, type, value instanceof String && type != Type.STRING && type != Type.SYMBOL
            ? new BigInteger((String) value) : value, 1);
    }

    static final String TWO_64_MINUS_1 = "18446744073709551615";

    static final List<Sample> SAMPLES = List.of(
        integral("50 00", Type.UBYTE, "0"),
        integral("50 FF", Type.UBYTE, "255"),
        integral("50 80", Type.UBYTE, "128"),
        integral("60 0000", Type.USHORT, "0"),
        integral("60 FFFF", Type.USHORT, "65535"),
        integral("60 7FFF", Type.USHORT, "32767"),
        integral("60 8000", Type.USHORT, "32768"),
        integral("60 0080", Type.USHORT, "128"),
        integral("43", Type.UINT, "0"),
        integral("52 FF", Type.UINT, "255"),
        integral("52 7F", Type.UINT, "127"),
        integral("70 FFFFFFFF", Type.UINT, "4294967295"),
        integral("70 80000000", Type.UINT, "2147483648"),
        integral("70 7FFFFFFF", Type.UINT, "2147483647"),
        integral("70 01000001", Type.UINT, "16777217"),
        integral("70 00000100", Type.UINT, "256"),
        integral("44", Type.ULONG, "0"),
        integral("53 80", Type.ULONG, "128"),
        integral("80 00000000000000FF", Type.ULONG, "255"),
        integral("80 0000000080000000", Type.ULONG, "2147483648"),
        integral("80 0020000000000000", Type.ULONG, "9007199254740992"),
        integral("80 0020000000000001", Type.ULONG, "9007199254740993"),
        integral("80 7FFFFFFFFFFFFFFF", Type.ULONG, "9223372036854775807"),
        integral("80 8000000000000000", Type.ULONG, "9223372036854775808"),
        integral("80 FFFFFFFFFFFFFFFF", Type.ULONG, TWO_64_MINUS_1),
        integral("51 80", Type.BYTE, "-128"),
        integral("51 7F", Type.BYTE, "127"),
        integral("51 FF", Type.BYTE, "-1"),
        integral("51 00", Type.BYTE, "0"),
        integral("61 8000", Type.SHORT, "-32768"),
        integral("61 7FFF", Type.SHORT, "32767"),
        integral("61 00FF", Type.SHORT, "255"),
        integral("61 FF80", Type.SHORT, "-128"),
        integral("61 FF7F", Type.SHORT, "-129"),
        integral("71 80000000", Type.INT, "-2147483648"),
        integral("71 7FFFFFFF", Type.INT, "2147483647"),
        integral("71 01000000", Type.INT, "16777216"),
        integral("71 01000001", Type.INT, "16777217"),
        integral("71 FEFFFFFF", Type.INT, "-16777217"),
        integral("71 00010000", Type.INT, "65536"),
        integral("71 FFFF0000", Type.INT, "-65536"),
        integral("54 FF", Type.INT, "-1"),
        integral("54 7F", Type.INT, "127"),
        integral("54 80", Type.INT, "-128"),
        integral("81 8000000000000000", Type.LONG, "-9223372036854775808"),
        integral("81 7FFFFFFFFFFFFFFF", Type.LONG, "9223372036854775807"),
        integral("81 0020000000000000", Type.LONG, "9007199254740992"),
        integral("81 0020000000000001", Type.LONG, "9007199254740993"),
        integral("81 FFDFFFFFFFFFFFFF", Type.LONG, "-9007199254740993"),
        integral("81 0000000100000000", Type.LONG, "4294967296"),
        integral("81 FFFFFFFF00000000", Type.LONG, "-4294967296"),
        integral("55 80", Type.LONG, "-128"),
        integral("55 05", Type.LONG, "5"),
        integral("41", Type.BOOLEAN, "1"),
        integral("42", Type.BOOLEAN, "0"),
        integral("56 01", Type.BOOLEAN, "1"),
        integral("56 00", Type.BOOLEAN, "0"),
        integral("73 00000041", Type.CHAR, "65"),
        integral("73 000000FF", Type.CHAR, "255"),
        integral("73 0001F600", Type.CHAR, "128512"),
        integral("73 0010FFFF", Type.CHAR, "1114111"),
        integral("83 0000000000000000", Type.TIMESTAMP, "0"),
        integral("83 000000000000002A", Type.TIMESTAMP, "42"),
        integral("83 0000013167ADB8A1", Type.TIMESTAMP, "1311704463521"),
        integral("83 FFFFFFFFFFFFFFFF", Type.TIMESTAMP, "-1"),
        integral("83 8000000000000000", Type.TIMESTAMP, "-9223372036854775808"),
        sample("72 3FC00000", Type.FLOAT, 1.5f),
        sample("72 7FC00000", Type.FLOAT, Float.NaN),
        sample("72 80000000", Type.FLOAT, -0.0f),
        sample("72 7F800000", Type.FLOAT, Float.POSITIVE_INFINITY),
        sample("72 00000001", Type.FLOAT, Float.MIN_VALUE),
        sample("82 3FF8000000000000", Type.DOUBLE, 1.5),
        sample("82 3FB999999999999A", Type.DOUBLE, 0.1),
        sample("82 7FF8000000000000", Type.DOUBLE, Double.NaN),
        sample("82 8000000000000000", Type.DOUBLE, -0.0),
        sample("82 FFF0000000000000", Type.DOUBLE, Double.NEGATIVE_INFINITY),
        sample("82 7FEFFFFFFFFFFFFF", Type.DOUBLE, Double.MAX_VALUE),
        sample("82 4170000010000000", Type.DOUBLE, 16777217.0),
        sample("82 36A0000000000000", Type.DOUBLE, (double) Float.MIN_VALUE),
        sample("82 0000000000000001", Type.DOUBLE, Double.MIN_VALUE),
        sample("74 32800001", Type.DECIMAL32, 0x32800001),
        sample("84 31C0000000000001", Type.DECIMAL64, 0x31C0000000000001L),
        sample("94 3040000000000000 0000000000000001", Type.DECIMAL128, new long[] {0x3040000000000000L, 1}),
        sample("98 F81D4FAE7DEC11D0 A76500A0C91E6BF6", Type.UUID,
            new long[] {0xF81D4FAE7DEC11D0L, 0xA76500A0C91E6BF6L}),
        sample("A1 03 616263", Type.STRING, "abc"),
        sample("A1 00", Type.STRING, ""),
        sample("B1 00000002 C3A9", Type.STRING, "\u00E9"),
        sample("A1 04 F09D849E", Type.STRING, "\uD834\uDD1E"),
        sample("A3 03 616263", Type.SYMBOL, "abc"),
        sample("B3 00000001 78", Type.SYMBOL, "x"),
        sample("A0 02 0102", Type.BINARY, null),
        sample("B0 00000000", Type.BINARY, null),
        sample("40", Type.NULL, null),
        sample("45", Type.LIST, null),
        sample("D0 00000004 00000000", Type.LIST, null),
        sample("C1 01 00", Type.MAP, null),
        sample("E0 02 00 40", Type.ARRAY, null),
        // array elements (no constructor of their own), through the array's element constructor
        element("E0 03 01 54 80", Type.INT, "-128"),
        element("E0 06 01 70 FFFFFFFF", Type.UINT, "4294967295"),
        element("E0 0A 01 81 8000000000000000", Type.LONG, "-9223372036854775808"),
        element("E0 03 01 56 01", Type.BOOLEAN, "1"),
        element("E0 02 01 41", Type.BOOLEAN, "1"),
        element("E0 02 01 43", Type.UINT, "0"),
        element("E0 06 01 72 3FC00000", Type.FLOAT, 1.5f),
        element("E0 05 01 A1 02 6869", Type.STRING, "hi"),
        element("E0 06 01 A3 03 616263", Type.SYMBOL, "abc"),
        // a descriptor answers getters too; then the described value
        new Sample("00 53 01 71 00000005", Type.ULONG, BigInteger.ONE, 0),
        new Sample("00 53 01 71 00000005", Type.INT, BigInteger.valueOf(5), 1));

    /** A lenient outcome the documentation leaves open: not compared. */
    static final Object UNSPECIFIED = new Object();

    static boolean isIntegral(Type t) {
        return t.isInteger() || t == Type.BOOLEAN || t == Type.CHAR || t == Type.TIMESTAMP;
    }

    static Object exactFloat(BigInteger v) {
        float f = v.floatValue();
        return new BigDecimal(f).compareTo(new BigDecimal(v)) == 0 ? (Object) f : DecodeError.OUT_OF_RANGE;
    }

    static Object exactDouble(BigInteger v) {
        double d = v.doubleValue();
        return new BigDecimal(d).compareTo(new BigDecimal(v)) == 0 ? (Object) d : DecodeError.OUT_OF_RANGE;
    }

    /** What {@code g} gives for {@code s}: the value, or the DecodeError it throws. */
    static Object expected(Getter g, Sample s, boolean strict) {
        Type t = s.type();
        if (strict && g.own != t) {
            return DecodeError.WRONG_TYPE;
        }
        switch (g) {
            case BOOLEAN:
                return t == Type.BOOLEAN ? (Object) (s.integer().signum() != 0) : DecodeError.WRONG_TYPE;
            case CHAR:
                return t == Type.CHAR ? (Object) s.integer().intValueExact() : DecodeError.WRONG_TYPE;
            case FLOAT:
                if (t == Type.FLOAT) {
                    return s.value();
                }
                if (t == Type.DOUBLE) {
                    double d = (Double) s.value();
                    float f = (float) d;
                    return Double.isNaN(d) || (double) f == d ? (Object) f : DecodeError.OUT_OF_RANGE;
                }
                return t.isInteger() ? exactFloat(s.integer()) : isIntegral(t) ? UNSPECIFIED : DecodeError.WRONG_TYPE;
            case DOUBLE:
                if (t == Type.DOUBLE) {
                    return s.value();
                }
                if (t == Type.FLOAT) {
                    return (double) (Float) s.value();
                }
                return t.isInteger() ? exactDouble(s.integer()) : isIntegral(t) ? UNSPECIFIED : DecodeError.WRONG_TYPE;
            case DECIMAL32:
            case DECIMAL64:
                return t == g.own ? s.value() : DecodeError.WRONG_TYPE;
            case DECIMAL128_HIGH:
            case UUID_MOST:
                return t == g.own ? (Object) ((long[]) s.value())[0] : DecodeError.WRONG_TYPE;
            case DECIMAL128_LOW:
            case UUID_LEAST:
                return t == g.own ? (Object) ((long[]) s.value())[1] : DecodeError.WRONG_TYPE;
            case STRING:
            case CACHED_STRING:
                return t == Type.STRING || t == Type.SYMBOL ? s.value() : DecodeError.WRONG_TYPE;
            case SYMBOL:
                if (t == Type.SYMBOL) {
                    return Symbol.valueOf((String) s.value());
                }
                if (t == Type.STRING) {
                    String text = (String) s.value();
                    return text.chars().allMatch(c -> c < 0x80) ? Symbol.valueOf(text) : DecodeError.INVALID_SYMBOL;
                }
                return DecodeError.WRONG_TYPE;
            default: // the integer getters
                if (!isIntegral(t)) {
                    return DecodeError.WRONG_TYPE;
                }
                BigInteger v = s.integer();
                return v.compareTo(g.min) >= 0 && v.compareTo(g.max) <= 0 ? v : DecodeError.OUT_OF_RANGE;
        }
    }

    /** What a getter did: its value, or the error of the DecodeException, checked to name the cursor's value. */
    static Object outcome(Getter g, Decoder d) {
        try {
            return g.read.apply(d);
        } catch (DecodeException e) {
            if (e.offset() != d.offset() || e.formatCode() != d.formatCode()) {
                return "an exception at offset " + e.offset() + " code " + e.formatCode() + " for a value at offset "
                    + d.offset() + " code " + d.formatCode();
            }
            return e.error();
        }
    }

    /** Every getter's outcome on the sample's probed value. */
    static Map<Getter, Object> probe(InputBackend in, DecodeOptions options, Sample s) {
        Map<Getter, Object> out = new EnumMap<>(Getter.class);
        int[] callbacks = {0};
        DataHandler h = new EveryValue.AndDescriptors() {
            @Override
            protected void at(Decoder d) {
                if (callbacks[0]++ == s.probe()) {
                    assertEquals(s.type(), d.type(), s.toString());
                    for (Getter g : Getter.values()) {
                        out.put(g, outcome(g, d));
                    }
                }
            }
        };
        try (InputBackend.Source src = in.open(Hex.bytes(s.hex()), options)) {
            assertTrue(src.decoder().decode(h));
        }
        assertEquals(Getter.values().length, out.size(), "probed " + s);
        return out;
    }

    static void checkMatrix(InputBackend in, DecodeOptions options) {
        List<String> wrong = new ArrayList<>();
        int compared = 0;
        for (Sample s : SAMPLES) {
            Map<Getter, Object> actual = probe(in, options, s);
            for (Getter g : Getter.values()) {
                Object expected = expected(g, s, options.strict());
                if (expected == UNSPECIFIED) {
                    continue;
                }
                compared++;
                if (!Objects.equals(expected, actual.get(g))) {
                    wrong.add(g + " on " + s + ": expected " + expected + " but got " + actual.get(g));
                }
            }
        }
        assertEquals(List.of(), wrong);
        assertTrue(compared > SAMPLES.size() * (Getter.values().length - 2));
    }

    @ParameterizedTest
    @EnumSource(InputBackend.class)
    void shouldCoerceLenientlyWhereNothingIsLost(InputBackend in) {
        checkMatrix(in, DecodeOptions.DEFAULT);
    }

    @ParameterizedTest
    @EnumSource(InputBackend.class)
    void shouldAnswerOnlyTheGettersOwnTypeInStrictMode(InputBackend in) {
        checkMatrix(in, DecodeOptions.STRICT);
    }

    /** The documented float/double edges, spelled out (the matrix covers them too, computed). */
    @ParameterizedTest
    @EnumSource(InputBackend.class)
    void shouldAnswerFloatingGettersOnlyWithExactValues(InputBackend in) {
        Map<String, Object> cases = new LinkedHashMap<>();
        cases.put("FLOAT 71 01000000", 16777216f);                       // 2^24
        cases.put("FLOAT 71 01000001", DecodeError.OUT_OF_RANGE);        // 2^24+1 needs 25 bits
        cases.put("FLOAT 71 FEFFFFFF", DecodeError.OUT_OF_RANGE);        // -(2^24+1)
        cases.put("FLOAT 81 8000000000000000", -9.223372E18f);          // Long.MIN_VALUE = -2^63
        cases.put("FLOAT 80 8000000000000000", 9.223372E18f);           // ulong 2^63
        cases.put("DOUBLE 81 0020000000000000", 9007199254740992.0);     // 2^53
        cases.put("DOUBLE 81 0020000000000001", DecodeError.OUT_OF_RANGE); // 2^53+1
        cases.put("DOUBLE 80 0020000000000001", DecodeError.OUT_OF_RANGE); // ulong 2^53+1
        cases.put("DOUBLE 80 8000000000000000", 9.223372036854775808E18); // ulong 2^63, exactly
        cases.put("DOUBLE 80 FFFFFFFFFFFFFFFF", DecodeError.OUT_OF_RANGE); // ulong 2^64-1
        cases.put("DOUBLE 72 3FC00000", 1.5);                            // float widens
        cases.put("FLOAT 82 3FB999999999999A", DecodeError.OUT_OF_RANGE); // 0.1 is no float
        cases.put("FLOAT 82 7FF8000000000000", Float.NaN);
        cases.put("FLOAT 82 4170000010000000", DecodeError.OUT_OF_RANGE); // 16777217.0
        cases.put("INT 72 3FC00000", DecodeError.WRONG_TYPE);            // floats answer no integer getter
        cases.put("INT A1 01 31", DecodeError.WRONG_TYPE);               // nor do strings, even "1"
        cases.put("BOOLEAN 52 01", DecodeError.WRONG_TYPE);              // integers answer no getBoolean
        for (Map.Entry<String, Object> c : cases.entrySet()) {
            Getter g = Getter.valueOf(c.getKey().substring(0, c.getKey().indexOf(' ')));
            String hex = c.getKey().substring(c.getKey().indexOf(' ') + 1);
            Sample s = sample(hex, Type.ofFormatCode(Hex.bytes(hex)[0] & 0xFF), null);
            assertEquals(c.getValue(), probe(in, DecodeOptions.DEFAULT, s).get(g), c.getKey());
        }
    }

    @ParameterizedTest
    @EnumSource(InputBackend.class)
    void shouldGiveTheRawBitsOfEveryFixedWidthEncoding(InputBackend in) {
        Map<String, Long> bits = new LinkedHashMap<>();
        bits.put("40", 0L);
        bits.put("41", 1L);
        bits.put("42", 0L);
        bits.put("43", 0L);
        bits.put("44", 0L);
        bits.put("56 00", 0L);
        bits.put("56 01", 1L);
        bits.put("50 FF", 0xFFL);
        bits.put("51 80", 0x80L);
        bits.put("52 FE", 0xFEL);
        bits.put("53 01", 1L);
        bits.put("54 FF", 0xFFL);
        bits.put("55 80", 0x80L);
        bits.put("60 FFFE", 0xFFFEL);
        bits.put("61 8000", 0x8000L);
        bits.put("70 FFFFFFFF", 0xFFFF_FFFFL);
        bits.put("71 80000000", 0x8000_0000L);
        bits.put("72 3FC00000", 0x3FC0_0000L);
        bits.put("73 0010FFFF", 0x10_FFFFL);
        bits.put("74 32800001", 0x3280_0001L);
        bits.put("80 FFFFFFFFFFFFFFFF", -1L);
        bits.put("81 8000000000000000", Long.MIN_VALUE);
        bits.put("82 3FF8000000000000", 0x3FF8_0000_0000_0000L);
        bits.put("83 0000013167ADB8A1", 1311704463521L);
        bits.put("84 31C0000000000001", 0x31C0_0000_0000_0001L);
        bits.put("94 3040000000000000 0000000000000001", 0x3040_0000_0000_0000L);
        bits.put("98 F81D4FAE7DEC11D0 A76500A0C91E6BF6", 0xF81D_4FAE_7DEC_11D0L);
        for (DecodeOptions options : new DecodeOptions[] {DecodeOptions.DEFAULT, DecodeOptions.STRICT}) {
            for (Map.Entry<String, Long> b : bits.entrySet()) {
                assertEquals(List.of(b.getValue()), allBits(in, options, b.getKey()), b.getKey());
            }
            assertEquals(List.of(0x80L, 0x7FL), allBits(in, options, "E0 04 02 55 80 7F"));
            assertEquals(List.of(0xFFFFL, 1L), allBits(in, options, "E0 06 02 61 FFFF 0001"));
            assertEquals(List.of(1L, 1L, 1L), allBits(in, options, "E0 02 03 41"));
            assertEquals(List.of(0L, 0L), allBits(in, options, "E0 02 02 40"));
            for (String notFixed : new String[] {"A1 00", "A0 01 FF", "A3 00", "C0 01 00", "E0 02 00 40"}) {
                assertEquals(List.of(DecodeError.WRONG_TYPE), allBits(in, options, notFixed), notFixed);
            }
        }
    }

    /** getBits() in every primitive callback and every begin callback. */
    static List<Object> allBits(InputBackend in, DecodeOptions options, String hex) {
        List<Object> out = new ArrayList<>();
        DataHandler h = new EveryValue() {
            @Override
            protected void at(Decoder d) {
                try {
                    out.add(d.getBits());
                } catch (DecodeException e) {
                    out.add(e.error());
                }
            }

            @Override
            public void onArrayBegin(Decoder d) {
                if (d.count() == 0) {
                    at(d);
                }
            }
        };
        try (InputBackend.Source src = in.open(Hex.bytes(hex), options)) {
            assertTrue(src.decoder().decode(h));
        }
        return out;
    }
}
