package org.amqpcodec.impl.hostile;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.stream.Stream;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import org.amqpcodec.api.EncodeException;
import org.amqpcodec.api.Encoder;
import org.amqpcodec.api.OutputFullException;
import org.amqpcodec.api.Symbol;
import org.amqpcodec.api.Type;
import org.amqpcodec.impl.ByteArrayEncoder;
import org.amqpcodec.impl.ByteBufferEncoder;
import org.amqpcodec.impl.EncoderFlavour;
import org.amqpcodec.impl.SerialEncoder;
import org.amqpcodec.impl.netty.NettyEncoder;
import org.amqpcodec.impl.testing.OutputBackend;
import org.amqpcodec.impl.testing.Val;
import org.amqpcodec.impl.testing.ValGen;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every misuse of the serial encoder fails at the call that makes it, with an {@link EncodeException} whose
 * message says what was wrong in terms of the calls made; on every output and in both flavours. And a fixed output
 * that is too small says where and how much, so that the caller can retry with a big enough one.
 */
class EncoderMisuseTest {

    static Stream<Arguments> outputs() {
        List<Arguments> out = new ArrayList<>();
        for (EncoderFlavour flavour : EncoderFlavour.values()) {
            for (OutputBackend backend : OutputBackend.values()) {
                out.add(Arguments.of(flavour, backend));
            }
        }
        return out.stream();
    }

    /**
     * Runs {@code setup} (which must succeed), then asserts that {@code misuse} fails at once with an encode
     * exception (not an output-full one) whose message holds every key word.
     */
    static void assertMisuse(EncoderFlavour flavour, OutputBackend backend, Consumer<SerialEncoder> setup,
                             Consumer<SerialEncoder> misuse, String... keyWords) {
        try (OutputBackend.Sink sink = backend.open(flavour)) {
            SerialEncoder e = sink.encoder();
            setup.accept(e);
            EncodeException ex = assertThrows(EncodeException.class, () -> misuse.accept(e),
                () -> flavour + " " + backend + ": expected a failure mentioning " + Arrays.toString(keyWords));
            assertTrue(!(ex instanceof OutputFullException), () -> "not a misuse but " + ex);
            String message = ex.getMessage().toLowerCase(Locale.ROOT);
            for (String word : keyWords) {
                assertTrue(message.contains(word.toLowerCase(Locale.ROOT)),
                    () -> flavour + " " + backend + ": message should mention \"" + word + "\": " + ex.getMessage());
            }
        }
    }

    static void nothing(SerialEncoder e) {
    }

    @Nested
    class Compounds {

        @ParameterizedTest
        @MethodSource("org.amqpcodec.impl.hostile.EncoderMisuseTest#outputs")
        void shouldRefuseEndWithNothingOpen(EncoderFlavour f, OutputBackend out) {
            assertMisuse(f, out, EncoderMisuseTest::nothing, Encoder::end, "end()", "no list, map or array open");
            assertMisuse(f, out, e -> e.putNull(), Encoder::end, "end()", "no list, map or array open");
            assertMisuse(f, out, e -> e.putList().putInt(1).end(), Encoder::end, "no list, map or array open");
            assertMisuse(f, out, e -> e.putArray(Type.INT).end(), Encoder::end, "no list, map or array open");
        }

        @ParameterizedTest
        @MethodSource("org.amqpcodec.impl.hostile.EncoderMisuseTest#outputs")
        void shouldRefuseToEndAMapWithAnOddItemCount(EncoderFlavour f, OutputBackend out) {
            assertMisuse(f, out, e -> e.putMap().putSymbol("k"), Encoder::end, "map", "odd", "(1)", "no value");
            assertMisuse(f, out, e -> e.putMap().putSymbol("a").putInt(1).putSymbol("b"), Encoder::end, "odd", "(3)");
            assertMisuse(f, out, e -> e.putList().putMap().putNull(), Encoder::end, "odd");
            // a described key is one item
            assertMisuse(f, out, e -> e.putMap().putDescriptor(1).putNull(), Encoder::end, "odd");
        }

