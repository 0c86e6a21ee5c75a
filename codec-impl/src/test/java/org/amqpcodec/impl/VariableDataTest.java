package org.amqpcodec.impl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.BufferOverflowException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;

import org.amqpcodec.api.DataHandler;
import org.amqpcodec.api.DecodeError;
import org.amqpcodec.api.DecodeException;
import org.amqpcodec.api.DecodeOptions;
import org.amqpcodec.api.Decoder;
import org.amqpcodec.api.Encoder;
import org.amqpcodec.api.Symbol;
import org.amqpcodec.api.Type;
import org.amqpcodec.impl.testing.EveryValue;
import org.amqpcodec.impl.testing.Hex;
import org.amqpcodec.impl.testing.InputBackend;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Binary, string and symbol data through every access level ({@code dataLength}, {@code copyData} into arrays
 * and heap/direct buffers, {@code dataEquals}, {@code getString}, {@code getCachedString}, {@code getSymbol},
 * {@code getBinary}) wherever such a value can be: top level, list item, map key and value, array element,
 * described value, descriptor and array element descriptor; in both size widths; on every input backend. Then
 * the text cache: identity for the same bytes, distinct values for different bytes, its limits, and no cache.
 */
class VariableDataTest {

    /** The texts placed everywhere: empty, ASCII, 2-, 3- and 4-byte UTF-8, and lengths at the 255/256 edge. */
    static final List<String> TEXTS = List.of(
        "",
        "a",
        "hello, world",
        "h\u00E9llo w\u00F6rld",
        "\u20AC 3-byte \u20BF",
        "\uD834\uDD1E 4-byte \uD83D\uDE00",
        "x".repeat(255),
        "y".repeat(256),
        "\u00E9".repeat(150));

    static boolean isAscii(String s) {
        return s.chars().allMatch(c -> c < 0x80);
    }

    /** The symbol placed beside a text: the text itself when it is ASCII. */
    static String symbolFor(String text) {
        return isAscii(text) ? text : "sym-" + text.length();
    }

    /** The binary placed beside a text: its UTF-8 bytes, reversed so they differ from the string's. */
    static byte[] binaryFor(String text) {
        byte[] b = text.getBytes(StandardCharsets.UTF_8);
        byte[] r = new byte[b.length];
        for (int i = 0; i < b.length; i++) {
            r[i] = b[b.length - 1 - i];
        }
        return r;
    }

    /** The text, its symbol and its binary at every level where variable data can be: 18 values. */
    static void writeEverywhere(Encoder e, String text) {
        String sym = symbolFor(text);
        byte[] bin = binaryFor(text);
        e.putString(text).putSymbol(sym).putBinary(bin);                               // top level
        e.putList().putString(text).putSymbol(sym).putBinary(bin).end();               // list items
        e.putMap().putSymbol(sym).putString(text).putString(text).putBinary(bin).end(); // map keys and values
        e.putArray(Type.STRING).putString(text).putString(text).end();                 // array elements
        e.putArray(Type.SYMBOL).putSymbol(sym).end();
        e.putArray(Type.BINARY).putBinary(bin).end();
        e.putDescriptor().putSymbol(sym).putString(text);                              // descriptor, described
        e.putArray(Type.STRING).putDescriptor().putSymbol(sym).putString(text).end();  // element descriptor
    }

    static final int VALUES_EVERYWHERE = 18;

    static byte[] encode(EncoderFlavour flavour, java.util.function.Consumer<Encoder> writer) {
        ByteArrayEncoder e = new ByteArrayEncoder(flavour);
        writer.accept(e);
        return e.toByteArray();
    }

    /** Checks every access level on each binary, string and symbol (and symbol descriptor) it is shown. */
    static final class DataChecker implements DataHandler {
        final String text;
        final byte[] utf8;
        final byte[] ascii;
        final byte[] binary;
        final List<String> seen = new ArrayList<>();

        DataChecker(String text) {
            this.text = text;
            this.utf8 = text.getBytes(StandardCharsets.UTF_8);
            this.ascii = symbolFor(text).getBytes(StandardCharsets.US_ASCII);
            this.binary = binaryFor(text);
        }

