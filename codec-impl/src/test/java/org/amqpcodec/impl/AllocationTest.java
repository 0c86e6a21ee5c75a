package org.amqpcodec.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.function.Supplier;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.CompositeByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.util.ResourceLeakDetector;
import org.amqpcodec.api.DataHandler;
import org.amqpcodec.api.Decoder;
import org.amqpcodec.api.Encoder;
import org.amqpcodec.api.Symbol;
import org.amqpcodec.api.Type;
import org.amqpcodec.impl.netty.NettyEncoder;
import org.amqpcodec.impl.testing.CopyHandler;
import org.amqpcodec.impl.testing.InputBackend;
import org.amqpcodec.impl.testing.OutputBackend;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The zero-allocation guarantees, measured with {@link com.sun.management.ThreadMXBean#getThreadAllocatedBytes}:
 * after warm-up, encoding a message tree of every shape into a reused output of every kind, in both flavours,
 * allocates nothing; so does decoding it on every input with a handler that reads primitives and raw bits,
 * copies data into its own buffers, compares with dataEquals and resolves keys through the cache; and so does
 * copying values with copyEncodedTo. The same decode calling getString allocates, which shows the measurement
 * sees allocations. Bytes per operation are printed for each backend.
 *
 * <p>The bound: {@value #OPS} operations (copies: {@value #COPY_OPS}) may allocate fewer than {@value #BOUND}
 * bytes in total. The smallest Java object takes 16 bytes, so an operation that allocated anything at all would
 * add at least 16 x {@value #OPS} = 80,000 bytes (copies: 32,000). The slack covers sporadic allocations of the
 * JVM itself: measured in windows of 500 operations, any backend (even byte[]-backed Netty heap buffers) shows an
 * occasional 88..500 bytes, never per operation.
 *
 * <p>Netty buffers are created with leak detection off: the build runs tests with paranoid leak detection, whose
 * access records (a stack trace per buffer access) are allocations of the detector, not of the codec.
 */
class AllocationTest {

    static final int WARMUP = 10_000;
    static final int OPS = 5_000;
    static final long BOUND = 4096;
    static final int COPY_WARMUP = 6_000;
    static final int COPY_OPS = 2_000;

    static com.sun.management.ThreadMXBean threads;

    @BeforeAll
    static void measurable() {
        assumeTrue(ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean,
            "needs com.sun.management.ThreadMXBean");
        threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        assumeTrue(threads.isThreadAllocatedMemorySupported(), "thread allocation measurement unsupported");
        if (!threads.isThreadAllocatedMemoryEnabled()) {
            threads.setThreadAllocatedMemoryEnabled(true);
        }
    }

    /** Runs {@code op} {@code warmup} times, then returns the bytes this thread allocated in {@code ops} runs. */
    static long allocated(Runnable op, int warmup, int ops) {
        for (int i = 0; i < warmup; i++) {
            op.run();
        }
        long id = Thread.currentThread().getId();
        long before = threads.getThreadAllocatedBytes(id);
        for (int i = 0; i < ops; i++) {
            op.run();
        }
        return threads.getThreadAllocatedBytes(id) - before;
    }

    static void report(String what, long bytes, int ops) {
        System.out.printf("AllocationTest %-62s %10.3f bytes/op (%d bytes over %d ops)%n", what, (double) bytes / ops,
            bytes, ops);
    }

    static void assertAllocationFree(String what, Runnable op, int warmup, int ops) {
        long bytes = allocated(op, warmup, ops);
        report(what, bytes, ops);
        assertTrue(bytes < BOUND, what + " allocated " + bytes + " bytes in " + ops + " operations");
    }

    static void assertAllocationFree(String what, Runnable op) {
        assertAllocationFree(what, op, WARMUP, OPS);
    }

    static <T> T withoutLeakDetection(Supplier<T> create) {
        ResourceLeakDetector.Level level = ResourceLeakDetector.getLevel();
        ResourceLeakDetector.setLevel(ResourceLeakDetector.Level.DISABLED);
        try {
            return create.get();
        } finally {
            ResourceLeakDetector.setLevel(level);
        }
    }

    // ------------------------------------------------------------------ the message

    static final Symbol KEY = Symbol.valueOf("x-opt-routing-key");
    static final Symbol SECTION = Symbol.valueOf("com.example:section");
    static final String ASCII = "The brown fox jumped over the fence";
    static final String NON_ASCII = "\u00DCn\u00EFc\u00F6d\u00E9 \u2713 \uD834\uDD1E \u043A\u043B\u044E\u0447";
    static final String LONG_NON_ASCII = "\u00E9".repeat(200); // 400 bytes: compact widens str8 to str32
    static final String NON_ASCII_KEY = "\u043A\u043B\u044E\u0447";
    static final byte[] PAYLOAD = new byte[300];
    static final byte[] UTF8 = NON_ASCII.getBytes(StandardCharsets.UTF_8);
    static final byte[] SYMBOL_BYTES = "amqp:accepted:list".getBytes(StandardCharsets.US_ASCII);
    static final ByteBuffer HEAP_SOURCE = ByteBuffer.wrap(PAYLOAD, 10, 40).slice();
    static final ByteBuffer DIRECT_SOURCE = ByteBuffer.allocateDirect(40);

    static {
        for (int i = 0; i < PAYLOAD.length; i++) {
            PAYLOAD[i] = (byte) i;
        }
    }

    /** A transfer-like message: performative, sections, every primitive, strings, arrays of every kind. */
    static void writeMessage(Encoder e) {
        e.putDescriptor(0x14).putList().putUint(0).putUint(1).putBinary(PAYLOAD, 0, 16).putUint(0).putBoolean(true)
            .putNull().end();
        e.putDescriptor(0x70).putList().putBoolean(true).putUbyte(4).putNull().putBoolean(false).putUint(3).end();
        e.putDescriptor(0x73).putList().putUuid(0x0123456789ABCDEFL, 0xFEDCBA9876543210L).putBinary(PAYLOAD, 0, 8)
            .putString(ASCII).putString(NON_ASCII).putNull().putNull().putSymbol(KEY).putSymbol("utf-8")
            .putTimestamp(1311704463521L).putTimestamp(-1L).end();
        e.putDescriptor(0x74).putMap()
            .putString("k-int").putInt(-5)
            .putString("k-long").putLong(Long.MIN_VALUE)
            .putString("k-double").putDouble(1.5)
            .putString("k-string").putString(NON_ASCII)
            .putString(NON_ASCII_KEY).putChar(0x1F600)
            .putSymbol(KEY).putDecimal128(0x3040000000000000L, 1)
            .putString("k-ulong").putUlong(-1L)
            .end();
        e.putDescriptor().putSymbol(SECTION).putList()
            .putByte((byte) -1).putShort((short) 300).putUbyte(255).putUshort(65535).putFloat(Float.NaN)
            .putDecimal32(0x32800001).putDecimal64(0x31C0000000000001L).putLong(7)
            .putStringUtf8(UTF8, 0, UTF8.length).putSymbolAscii(SYMBOL_BYTES, 0, SYMBOL_BYTES.length)
            .putBinary(HEAP_SOURCE).putBinary(DIRECT_SOURCE)
            .putString(LONG_NON_ASCII).putBinary(PAYLOAD);
        e.putArray(Type.INT).putInt(1).putInt(-2).putInt(300).end();
        e.putArray(Type.UINT).putUint(1).putUint(2).end();
        e.putArray(Type.STRING).putString("a").putString(NON_ASCII).end();
        e.putArray(Type.SYMBOL).putSymbol(KEY).putSymbol("literal").end();
        e.putArray(Type.LIST).putDescriptor(0x23).putList().putUint(0).putUlong(0).end().putList().end().end();
        e.putArray(Type.ARRAY).putArray(Type.BOOLEAN).putBoolean(true).end().putArray(Type.UUID).end().end();
        e.putArray(Type.MAP).putMap().putSymbol("a").putFloat(1f).end().end();
        e.putArray(Type.NULL).putNull().putNull().end();
        e.putList();
        for (int i = 0; i < 300; i++) {
            e.putNull(); // outgrows list8: compact moves the body
        }
        e.end();
        e.end();
        e.putDescriptor(0x75).putBinary(PAYLOAD, 0, 100);
    }

    // ------------------------------------------------------------------ encoding

    /** An encoder over an output that is reused: {@link #encode()} rewinds the output, encodes and finishes. */
    static final class Target implements AutoCloseable {
        final SerialEncoder encoder;
        final Runnable rewind;
        final ByteBuf release;

        Target(SerialEncoder encoder, Runnable rewind, ByteBuf release) {
            this.encoder = encoder;
            this.rewind = rewind;
            this.release = release;
        }

        void encode() {
            rewind.run();
            writeMessage(encoder);
            encoder.finish();
        }

        @Override
        public void close() {
            if (release != null) {
                release.release();
            }
        }
    }

    static final int CAPACITY = 1 << 14;

    /** The same outputs as {@link OutputBackend}, kept and rewound (re-wrapped, or cleared for Netty) each time. */
    static Target target(OutputBackend out, EncoderFlavour flavour) {
        switch (out) {
            case BYTE_ARRAY_FIXED: {
                byte[] array = new byte[CAPACITY + 10];
                ByteArrayEncoder e = new ByteArrayEncoder(flavour);
                return new Target(e, () -> e.wrap(array, 3, CAPACITY), null);
            }
            case BYTE_ARRAY_GROWABLE: {
                ByteArrayEncoder e = new ByteArrayEncoder(flavour, 16, SerialEncoder.DEFAULT_MAX_DEPTH);
                return new Target(e, e::reset, null);
            }
            case HEAP_BYTE_BUFFER: {
                ByteBuffer slice = ByteBuffer.wrap(new byte[CAPACITY + 10], 3, CAPACITY).slice();
                ByteBufferEncoder e = new ByteBufferEncoder(flavour);
                return new Target(e, () -> e.wrap(slice.clear().position(2)), null);
            }
            case DIRECT_BYTE_BUFFER: {
                ByteBuffer direct = ByteBuffer.allocateDirect(CAPACITY + 10);
                ByteBufferEncoder e = new ByteBufferEncoder(flavour);
                return new Target(e, () -> e.wrap(direct.clear().position(5)), null);
            }
            case NETTY_HEAP:
                return nettyTarget(flavour, withoutLeakDetection(() -> Unpooled.buffer(8)));
            case NETTY_DIRECT_POOLED:
                return nettyTarget(flavour, withoutLeakDetection(() -> PooledByteBufAllocator.DEFAULT.directBuffer(8)));
            case NETTY_COMPOSITE:
                return nettyTarget(flavour, withoutLeakDetection(() -> {
                    CompositeByteBuf buf = Unpooled.compositeBuffer();
                    buf.addComponent(true, Unpooled.buffer(4).writeZero(4));
                    buf.addComponent(true, Unpooled.directBuffer(5).writeZero(2));
                    return buf;
                }));
            default:
                throw new AssertionError("an output this test does not know yet: " + out);
        }
    }

    static Target nettyTarget(EncoderFlavour flavour, ByteBuf buf) {
        NettyEncoder e = new NettyEncoder(flavour);
        return new Target(e, () -> e.wrap(buf.clear().writerIndex(3).readerIndex(3)), buf);
    }

    static Arguments[] outputs() {
        Arguments[] all = new Arguments[EncoderFlavour.values().length * OutputBackend.values().length];
        int i = 0;
        for (EncoderFlavour f : EncoderFlavour.values()) {
            for (OutputBackend out : OutputBackend.values()) {
                all[i++] = Arguments.of(f, out);
            }
        }
        return all;
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("outputs")
    void shouldEncodeWithoutAllocating(EncoderFlavour flavour, OutputBackend out) {
        try (Target t = target(out, flavour)) {
            t.encode();
            // the reused output holds what a fresh one would
            ByteArrayEncoder reference = new ByteArrayEncoder(flavour);
            writeMessage(reference);
            assertEquals(reference.position(), t.encoder.position());
            assertAllocationFree("encode " + flavour + " into " + out, t::encode);
        }
    }

    // ------------------------------------------------------------------ decoding

    /** Both flavours of the message, one after the other. */
    static byte[] input() {
        ByteArrayEncoder fast = new ByteArrayEncoder(EncoderFlavour.FAST);
        writeMessage(fast);
        ByteArrayEncoder compact = new ByteArrayEncoder(EncoderFlavour.COMPACT);
        writeMessage(compact);
        byte[] bytes = new byte[fast.position() + compact.position()];
        System.arraycopy(fast.array(), fast.arrayOffset(), bytes, 0, fast.position());
        System.arraycopy(compact.array(), compact.arrayOffset(), bytes, fast.position(), compact.position());
        return bytes;
    }

    static final byte[] K_INT = "k-int".getBytes(StandardCharsets.US_ASCII);

    /**
     * Reads everything without materialising anything: getters of every type, raw bits, data copied into its own
     * array and buffers, dataEquals, and map keys and symbols through the cache.
     */
    static class ReadingHandler implements DataHandler {
        final byte[] scratch = new byte[1024];
        final ByteBuffer heap = ByteBuffer.allocate(1024);
        final ByteBuffer direct = ByteBuffer.allocateDirect(1024);
        long sum;
        int values;
        int strings;
        int matches;

        void fixed(Decoder d, long value) {
            sum += value + d.getBits() + d.depth() + d.index();
            values++;
        }

        @Override
        public void onNull(Decoder d) {
            fixed(d, 0);
        }

        @Override
        public void onBoolean(Decoder d) {
            fixed(d, d.getBoolean() ? 1 : 0);
        }

        @Override
        public void onUbyte(Decoder d) {
            fixed(d, d.getUbyte() + d.getLong());
        }

        @Override
        public void onUshort(Decoder d) {
            fixed(d, d.getUshort() + d.getUint());
        }

        @Override
        public void onUint(Decoder d) {
            fixed(d, d.getUint() + d.getUlong());
        }

        @Override
        public void onUlong(Decoder d) {
            fixed(d, d.getUlong());
        }

        @Override
        public void onByte(Decoder d) {
            fixed(d, d.getByte() + d.getInt());
        }

        @Override
        public void onShort(Decoder d) {
            fixed(d, d.getShort() + d.getLong());
        }

        @Override
        public void onInt(Decoder d) {
            fixed(d, d.getInt() + (long) d.getDouble());
        }

        @Override
        public void onLong(Decoder d) {
            fixed(d, d.getLong());
        }

        @Override
        public void onFloat(Decoder d) {
            fixed(d, Float.floatToRawIntBits(d.getFloat()) + Double.doubleToRawLongBits(d.getDouble()));
        }

        @Override
        public void onDouble(Decoder d) {
            fixed(d, Double.doubleToRawLongBits(d.getDouble()));
        }

        @Override
        public void onDecimal32(Decoder d) {
            fixed(d, d.getDecimal32Bits());
        }

        @Override
        public void onDecimal64(Decoder d) {
            fixed(d, d.getDecimal64Bits());
        }

        @Override
        public void onDecimal128(Decoder d) {
            fixed(d, d.getDecimal128High() ^ d.getDecimal128Low());
        }

        @Override
        public void onChar(Decoder d) {
            fixed(d, d.getChar());
        }

        @Override
        public void onTimestamp(Decoder d) {
            fixed(d, d.getTimestamp());
        }

        @Override
        public void onUuid(Decoder d) {
            fixed(d, d.getUuidMostSignificantBits() ^ d.getUuidLeastSignificantBits());
        }

        void data(Decoder d) {
            int n = d.copyData(scratch, 0);
            heap.clear();
            direct.clear();
            n += d.copyData(heap) + d.copyData(direct) + d.dataLength();
            sum += n + scratch[0] + heap.get(0) + direct.get(0);
            if (d.dataEquals(K_INT, 0, K_INT.length) || d.dataEquals(KEY)) {
                matches++;
            }
            values++;
        }

        @Override
        public void onBinary(Decoder d) {
            data(d);
        }

        @Override
        public void onString(Decoder d) {
            data(d);
            strings++;
            if (d.isMapKey()) {
                sum += d.getCachedString().length(); // keys: resolved through the cache
            }
        }

        @Override
        public void onSymbol(Decoder d) {
            data(d);
            sum += d.getSymbol().length() + d.getCachedString().length();
        }

        @Override
        public void onDescriptor(Decoder d) {
            if (d.type() == Type.SYMBOL) {
                sum += d.getSymbol().length() + (d.dataEquals(SECTION) ? 1 : 0);
            } else {
                sum += d.getUlong();
            }
        }

        void compound(Decoder d) {
            sum += d.count() + d.depth() + d.index() + d.encodedSize() + d.offset() + d.formatCode();
        }

        @Override
        public void onListBegin(Decoder d) {
            compound(d);
        }

        @Override
        public void onMapBegin(Decoder d) {
            compound(d);
        }

        @Override
        public void onArrayBegin(Decoder d) {
            compound(d);
            sum += d.elementType().ordinal() + d.elementFormatCode();
        }
    }

    /** The same, plus getString on every string: a new String each time. */
    static final class MaterialisingHandler extends ReadingHandler {
        String last;

        @Override
        public void onString(Decoder d) {
            super.onString(d);
            last = d.getString();
        }
    }

    static InputBackend.Source open(InputBackend in, byte[] bytes) {
        return withoutLeakDetection(() -> in.open(bytes));
    }

    @ParameterizedTest
    @EnumSource(InputBackend.class)
    void shouldDecodeWithoutAllocating(InputBackend in) {
        try (InputBackend.Source src = open(in, input())) {
            ReadingHandler h = new ReadingHandler();
            assertTrue(src.decoder().decode(h));
            assertTrue(h.values > 100 && h.strings > 10 && h.matches > 0, "the handler saw the whole message");
            long once = h.sum;
            assertAllocationFree("decode from " + in, () -> src.decoder().decode(h));
            assertTrue(once != 0 && h.sum != once);
        }
    }

    @ParameterizedTest
    @EnumSource(InputBackend.class)
    void shouldAllocateWhenTheHandlerAsksForStrings(InputBackend in) {
        try (InputBackend.Source src = open(in, input())) {
            MaterialisingHandler h = new MaterialisingHandler();
            src.decoder().decode(h);
            int strings = h.strings;
            int ops = 1_000;
            long bytes = allocated(() -> src.decoder().decode(h), 1_000, ops);
            report("decode from " + in + " with getString", bytes, ops);
            // each String is at least a 16-byte object plus its array: the measurement sees them
            assertTrue(bytes >= 16L * strings * ops, in + ": only " + bytes + " bytes for " + strings * ops
                + " new Strings");
        }
    }

    // ------------------------------------------------------------------ copying

    static Arguments[] copies() {
        Arguments[] all = new Arguments[InputBackend.values().length * OutputBackend.values().length];
        int i = 0;
        for (InputBackend in : InputBackend.values()) {
            for (OutputBackend out : OutputBackend.values()) {
                all[i++] = Arguments.of(in, out);
            }
        }
        return all;
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @MethodSource("copies")
    void shouldCopyWithoutAllocating(InputBackend in, OutputBackend out) {
        byte[] bytes = input();
        try (InputBackend.Source src = open(in, bytes); Target t = target(out, EncoderFlavour.FAST)) {
            CopyHandler copier = new CopyHandler(t.encoder);
            Runnable copy = () -> {
                t.rewind.run();
                src.decoder().decode(copier);
                t.encoder.finish();
            };
            copy.run();
            assertEquals(bytes.length, t.encoder.position());
            // 56 pairings: fewer operations each, the bound stays below one object per 100 operations
            assertAllocationFree("copy from " + in + " into " + out, copy, COPY_WARMUP, COPY_OPS);
        }
    }
}
