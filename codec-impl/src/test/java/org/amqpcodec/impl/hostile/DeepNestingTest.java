package org.amqpcodec.impl.hostile;

import static org.amqpcodec.impl.hostile.Hostile.assertError;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.Arrays;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import org.amqpcodec.api.DataHandler;
import org.amqpcodec.api.DecodeError;
import org.amqpcodec.api.DecodeException;
import org.amqpcodec.api.DecodeOptions;
import org.amqpcodec.api.Decoder;
import org.amqpcodec.api.EncodeException;
import org.amqpcodec.api.FormatCode;
import org.amqpcodec.api.Type;
import org.amqpcodec.impl.ByteArrayDecoder;
import org.amqpcodec.impl.ByteArrayEncoder;
import org.amqpcodec.impl.ByteBufferEncoder;
import org.amqpcodec.impl.EncoderFlavour;
import org.amqpcodec.impl.SerialEncoder;
import org.amqpcodec.impl.netty.NettyEncoder;
import org.amqpcodec.impl.testing.InputBackend;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * 100 000 levels of nesting: the default limit stops the scan with LIMIT_EXCEEDED at the first compound beyond
 * it, and a raised limit decodes everything; neither the scan nor the encoder recurses, so no depth ever costs
 * Java stack. Also 100 000 descriptors stacked on one value, which are not nesting and need no limit.
 */
class DeepNestingTest {

    private static final int LEVELS = 100_000;
    private static final DecodeOptions DEEP = DecodeOptions.DEFAULT.withMaxDepth(200_000);
    private static final int LIMIT = DecodeOptions.DEFAULT_MAX_DEPTH;

    /** A chain of {@link #LEVELS} compounds, each holding the next; a null in the innermost. */
    enum Chain {
        /** list32 [list32 [...]]. */
        LIST32,
        /** list32 outside, the innermost 80 levels list8 (whose one-byte sizes cannot nest deeper). */
        LIST8_INSIDE,
        /** map32 {null: map32 {null: ...}}. */
        MAP32,
        /** array32 of array32 of ..., the innermost an array of one null (a zero-width element). */
        ARRAY32,
        /** list32 and map32 alternating, each described by a smallulong. */
        DESCRIBED_LIST_MAP;

        private byte[] bytes;
        private int[] starts;
        private int[] codes;

        /** Offset of the constructor (for array elements, the first byte) of level {@code level}, from 0. */
        int start(int level) {
            build();
            return starts[level];
        }

        int code(int level) {
            build();
            return codes[level];
        }

        byte[] bytes() {
            build();
            return bytes;
        }

        private synchronized void build() {
            if (bytes != null) {
                return;
            }
            ByteBuffer b = ByteBuffer.allocate(16 * LEVELS);
            int[] sizeAt = new int[LEVELS];
            boolean[] narrow = new boolean[LEVELS];
            starts = new int[LEVELS];
            codes = new int[LEVELS];
            for (int k = 0; k < LEVELS; k++) {
                if (this == DESCRIBED_LIST_MAP) {
                    b.put((byte) FormatCode.DESCRIBED).put((byte) FormatCode.SMALLULONG).put((byte) k);
                }
                starts[k] = b.position();
                int code;
                switch (this) {
                    case LIST8_INSIDE:
                        code = k >= LEVELS - 80 ? FormatCode.LIST8 : FormatCode.LIST32;
                        break;
                    case MAP32:
                        code = FormatCode.MAP32;
                        break;
                    case ARRAY32:
                        code = FormatCode.ARRAY32;
                        break;
                    case DESCRIBED_LIST_MAP:
                        code = k % 2 == 0 ? FormatCode.LIST32 : FormatCode.MAP32;
                        break;
                    default:
                        code = FormatCode.LIST32;
                }
                codes[k] = code;
                if (this != ARRAY32 || k == 0) {
                    b.put((byte) code); // array elements have no constructor of their own
                }
                sizeAt[k] = b.position();
                narrow[k] = code == FormatCode.LIST8;
                boolean map = code == FormatCode.MAP32;
                if (narrow[k]) {
                    b.put((byte) 0).put((byte) 1);
                } else {
                    b.putInt(0).putInt(map ? 2 : 1);
                }
                if (map) {
                    b.put((byte) FormatCode.NULL); // the key; the next level is its value
                }
                if (this == ARRAY32) {
                    b.put((byte) (k == LEVELS - 1 ? FormatCode.NULL : FormatCode.ARRAY32));
                }
            }
            if (this != ARRAY32) {
                b.put((byte) FormatCode.NULL);
            }
            int end = b.position();
            for (int k = 0; k < LEVELS; k++) {
                if (narrow[k]) {
                    b.put(sizeAt[k], (byte) (end - sizeAt[k] - 1));
                } else {
                    b.putInt(sizeAt[k], end - sizeAt[k] - 4);
                }
            }
            bytes = Arrays.copyOf(b.array(), end);
        }
    }