        @Override
        public void onString(Decoder d) {
            check(d, utf8);
            assertEquals(text, d.getString());
            assertEquals(text, d.getCachedString());
            if (isAscii(text)) {
                assertEquals(Symbol.valueOf(text), d.getSymbol()); // leniently, an ASCII string is a symbol
            } else {
                assertEquals(DecodeError.INVALID_SYMBOL, assertThrows(DecodeException.class, d::getSymbol).error());
            }
        }

        @Override
        public void onSymbol(Decoder d) {
            check(d, ascii);
            assertEquals(symbolFor(text), d.getString());
            assertEquals(symbolFor(text), d.getCachedString());
            assertEquals(Symbol.valueOf(symbolFor(text)), d.getSymbol());
        }

        @Override
        public void onBinary(Decoder d) {
            check(d, binary);
            assertEquals(DecodeError.WRONG_TYPE, assertThrows(DecodeException.class, d::getString).error());
            assertEquals(DecodeError.WRONG_TYPE, assertThrows(DecodeException.class, d::getCachedString).error());
            assertEquals(DecodeError.WRONG_TYPE, assertThrows(DecodeException.class, d::getSymbol).error());
        }

        @Override
        public void onDescriptor(Decoder d) {
            assertEquals(Type.SYMBOL, d.type());
            onSymbol(d);
        }

        void check(Decoder d, byte[] expected) {
            seen.add(d.type() + (d.isDescriptor() ? " descriptor" : "") + " at depth " + d.depth());
            int n = expected.length;
            assertEquals(n, d.dataLength());
            assertArrayEquals(expected, d.getBinary());

            // into an array, at an offset, touching nothing else
            byte[] dst = new byte[n + 6];
            Arrays.fill(dst, (byte) 0x55);
            assertEquals(n, d.copyData(dst, 3));
            byte[] want = new byte[n + 6];
            Arrays.fill(want, (byte) 0x55);
            System.arraycopy(expected, 0, want, 3, n);
            assertArrayEquals(want, dst);
            if (n > 0) {
                assertThrows(IndexOutOfBoundsException.class, () -> d.copyData(new byte[n - 1], 0));
                assertThrows(IndexOutOfBoundsException.class, () -> d.copyData(new byte[n], 1));
            } else {
                assertEquals(0, d.copyData(new byte[0], 0));
            }

            // into heap, sliced heap and direct buffers, at their position, which advances
            ByteBuffer[] buffers = {
                ByteBuffer.allocate(n + 5), ByteBuffer.wrap(new byte[n + 9], 3, n + 6).slice(),
                ByteBuffer.allocateDirect(n + 5)};
            for (ByteBuffer bb : buffers) {
                bb.position(2);
                assertEquals(n, d.copyData(bb));
                assertEquals(2 + n, bb.position());
                byte[] got = new byte[n];
                bb.get(2, got);
                assertArrayEquals(expected, got, bb.toString());
            }
            if (n > 0) {
                for (ByteBuffer small : new ByteBuffer[] {ByteBuffer.allocate(n + 2),
                    ByteBuffer.allocateDirect(n + 2)}) {
                    small.position(3); // n - 1 bytes remain
                    assertThrows(BufferOverflowException.class, () -> d.copyData(small));
                }
            }

            // comparisons without decoding
            byte[] padded = new byte[n + 4];
            System.arraycopy(expected, 0, padded, 2, n);
            assertTrue(d.dataEquals(expected, 0, n));
            assertTrue(d.dataEquals(padded, 2, n));
            assertFalse(d.dataEquals(padded, 0, n + 1), "longer");
            if (n > 0) {
                byte[] other = expected.clone();
                other[n - 1] ^= 0x01;
                assertFalse(d.dataEquals(other, 0, n), "last byte differs");
                assertFalse(d.dataEquals(expected, 0, n - 1), "shorter");
            }
            boolean text = d.type() != Type.BINARY;
            if (isAsciiBytes(expected)) {
                Symbol same = Symbol.fromAscii(expected, 0, n);
                assertEquals(text, d.dataEquals(same), "a binary never equals a symbol");
            }
            assertFalse(d.dataEquals(Symbol.valueOf("z" + new String(ascii, StandardCharsets.US_ASCII))));
        }

        static boolean isAsciiBytes(byte[] b) {
            for (byte x : b) {
                if (x < 0) {
                    return false;
                }
            }
            return true;
        }
    }