        @ParameterizedTest
        @MethodSource("org.amqpcodec.impl.hostile.EncoderMisuseTest#outputs")
        void shouldRefuseUnclosedValuesWhenTheResultIsTaken(EncoderFlavour f, OutputBackend out) {
            assertMisuse(f, out, e -> e.putList(), SerialEncoder::finish, "finish()", "1", "still open", "list");
            assertMisuse(f, out, e -> e.putMap().putNull().putNull(), SerialEncoder::finish, "still open", "map");
            assertMisuse(f, out, e -> e.putArray(Type.INT).putInt(1), SerialEncoder::finish, "still open", "array");
            assertMisuse(f, out, e -> e.putList().putList().end(), SerialEncoder::finish, "1 compound", "list");
            assertMisuse(f, out, e -> e.putList().putMap(), SerialEncoder::finish, "2 compound", "map");
            assertMisuse(f, out, e -> e.putDescriptor(), SerialEncoder::finish, "still open", "descriptor");
            assertMisuse(f, out, e -> e.putDescriptor(0x70), SerialEncoder::finish, "still open", "its value");
            assertMisuse(f, out, e -> e.putDescriptor().putSymbol("x"), SerialEncoder::finish, "its value");
            assertMisuse(f, out, e -> e.putArray(Type.LIST).putDescriptor(), SerialEncoder::finish, "still open",
                "element descriptor");
        }
    }

    @Nested
    class ArrayElements {

        /** An array of one type, and a put of another. */
        private final Object[][] pairs = {
            {Type.INT, (Consumer<SerialEncoder>) e -> e.putLong(1), Type.LONG},
            {Type.LONG, (Consumer<SerialEncoder>) e -> e.putInt(1), Type.INT},
            {Type.UINT, (Consumer<SerialEncoder>) e -> e.putInt(1), Type.INT},
            {Type.ULONG, (Consumer<SerialEncoder>) e -> e.putUint(1), Type.UINT},
            {Type.STRING, (Consumer<SerialEncoder>) e -> e.putSymbol("s"), Type.SYMBOL},
            {Type.SYMBOL, (Consumer<SerialEncoder>) e -> e.putString("s"), Type.STRING},
            {Type.SYMBOL, (Consumer<SerialEncoder>) e -> e.putSymbol(Symbol.valueOf("ok")).putString("s"), Type.STRING},
            {Type.BINARY, (Consumer<SerialEncoder>) e -> e.putStringUtf8(new byte[] {0x61}, 0, 1), Type.STRING},
            {Type.BOOLEAN, (Consumer<SerialEncoder>) e -> e.putNull(), Type.NULL},
            {Type.INT, (Consumer<SerialEncoder>) e -> e.putInt(7).putNull(), Type.NULL},
            {Type.NULL, (Consumer<SerialEncoder>) e -> e.putNull().putInt(1), Type.INT},
            {Type.DOUBLE, (Consumer<SerialEncoder>) e -> e.putFloat(1f), Type.FLOAT},
            {Type.UUID, (Consumer<SerialEncoder>) e -> e.putDecimal128(1, 2), Type.DECIMAL128},
            {Type.CHAR, (Consumer<SerialEncoder>) e -> e.putInt(0x41), Type.INT},
            {Type.TIMESTAMP, (Consumer<SerialEncoder>) e -> e.putLong(0), Type.LONG},
            {Type.MAP, (Consumer<SerialEncoder>) e -> e.putList(), Type.LIST},
            {Type.LIST, (Consumer<SerialEncoder>) e -> e.putList().end().putMap(), Type.MAP},
            {Type.ARRAY, (Consumer<SerialEncoder>) e -> e.putList(), Type.LIST},
            {Type.LIST, (Consumer<SerialEncoder>) e -> e.putArray(Type.INT), Type.ARRAY},
            {Type.SYMBOL, (Consumer<SerialEncoder>) e -> e.putDescriptor().putSymbol("d").putInt(1), Type.INT},
        };