    /** Records the shape of a decode: begins, ends, deepest depth, and the innermost non-compound value. */
    static final class Shape implements DataHandler {
        int begins;
        int ends;
        int deepest = -1;
        int values;
        int descriptors;
        int lastDepth = -1;
        Type lastType;
        boolean lastElement;
        int expectedDepth;
        boolean skipFirst;

        private void begin(Decoder d) {
            assertEquals(expectedDepth, d.depth(), "depth() in a begin callback");
            if (begins++ == 0 && skipFirst) {
                d.skip();
                return;
            }
            expectedDepth++;
            deepest = Math.max(deepest, d.depth());
        }

        private void end(Decoder d) {
            expectedDepth--;
            assertEquals(expectedDepth, d.depth(), "depth() in an end callback");
            ends++;
        }

        @Override
        public void onPrimitive(Decoder d) {
            values++;
            lastDepth = d.depth();
            lastType = d.type();
            lastElement = d.isArrayElement();
        }

        @Override
        public void onDescriptor(Decoder d) {
            descriptors++;
        }

        @Override
        public void onListBegin(Decoder d) {
            begin(d);
        }

        @Override
        public void onMapBegin(Decoder d) {
            begin(d);
        }

        @Override
        public void onArrayBegin(Decoder d) {
            begin(d);
        }

        @Override
        public void onListEnd(Decoder d) {
            end(d);
        }

        @Override
        public void onMapEnd(Decoder d) {
            end(d);
        }

        @Override
        public void onArrayEnd(Decoder d) {
            end(d);
        }
    }

    @Nested
    class Decoding {

        @ParameterizedTest
        @EnumSource(InputBackend.class)
        void shouldStopAtTheDefaultLimitWithoutStackOverflow(InputBackend in) {
            for (Chain chain : Chain.values()) {
                byte[] bytes = chain.bytes();
                for (DecodeOptions options : new DecodeOptions[] {DecodeOptions.DEFAULT, DecodeOptions.STRICT}) {
                    Shape shape = new Shape();
                    try (InputBackend.Source src = Hostile.openUnrecorded(in, bytes, options)) {
                        DecodeException e = assertThrows(DecodeException.class, () -> src.decoder().decode(shape));
                        assertError(e, DecodeError.LIMIT_EXCEEDED, chain.start(LIMIT), chain.code(LIMIT), 0,
                            in + " " + chain);
                        assertTrue(e.getMessage().contains("withMaxDepth"), e.getMessage());
                    }
                    // the compounds up to the limit were delivered, nothing was closed
                    assertEquals(LIMIT, shape.begins, chain.toString());
                    assertEquals(0, shape.ends, chain.toString());
                    assertEquals(LIMIT - 1, shape.deepest, chain.toString());
                }
            }
        }