    @ParameterizedTest
    @EnumSource(InputBackend.class)
    void shouldGiveTheSameDataAtEveryLevelInBothWidths(InputBackend in) {
        for (EncoderFlavour flavour : EncoderFlavour.values()) {
            for (String text : TEXTS) {
                byte[] bytes = encode(flavour, e -> writeEverywhere(e, text));
                try (InputBackend.Source src = in.open(bytes)) {
                    DataChecker checker = new DataChecker(text);
                    assertTrue(src.decoder().decode(checker));
                    assertEquals(VALUES_EVERYWHERE, checker.seen.size(), flavour + " " + checker.seen);
                }
            }
        }
    }

    @ParameterizedTest
    @EnumSource(InputBackend.class)
    void shouldRefuseDataAccessOnOtherTypes(InputBackend in) {
        List<Object> out = new ArrayList<>();
        DataHandler h = new EveryValue() {
            @Override
            protected void at(Decoder d) {
                for (Function<Decoder, Object> f : List.<Function<Decoder, Object>>of(
                    Decoder::dataLength, x -> x.copyData(new byte[64], 0), x -> x.copyData(ByteBuffer.allocate(64)),
                    Decoder::getBinary)) {
                    out.add(assertThrows(DecodeException.class, () -> f.apply(d)).error());
                }
                out.add(d.dataEquals(new byte[0], 0, 0));
                out.add(d.dataEquals(Symbol.valueOf("")));
            }
        };
        // null, uint0, list0, an empty array of strings: nothing here has data, not even empty data
        try (InputBackend.Source src = in.open(Hex.bytes("40 43 45 E0 02 00 A1"))) {
            assertTrue(src.decoder().decode(h));
        }
        List<Object> once = List.of(DecodeError.WRONG_TYPE, DecodeError.WRONG_TYPE, DecodeError.WRONG_TYPE,
            DecodeError.WRONG_TYPE, false, false);
        List<Object> expected = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            expected.addAll(once);
        }
        assertEquals(expected, out);
    }

    @ParameterizedTest
    @EnumSource(InputBackend.class)
    void shouldReplaceMalformedUtf8Leniently(InputBackend in) {
        List<String> strings = new ArrayList<>();
        DataHandler h = new DataHandler() {
            @Override
            public void onString(Decoder d) {
                strings.add(d.getString());
                strings.add(d.getCachedString());
            }
        };
        // an invalid byte, a lone continuation byte (both widths), then a valid 4-byte sequence
        try (InputBackend.Source src = in.open(Hex.bytes("A1 03 61FF62 B1 00000003 618062 A1 04 F09F9880"))) {
            assertTrue(src.decoder().decode(h));
        }
        assertEquals(List.of("a\uFFFDb", "a\uFFFDb", "a\uFFFDb", "a\uFFFDb", "\uD83D\uDE00", "\uD83D\uDE00"), strings);
    }

    @Nested
    class Cache {

        /** Collects getCachedString of strings and getSymbol of symbols and symbol descriptors, in order. */
        final class Resolver implements DataHandler {
            final List<Object> resolved = new ArrayList<>();

            @Override
            public void onString(Decoder d) {
                resolved.add(d.getCachedString());
            }

            @Override
            public void onSymbol(Decoder d) {
                resolved.add(d.getSymbol());
            }

            @Override
            public void onDescriptor(Decoder d) {
                if (d.type() == Type.SYMBOL) {
                    resolved.add(d.getSymbol());
                }
            }
        }

        List<Object> resolve(InputBackend.Source src) {
            Resolver r = new Resolver();
            assertTrue(src.decoder().decode(r));
            return r.resolved;
        }

        /** Keys repeated inside one input: {"key-a": "ключ", :sym-b: "key-a"}, [:sym-b, "ключ"], described. */
        byte[] repeatedKeys() {
            return encode(EncoderFlavour.COMPACT, e -> {
                e.putMap().putString("key-a").putString("\u043A\u043B\u044E\u0447")
                    .putSymbol("sym-b").putString("key-a").end();
                e.putList().putSymbol("sym-b").putString("\u043A\u043B\u044E\u0447").end();
                e.putDescriptor().putSymbol("sym-b").putString("key-c");
            });
        }

        @ParameterizedTest
        @EnumSource(InputBackend.class)
        void shouldResolveTheSameBytesToTheSameInstance(InputBackend in) {
            try (InputBackend.Source src = in.open(repeatedKeys())) {
                List<Object> first = resolve(src);
                assertEquals(List.of("key-a", "\u043A\u043B\u044E\u0447", Symbol.valueOf("sym-b"), "key-a",
                    Symbol.valueOf("sym-b"), "\u043A\u043B\u044E\u0447", Symbol.valueOf("sym-b"), "key-c"), first);
                // within one scan
                assertSame(first.get(0), first.get(3));
                assertSame(first.get(1), first.get(5));
                assertSame(first.get(2), first.get(4));
                assertSame(first.get(2), first.get(6));
                // and in every later scan of the same decoder
                for (int scan = 0; scan < 3; scan++) {
                    List<Object> again = resolve(src);
                    for (int i = 0; i < first.size(); i++) {
                        assertSame(first.get(i), again.get(i), "scan " + scan + " value " + i);
                    }
                }
                // different bytes, different values
                assertNotEquals(first.get(0), first.get(7));
                assertNotSame(first.get(0), first.get(1));
            }
        }

        @ParameterizedTest
        @EnumSource(InputBackend.class)
        void shouldShareEntriesBetweenStringsAndSymbolsOfTheSameBytes(InputBackend in) {
            List<Object> got = new ArrayList<>();
            DataHandler h = new DataHandler() {
                @Override
                public void onString(Decoder d) {
                    got.add(d.getSymbol()); // leniently, an ASCII string resolves to a symbol
                    got.add(d.getCachedString());
                }

                @Override
                public void onSymbol(Decoder d) {
                    got.add(d.getSymbol());
                    got.add(d.getCachedString());
                }
            };
            try (InputBackend.Source src = in.open(Hex.bytes("A1 03 6B6579 A3 03 6B6579"))) {
                assertTrue(src.decoder().decode(h));
            }
            assertEquals(List.of(Symbol.valueOf("key"), "key", Symbol.valueOf("key"), "key"), got);
            assertSame(got.get(0), got.get(2));
            assertSame(got.get(1), got.get(3));
        }

        @ParameterizedTest
        @EnumSource(InputBackend.class)
        void shouldStillAnswerCorrectlyAboveTheCacheLimitOrWithoutACache(InputBackend in) {
            String longKey = "k".repeat(DecodeOptions.DEFAULT_CACHE_MAX_LENGTH + 1);
            byte[] bytes = encode(EncoderFlavour.COMPACT, e -> {
                e.putString(longKey).putSymbol(longKey).putString("abcd").putString("abcde");
                e.putString("\u00E9t\u00E9").putSymbol("abcd");
            });
            List<Object> expected = List.of(longKey, Symbol.valueOf(longKey), "abcd", "abcde", "\u00E9t\u00E9",
                Symbol.valueOf("abcd"));
            DecodeOptions[] options = {
                DecodeOptions.DEFAULT, DecodeOptions.DEFAULT.withCache(16, 4), DecodeOptions.DEFAULT.withCache(0, 0),
                DecodeOptions.DEFAULT.withCache(1, 64), DecodeOptions.STRICT.withCache(0, 0)};
            for (DecodeOptions o : options) {
                try (InputBackend.Source src = in.open(bytes, o)) {
                    List<Object> first = resolve(src);
                    assertEquals(expected, first, o.toString());
                    List<Object> second = resolve(src);
                    assertEquals(expected, second, o.toString());
                    if (o.cacheEntries() >= 16 && o.cacheMaxLength() >= 4) {
                        assertSame(first.get(2), second.get(2), "\"abcd\" fits every cache here: " + o);
                    }
                }
            }
        }

        @ParameterizedTest
        @EnumSource(InputBackend.class)
        void shouldStayCorrectWhenEntriesEvictEachOther(InputBackend in) {
            List<String> keys = new ArrayList<>();
            for (int i = 0; i < 40; i++) {
                keys.add("key-" + i);
            }
            byte[] bytes = encode(EncoderFlavour.FAST, e -> {
                for (int round = 0; round < 3; round++) {
                    keys.forEach(e::putString);
                    keys.forEach(e::putSymbol);
                }
            });
            List<Object> expected = new ArrayList<>();
            for (int round = 0; round < 3; round++) {
                expected.addAll(keys);
                keys.forEach(k -> expected.add(Symbol.valueOf(k)));
            }
            try (InputBackend.Source src = in.open(bytes, DecodeOptions.DEFAULT.withCache(2, 64))) {
                assertEquals(expected, resolve(src));
                assertEquals(expected, resolve(src));
            }
        }
    }
}