        @ParameterizedTest
        @MethodSource("org.amqpcodec.impl.hostile.EncoderMisuseTest#outputs")
        void shouldRefuseAnElementOfAnotherType(EncoderFlavour f, OutputBackend out) {
            for (Object[] pair : pairs) {
                Type arrayType = (Type) pair[0];
                @SuppressWarnings("unchecked")
                Consumer<SerialEncoder> put = (Consumer<SerialEncoder>) pair[1];
                Type other = (Type) pair[2];
                assertMisuse(f, out, e -> e.putArray(arrayType), put, "array of " + arrayType, "cannot take",
                    other.toString());
            }
        }

        @ParameterizedTest
        @MethodSource("org.amqpcodec.impl.hostile.EncoderMisuseTest#outputs")
        void shouldRefuseEncodedBytesAsAnElement(EncoderFlavour f, OutputBackend out) {
            byte[] one = {0x54, 0x01};
            assertMisuse(f, out, e -> e.putArray(Type.INT), e -> e.putEncoded(one, 0, 2), "encoded value", "array");
            assertMisuse(f, out, e -> e.putArray(Type.INT).putInt(3), e -> e.putEncoded(ByteBuffer.wrap(one)),
                "encoded value", "array element");
            // but a raw value inside a list or map is fine
            try (OutputBackend.Sink sink = out.open(f)) {
                sink.encoder().putList().putEncoded(one, 0, 2).end().putMap().putEncoded(one, 0, 2).putNull().end();
                assertEquals(0, sink.encoder().depth());
            }
        }

        @ParameterizedTest
        @MethodSource("org.amqpcodec.impl.hostile.EncoderMisuseTest#outputs")
        void shouldTakeOneElementDescriptorRightAfterPutArray(EncoderFlavour f, OutputBackend out) {
            assertMisuse(f, out, e -> e.putArray(Type.LIST).putDescriptor(0x23), Encoder::putDescriptor,
                "element descriptor", "right after putArray()", "once");
            assertMisuse(f, out, e -> e.putArray(Type.LIST).putDescriptor(0x23), e -> e.putDescriptor(0x24),
                "element descriptor", "once");
            assertMisuse(f, out, e -> e.putArray(Type.INT).putInt(1), Encoder::putDescriptor, "element descriptor");
            assertMisuse(f, out, e -> e.putArray(Type.INT).putInt(1), e -> e.putDescriptor(Symbol.valueOf("x")),
                "element descriptor");
            assertMisuse(f, out, e -> e.putArray(Type.INT).putDescriptor(), Encoder::end, "end()",
                "element descriptor");
        }
    }

    @Nested
    class Descriptors {

        @ParameterizedTest
        @MethodSource("org.amqpcodec.impl.hostile.EncoderMisuseTest#outputs")
        void shouldRefuseADescriptorWithoutAValue(EncoderFlavour f, OutputBackend out) {
            assertMisuse(f, out, e -> e.putDescriptor(), Encoder::end, "end()", "awaiting its descriptor");
            assertMisuse(f, out, e -> e.putList().putDescriptor(), Encoder::end, "end()", "awaiting its descriptor");
            assertMisuse(f, out, e -> e.putList().putDescriptor().putUlong(1), Encoder::end, "end()",
                "awaiting its value");
            assertMisuse(f, out, e -> e.putMap().putNull().putDescriptor(0x10), Encoder::end, "awaiting its value");
            assertMisuse(f, out, e -> e.putList().putDescriptor(Symbol.valueOf("a:b")), Encoder::end,
                "awaiting its value");
        }

        @ParameterizedTest
        @MethodSource("org.amqpcodec.impl.hostile.EncoderMisuseTest#outputs")
        void shouldRefuseADescribedValueAsADescriptor(EncoderFlavour f, OutputBackend out) {
            assertMisuse(f, out, e -> e.putDescriptor(), Encoder::putDescriptor, "descriptor", "described value");
            assertMisuse(f, out, e -> e.putDescriptor(), e -> e.putDescriptor(5), "descriptor", "described value");
            assertMisuse(f, out, e -> e.putArray(Type.LIST).putDescriptor(), Encoder::putDescriptor,
                "descriptor cannot itself be a described value");
            // the described value may be described again (a descriptor on a described value)
            try (OutputBackend.Sink sink = out.open(f)) {
                sink.encoder().putDescriptor(1).putDescriptor(2).putNull();
                assertEquals(0, sink.encoder().depth());
            }
        }