        @ParameterizedTest
        @EnumSource(InputBackend.class)
        void shouldDecodeEveryLevelWithARaisedLimit(InputBackend in) {
            for (Chain chain : Chain.values()) {
                Shape shape = new Shape();
                try (InputBackend.Source src = Hostile.openUnrecorded(in, chain.bytes(), DEEP)) {
                    Decoder d = src.decoder();
                    assertTrue(d.decode(shape));
                    assertEquals(0, d.remaining());
                }
                assertEquals(LEVELS, shape.begins, chain.toString());
                assertEquals(LEVELS, shape.ends, chain.toString());
                assertEquals(LEVELS - 1, shape.deepest, chain.toString());
                // the innermost value is inside every level
                assertEquals(LEVELS, shape.lastDepth, chain.toString());
                assertEquals(Type.NULL, shape.lastType, chain.toString());
                assertEquals(chain == Chain.ARRAY32, shape.lastElement, chain.toString());
                assertEquals(chain == Chain.MAP32 ? LEVELS + 1 : chain == Chain.DESCRIBED_LIST_MAP ? LEVELS / 2 + 1 : 1,
                    shape.values, chain.toString());
                assertEquals(chain == Chain.DESCRIBED_LIST_MAP ? LEVELS : 0, shape.descriptors, chain.toString());
            }
        }

        @ParameterizedTest
        @EnumSource(InputBackend.class)
        void shouldSkipTheWholeChainWithoutDescending(InputBackend in) {
            for (Chain chain : Chain.values()) {
                Shape shape = new Shape();
                shape.skipFirst = true;
                try (InputBackend.Source src = Hostile.openUnrecorded(in, chain.bytes(),
                    DecodeOptions.DEFAULT.withMaxDepth(1))) {
                    Decoder d = src.decoder();
                    assertTrue(d.decode(shape));
                    assertEquals(chain.bytes().length, d.position());
                }
                assertEquals(1, shape.begins, chain.toString());
                assertEquals(0, shape.ends, chain.toString());
                assertEquals(0, shape.values, chain.toString());
            }
        }

        @Test
        void shouldNotNeedTheJavaStack() throws Exception {
            // a thread with a small stack: a recursive scan would overflow it long before 100 000 levels
            Throwable[] failure = new Throwable[1];
            int[] begins = new int[1];
            Thread t = new Thread(null, () -> {
                try {
                    Shape shape = new Shape();
                    new ByteArrayDecoder(DEEP).wrap(Chain.LIST32.bytes()).decode(shape);
                    begins[0] = shape.begins;
                } catch (Throwable e) {
                    failure[0] = e;
                }
            }, "small-stack", 128 * 1024);
            t.start();
            t.join();
            if (failure[0] != null) {
                throw new AssertionError("decoding 100 000 levels on a 128 KiB stack", failure[0]);
            }
            assertEquals(LEVELS, begins[0]);
        }
    }

    @Nested
    class StackedDescriptors {

        private byte[] stacked(int n, String prefix) {
            ByteBuffer b = ByteBuffer.allocate(prefix.length() / 2 + 3 * n + 1);
            for (int i = 0; i < prefix.length(); i += 2) {
                b.put((byte) Integer.parseInt(prefix.substring(i, i + 2), 16));
            }
            for (int i = 0; i < n; i++) {
                b.put((byte) FormatCode.DESCRIBED).put((byte) FormatCode.SMALLULONG).put((byte) 1);
            }
            return b.put((byte) FormatCode.NULL).array();
        }

        @ParameterizedTest
        @EnumSource(InputBackend.class)
        void shouldDeliverEveryDescriptorOfOneValue(InputBackend in) {
            byte[] bytes = stacked(LEVELS, "");
            for (DecodeOptions options : new DecodeOptions[] {DecodeOptions.DEFAULT, DecodeOptions.STRICT}) {
                int[] seen = new int[2];
                try (InputBackend.Source src = Hostile.openUnrecorded(in, bytes, options)) {
                    assertTrue(src.decoder().decode(new DataHandler() {
                        @Override
                        public void onDescriptor(Decoder d) {
                            assertEquals(1, d.getUlong());
                            assertEquals(0, d.depth());
                            assertEquals(3 * seen[0] + 1, d.offset());
                            seen[0]++;
                        }

                        @Override
                        public void onNull(Decoder d) {
                            assertEquals(0, d.depth());
                            assertEquals(0, d.index());
                            assertEquals(3 * LEVELS, d.offset());
                            seen[1]++;
                        }
                    }));
                }
                assertEquals(LEVELS, seen[0]);
                assertEquals(1, seen[1]);
            }
        }

        @ParameterizedTest
        @EnumSource(InputBackend.class)
        void shouldSkipTheStackAndItsValueAtTheFirstDescriptor(InputBackend in) {
            // inside a list of two: the stacked value, then a true
            byte[] inner = stacked(LEVELS, "");
            ByteBuffer b = ByteBuffer.allocate(9 + inner.length + 1);
            b.put((byte) FormatCode.LIST32).putInt(4 + inner.length + 1).putInt(2).put(inner)
                .put((byte) FormatCode.BOOLEAN_TRUE);
            int[] seen = new int[3];
            try (InputBackend.Source src = Hostile.openUnrecorded(in, b.array(), DecodeOptions.DEFAULT)) {
                assertTrue(src.decoder().decode(new DataHandler() {
                    @Override
                    public void onDescriptor(Decoder d) {
                        seen[0]++;
                        d.skip();
                    }

                    @Override
                    public void onNull(Decoder d) {
                        seen[1]++;
                    }

                    @Override
                    public void onBoolean(Decoder d) {
                        assertEquals(1, d.index());
                        assertEquals(1, d.depth());
                        seen[2]++;
                    }
                }));
            }
            assertArrayEquals(new int[] {1, 0, 1}, seen);
        }

        @ParameterizedTest
        @EnumSource(InputBackend.class)
        void shouldReportAStackThatEndsWithoutItsValue(InputBackend in) {
            byte[] bytes = Arrays.copyOf(stacked(LEVELS, ""), 3 * LEVELS);
            try (InputBackend.Source src = Hostile.openUnrecorded(in, bytes, DecodeOptions.DEFAULT)) {
                DecodeException e = assertThrows(DecodeException.class, () -> src.decoder().decode(new DataHandler() {
                }));
                // reported at the top-level value's 0x00, where a streaming reader would resume
                assertError(e, DecodeError.TRUNCATED, 0, 0x00, 1, in.toString());
            }
        }
    }

    @Nested
    class Encoding {

        private SerialEncoder[] encoders(EncoderFlavour flavour, int maxDepth, ByteBuffer buffer, ByteBuf buf) {
            return new SerialEncoder[] {
                new ByteArrayEncoder(flavour, 16, maxDepth),
                new ByteBufferEncoder(flavour, maxDepth).wrap(buffer),
                new NettyEncoder(flavour, maxDepth).wrap(buf),
            };
        }

        @ParameterizedTest
        @EnumSource(EncoderFlavour.class)
        void shouldEncodeAHundredThousandLevelsThatDecodeBack(EncoderFlavour flavour) {
            ByteBuffer buffer = ByteBuffer.allocate(9 * LEVELS + 16);
            ByteBuf buf = Unpooled.buffer(16);
            try {
                for (SerialEncoder e : encoders(flavour, 200_000, buffer, buf)) {
                    // compact widens each level's header past 255 bytes by moving its body: quadratic in the depth,
                    // so the other outputs (same logic, other byte access) take fewer levels
                    boolean fewer = flavour == EncoderFlavour.COMPACT && !(e instanceof ByteArrayEncoder);
                    int levels = fewer ? 20_000 : LEVELS;
                    for (int i = 0; i < levels; i++) {
                        e.putList();
                    }
                    assertEquals(levels, e.depth());
                    e.putNull();
                    for (int i = 0; i < levels; i++) {
                        e.end();
                    }
                    int length = e.finish();
                    byte[] bytes = bytesOf(e, length, buffer, buf);
                    if (flavour == EncoderFlavour.FAST) {
                        // the fast flavour writes exactly the list32 chain built by hand
                        assertArrayEquals(Chain.LIST32.bytes(), bytes, e.getClass().getSimpleName());
                    }
                    Shape shape = new Shape();
                    new ByteArrayDecoder(DEEP).wrap(bytes).decode(shape);
                    assertEquals(levels, shape.begins);
                    assertEquals(levels, shape.ends);
                    assertEquals(levels, shape.lastDepth);
                    assertEquals(Type.NULL, shape.lastType);
                    DecodeException tooDeep = assertThrows(DecodeException.class,
                        () -> new ByteArrayDecoder().wrap(bytes).decode(new Shape()));
                    assertEquals(DecodeError.LIMIT_EXCEEDED, tooDeep.error());
                }
            } finally {
                buf.release();
            }
        }