        @ParameterizedTest
        @MethodSource("org.amqpcodec.impl.hostile.EncoderMisuseTest#outputs")
        void shouldRefuseADescriptorThatIsNotAUlongOrASymbol(EncoderFlavour f, OutputBackend out) {
            List<Consumer<SerialEncoder>> puts = List.of(e -> e.putString("x"), e -> e.putInt(1), e -> e.putUint(1),
                e -> e.putLong(1), e -> e.putNull(), e -> e.putBoolean(true), e -> e.putBinary(new byte[] {1}),
                e -> e.putList(), e -> e.putMap(), e -> e.putArray(Type.ULONG), e -> e.putChar('x'),
                e -> e.putUuid(1, 2));
            for (Consumer<SerialEncoder> put : puts) {
                assertMisuse(f, out, e -> e.putDescriptor(), put, "descriptor", "ulong or a symbol");
                assertMisuse(f, out, e -> e.putArray(Type.INT).putDescriptor(), put, "ulong or a symbol");
            }
        }
    }

    @Nested
    class Values {

        @ParameterizedTest
        @MethodSource("org.amqpcodec.impl.hostile.EncoderMisuseTest#outputs")
        void shouldRefuseUnsignedValuesOutOfRange(EncoderFlavour f, OutputBackend out) {
            assertMisuse(f, out, EncoderMisuseTest::nothing, e -> e.putUbyte(-1), "ubyte", "out of range", "-1");
            assertMisuse(f, out, EncoderMisuseTest::nothing, e -> e.putUbyte(256), "ubyte", "256");
            assertMisuse(f, out, EncoderMisuseTest::nothing, e -> e.putUshort(-1), "ushort", "out of range");
            assertMisuse(f, out, EncoderMisuseTest::nothing, e -> e.putUshort(65536), "ushort", "65536");
            assertMisuse(f, out, EncoderMisuseTest::nothing, e -> e.putUint(-1), "uint", "out of range");
            assertMisuse(f, out, EncoderMisuseTest::nothing, e -> e.putUint(1L << 32), "uint", "4294967296");
            assertMisuse(f, out, e -> e.putArray(Type.UBYTE), e -> e.putUbyte(300), "ubyte", "out of range");
            try (OutputBackend.Sink sink = out.open(f)) {
                sink.encoder().putUbyte(255).putUshort(65535).putUint(0xFFFF_FFFFL).putUbyte(0).putUint(0);
            }
        }

        @ParameterizedTest
        @MethodSource("org.amqpcodec.impl.hostile.EncoderMisuseTest#outputs")
        void shouldRefuseCharsThatAreNotScalarValues(EncoderFlavour f, OutputBackend out) {
            for (int cp : new int[] {0xD800, 0xDBFF, 0xDC00, 0xDFFF, 0x110000, -1, Integer.MIN_VALUE,
                Integer.MAX_VALUE}) {
                assertMisuse(f, out, EncoderMisuseTest::nothing, e -> e.putChar(cp), "char", "scalar value",
                    Integer.toHexString(cp).toUpperCase(Locale.ROOT));
                assertMisuse(f, out, e -> e.putArray(Type.CHAR), e -> e.putChar(cp), "scalar value");
            }
            try (OutputBackend.Sink sink = out.open(f)) {
                sink.encoder().putChar(0).putChar(0xD7FF).putChar(0xE000).putChar(0x10FFFF);
            }
        }