        private byte[] bytesOf(SerialEncoder e, int length, ByteBuffer buffer, ByteBuf buf) {
            if (e instanceof ByteArrayEncoder) {
                ByteArrayEncoder a = (ByteArrayEncoder) e;
                return Arrays.copyOfRange(a.array(), a.arrayOffset(), a.arrayOffset() + length);
            }
            byte[] out = new byte[length];
            if (e instanceof ByteBufferEncoder) {
                buffer.get(0, out);
            } else {
                buf.getBytes(buf.readerIndex(), out);
            }
            return out;
        }

        @ParameterizedTest
        @EnumSource(EncoderFlavour.class)
        void shouldRefuseTheLevelBeyondItsLimit(EncoderFlavour flavour) {
            ByteBuffer buffer = ByteBuffer.allocate(1 << 16);
            ByteBuf buf = Unpooled.buffer(16);
            try {
                for (SerialEncoder e : encoders(flavour, 1000, buffer, buf)) {
                    // 999 compounds, with an unfinished described value between some of them: those have a limit of
                    // their own, so they do not use up the compounds' limit
                    int described = 0;
                    for (int i = 0; i < 999; i++) {
                        if (i % 3 == 0) {
                            e.putList();
                        } else if (i % 3 == 1) {
                            e.putMap().putNull();
                        } else {
                            e.putDescriptor().putUlong(7).putList();
                            described++;
                        }
                    }
                    assertEquals(999 + described, e.depth());
                    e.putList();
                    EncodeException ex = assertThrows(EncodeException.class, e::putList);
                    assertTrue(ex.getMessage().contains("1000") && ex.getMessage().contains("maxDepth"),
                        ex.getMessage());
                    assertThrows(EncodeException.class, e::putMap);
                    assertThrows(EncodeException.class, () -> e.putArray(Type.INT));
                    e.putDescriptor().putUlong(1).putNull(); // a described value still fits
                }
                // unfinished described values: their own limit of the same size
                for (SerialEncoder e : encoders(flavour, 3, buffer.clear(), buf.clear())) {
                    e.putDescriptor().putUlong(1).putDescriptor().putUlong(2).putDescriptor().putUlong(3);
                    EncodeException ex = assertThrows(EncodeException.class, e::putDescriptor);
                    assertTrue(ex.getMessage().contains("described"), ex.getMessage());
                }
                // the limit is on what is open at once, not a total: closing one makes room for one
                for (SerialEncoder e : encoders(flavour, 2, buffer.clear(), buf.clear())) {
                    e.putList().putList().end().putMap().end().putDescriptor(1).putNull().end();
                    assertEquals(0, e.finish() > 0 ? e.depth() : -1);
                }
            } finally {
                buf.release();
            }
        }

        @Test
        void shouldRefuseTheLevelBeyondTheDefaultLimit() {
            ByteArrayEncoder e = new ByteArrayEncoder(EncoderFlavour.FAST);
            for (int i = 0; i < SerialEncoder.DEFAULT_MAX_DEPTH; i++) {
                e.putList();
            }
            EncodeException ex = assertThrows(EncodeException.class, e::putList);
            assertTrue(ex.getMessage().contains(String.valueOf(SerialEncoder.DEFAULT_MAX_DEPTH)), ex.getMessage());
        }
    }
}