        @ParameterizedTest
        @MethodSource("org.amqpcodec.impl.hostile.EncoderMisuseTest#outputs")
        void shouldRefuseStringsWithUnpairedSurrogates(EncoderFlavour f, OutputBackend out) {
            String longPrefix = "x".repeat(2000);
            for (String s : new String[] {"\uD800", "a\uDC00b", "x\uD83D", "\uDE00\uD83D", "\u00E9\uD83D\u00E9",
                longPrefix + "\uD83D", "\uD83D" + longPrefix, "\u20AC".repeat(100) + "\uDC00"}) {
                assertMisuse(f, out, EncoderMisuseTest::nothing, e -> e.putString(s), "surrogate");
                assertMisuse(f, out, e -> e.putList(), e -> e.putString(s), "surrogate");
                assertMisuse(f, out, e -> e.putArray(Type.STRING).putString("ok"), e -> e.putString(s), "surrogate");
            }
            try (OutputBackend.Sink sink = out.open(f)) {
                sink.encoder().putString("\uD83D\uDE00").putString(longPrefix + "\uD83D\uDE00");
            }
        }

        @ParameterizedTest
        @MethodSource("org.amqpcodec.impl.hostile.EncoderMisuseTest#outputs")
        void shouldRefuseSymbolsThatAreNotAscii(EncoderFlavour f, OutputBackend out) {
            String[] notAscii = {"\u00E9", "\u0080", "abc\u00FF", "\uD83D\uDE00", "x".repeat(300) + "\u00E9"};
            for (String s : notAscii) {
                assertMisuse(f, out, EncoderMisuseTest::nothing, e -> e.putSymbol(s), "symbol", "ascii");
                assertMisuse(f, out, e -> e.putArray(Type.SYMBOL), e -> e.putSymbol(s), "ascii");
                assertMisuse(f, out, e -> e.putDescriptor(), e -> e.putSymbol(s), "ascii");
            }
            byte[] latin1 = {0x61, (byte) 0xE9};
            assertMisuse(f, out, EncoderMisuseTest::nothing, e -> e.putSymbolAscii(latin1, 0, 2), "symbol", "ascii");
        }

        @ParameterizedTest
        @MethodSource("org.amqpcodec.impl.hostile.EncoderMisuseTest#outputs")
        void shouldRefuseEmptyEncodedValues(EncoderFlavour f, OutputBackend out) {
            assertMisuse(f, out, EncoderMisuseTest::nothing, e -> e.putEncoded(new byte[4], 2, 0), "encoded value",
                "at least one byte");
            assertMisuse(f, out, e -> e.putList(), e -> e.putEncoded(ByteBuffer.allocate(0)), "at least one byte");
        }

        @ParameterizedTest
        @EnumSource(EncoderFlavour.class)
        void shouldRefuseNestingBeyondMaxDepth(EncoderFlavour f) {
            ByteArrayEncoder e = new ByteArrayEncoder(f, 16, 3);
            e.putList().putMap().putNull();
            e.putArray(Type.LIST);
            EncodeException ex = assertThrows(EncodeException.class, e::putList);
            assertTrue(ex.getMessage().contains("nesting limit of 3") && ex.getMessage().contains("maxDepth"),
                ex.getMessage());
        }
    }

    // ====================================================================== fixed outputs

    /** A fixed output of exactly {@code capacity} bytes, at an offset inside something bigger. */
    enum Fixed {
        BYTE_ARRAY {
            @Override
            Out open(EncoderFlavour f, int capacity) {
                byte[] array = new byte[capacity + 9];
                ByteArrayEncoder e = new ByteArrayEncoder(f).wrap(array, 5, capacity);
                return new Out(e, () -> Arrays.copyOfRange(array, 5, 5 + e.finish()));
            }
        },
        HEAP_BYTE_BUFFER {
            @Override
            Out open(EncoderFlavour f, int capacity) {
                ByteBuffer whole = ByteBuffer.allocate(capacity + 9);
                ByteBuffer bb = whole.position(3).slice(); // arrayOffset 3
                bb.position(2).limit(2 + capacity);
                ByteBufferEncoder e = new ByteBufferEncoder(f).wrap(bb);
                return new Out(e, () -> {
                    int n = e.finish();
                    assertEquals(2 + n, bb.position());
                    byte[] out = new byte[n];
                    bb.get(2, out);
                    return out;
                });
            }
        },
        DIRECT_BYTE_BUFFER {
            @Override
            Out open(EncoderFlavour f, int capacity) {
                ByteBuffer bb = ByteBuffer.allocateDirect(capacity + 9);
                bb.position(4).limit(4 + capacity);
                ByteBufferEncoder e = new ByteBufferEncoder(f).wrap(bb);
                return new Out(e, () -> {
                    int n = e.finish();
                    byte[] out = new byte[n];
                    bb.get(4, out);
                    return out;
                });
            }
        },
        NETTY_BOUNDED {
            @Override
            Out open(EncoderFlavour f, int capacity) {
                ByteBuf buf = Unpooled.buffer(Math.min(capacity + 3, 8), capacity + 3);
                buf.writeZero(3).readerIndex(3);
                NettyEncoder e = new NettyEncoder(f).wrap(buf);
                return new Out(e, () -> {
                    e.finish();
                    byte[] out = new byte[buf.readableBytes()];
                    buf.getBytes(3, out);
                    return out;
                }, buf);
            }
        };

        abstract Out open(EncoderFlavour f, int capacity);
    }

    static final class Out implements AutoCloseable {
        final SerialEncoder encoder;
        final Supplier<byte[]> finish;
        final ByteBuf release;

        Out(SerialEncoder encoder, Supplier<byte[]> finish) {
            this(encoder, finish, null);
        }

        Out(SerialEncoder encoder, Supplier<byte[]> finish, ByteBuf release) {
            this.encoder = encoder;
            this.finish = finish;
            this.release = release;
        }

        @Override
        public void close() {
            if (release != null) {
                release.release();
            }
        }
    }

    @Nested
    class OutputFull {

        @ParameterizedTest
        @EnumSource(Fixed.class)
        void shouldSayHowMuchIsNeededSoThatARetryFits(Fixed fixed) {
            for (EncoderFlavour f : EncoderFlavour.values()) {
                for (long seed = 0; seed < 40; seed++) {
                    ValGen gen = new ValGen(seed);
                    gen.maxItems = 6; // every retry encodes it all again: keep it a few KiB
                    Val v = gen.value();
                    ByteArrayEncoder growable = new ByteArrayEncoder(f);
                    v.encode(growable);
                    byte[] expected = Arrays.copyOf(growable.array(), growable.finish());

                    int capacity = 0;
                    int attempts = 0;
                    while (true) {
                        OutputFullException full;
                        try (Out out = fixed.open(f, capacity)) {
                            v.encode(out.encoder);
                            assertArrayEquals(expected, out.finish.get(), () -> fixed + " " + f + " " + v);
                            break;
                        } catch (OutputFullException e) {
                            full = e;
                        }
                        attempts++;
                        String context = fixed + " " + f + " seed " + seed + " capacity " + capacity + ": "
                            + full.getMessage();
                        assertTrue(full.position() >= 0 && full.position() <= capacity, context);
                        assertTrue(full.needed() > 0, context);
                        assertTrue(full.capacity() <= capacity, context);
                        assertTrue(full.position() + full.needed() > capacity, context);
                        assertEquals(full.position() + full.needed(), full.requiredCapacity(), context);
                        for (long n : new long[] {full.position(), full.needed(), full.requiredCapacity()}) {
                            assertTrue(full.getMessage().contains(String.valueOf(n)), context);
                        }
                        if (fixed != Fixed.NETTY_BOUNDED) {
                            assertEquals(capacity, full.capacity(), context);
                            assertTrue(full.getMessage().contains(String.valueOf(capacity)), context);
                        }
                        assertNotEquals(capacity, (int) full.requiredCapacity(), context);
                        capacity = (int) full.requiredCapacity();
                        assertTrue(attempts < 10_000, context);
                    }
                    assertTrue(capacity >= expected.length, fixed + " " + f);
                }
            }
        }
    }
}
