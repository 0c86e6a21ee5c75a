package org.amqpcodec.impl.hostile;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Random;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import org.amqpcodec.api.DataHandler;
import org.amqpcodec.api.DecodeError;
import org.amqpcodec.api.DecodeException;
import org.amqpcodec.api.Decoder;
import org.amqpcodec.api.FormatCode;
import org.amqpcodec.api.Symbol;
import org.amqpcodec.api.Type;
import org.amqpcodec.impl.ByteArrayEncoder;
import org.amqpcodec.impl.ByteBufferEncoder;
import org.amqpcodec.impl.EncoderFlavour;
import org.amqpcodec.impl.SerialEncoder;
import org.amqpcodec.impl.netty.NettyEncoder;

/**
 * A handler that touches everything the cursor offers on every value: every cursor method, every getter, every
 * way to read data, and a raw copy into an encoder. Getters may throw {@link DecodeException} (a string read as
 * an int is WRONG_TYPE, a big uint read as a byte OUT_OF_RANGE), and only that is caught, counted and checked;
 * anything else a getter throws escapes the decode, which is what the hostile tests look for.
 *
 * <p>It also checks the cursor's invariants (offsets inside the input, begin and end of a compound agreeing on
 * offset, size and count, depth and map-key positions consistent with the nesting) and folds everything it
 * read into {@link #digest()}, so two backends decoding the same bytes can be compared. With a {@code steer}
 * random it also skips, stops and throws its own {@link Bail} now and then.
 */
final class Exerciser implements DataHandler {

    private static final int PRIMITIVE = 1;
    private static final int DESCRIPTOR = 2;
    private static final int BEGIN = 3;
    private static final int END = 4;

    private static final int GETTERS = 25;
    private static final Symbol PROBE = Symbol.valueOf("amqp:accepted:list");
    private static final byte[] EMPTY = new byte[0];
    private static final ThreadLocal<Targets> TARGETS = ThreadLocal.withInitial(Targets::new);

    private final byte[] input;
    private final int length;
    private final DataHandler extra;
    private final Random steer;
    private final int sweepOneIn;

    private byte[] data = new byte[64];
    private ByteBuffer dataBuffer = ByteBuffer.allocate(64);

    // one entry per open compound: offset, encoded size, count, type
    private int[] open = new int[4 * 16];
    private int depth;

    private long digest = 17;
    private int callbacks;
    private int getterErrors;

    /**
     * @param input the input bytes (offsets are relative to them), to check offsets, data and raw copies against
     * @param extra a handler that also gets every callback (after this one has read the value), or null
     * @param steer when not null, skips, stops and bails out now and then; null for none of that
     */
    Exerciser(byte[] input, DataHandler extra, Random steer) {
        this(input, extra, steer, 1);
    }

    /**
     * @param sweepOneIn call every getter on one value in this many (chosen by {@code steer}), and on the others
     *        the getters of the value's own type and one more at random; 1 for every getter on every value.
     *        (Every refused getter costs an exception, a few microseconds: a fuzzer that wants hundreds of
     *        thousands of inputs a minute cannot afford thirty of them on every value.)
     */
    Exerciser(byte[] input, Random steer, int sweepOneIn) {
        this(input, null, steer, sweepOneIn);
    }

    private Exerciser(byte[] input, DataHandler extra, Random steer, int sweepOneIn) {
        this.input = input;
        this.length = input.length;
        this.extra = extra;
        this.steer = steer;
        this.sweepOneIn = sweepOneIn;
    }

    /** A hash of every callback and everything read in it. */
    long digest() {
        return digest;
    }

    int callbacks() {
        return callbacks;
    }

    int getterErrors() {
        return getterErrors;
    }

    // ------------------------------------------------------------------ callbacks

    @Override
    public void onPrimitive(Decoder d) {
        exercise(d, PRIMITIVE);
        if (extra != null) {
            dispatch(d);
        }
        steer(d);
    }

    @Override
    public void onDescriptor(Decoder d) {
        exercise(d, DESCRIPTOR);
        if (extra != null) {
            extra.onDescriptor(d);
        }
        if (steer != null && steer.nextInt(64) == 0) {
            d.skip();
            if (d.index() == -1) {
                depth--; // an array's element descriptor: the whole array is skipped, no end callback
            }
        }
        steerStop(d);
    }

    @Override
    public void onListBegin(Decoder d) {
        begin(d);
        if (extra != null) {
            extra.onListBegin(d);
        }
        steerBegin(d);
    }

    @Override
    public void onMapBegin(Decoder d) {
        begin(d);
        if (extra != null) {
            extra.onMapBegin(d);
        }
        steerBegin(d);
    }

    @Override
    public void onArrayBegin(Decoder d) {
        begin(d);
        if (extra != null) {
            extra.onArrayBegin(d);
        }
        steerBegin(d);
    }

    @Override
    public void onListEnd(Decoder d) {
        end(d, Type.LIST);
        if (extra != null) {
            extra.onListEnd(d);
        }
        steerStop(d);
    }

    @Override
    public void onMapEnd(Decoder d) {
        end(d, Type.MAP);
        if (extra != null) {
            extra.onMapEnd(d);
        }
        steerStop(d);
    }

    @Override
    public void onArrayEnd(Decoder d) {
        end(d, Type.ARRAY);
        if (extra != null) {
            extra.onArrayEnd(d);
        }
        steerStop(d);
    }

    private void dispatch(Decoder d) {
        switch (d.type()) {
            case NULL: extra.onNull(d); break;
            case BOOLEAN: extra.onBoolean(d); break;
            case UBYTE: extra.onUbyte(d); break;
            case USHORT: extra.onUshort(d); break;
            case UINT: extra.onUint(d); break;
            case ULONG: extra.onUlong(d); break;
            case BYTE: extra.onByte(d); break;
            case SHORT: extra.onShort(d); break;
            case INT: extra.onInt(d); break;
            case LONG: extra.onLong(d); break;
            case FLOAT: extra.onFloat(d); break;
            case DOUBLE: extra.onDouble(d); break;
            case DECIMAL32: extra.onDecimal32(d); break;
            case DECIMAL64: extra.onDecimal64(d); break;
            case DECIMAL128: extra.onDecimal128(d); break;
            case CHAR: extra.onChar(d); break;
            case TIMESTAMP: extra.onTimestamp(d); break;
            case UUID: extra.onUuid(d); break;
            case BINARY: extra.onBinary(d); break;
            case STRING: extra.onString(d); break;
            case SYMBOL: extra.onSymbol(d); break;
            default: throw new AssertionError("onPrimitive for a " + d.type());
        }
    }

    private void steer(Decoder d) {
        if (steer != null && steer.nextInt(256) == 0) {
            d.skip(); // a no-op on a primitive
        }
        steerStop(d);
    }

    private void steerBegin(Decoder d) {
        if (steer != null && steer.nextInt(32) == 0) {
            d.skip();
            depth--; // no items, no end callback
        }
        steerStop(d);
    }

    private void steerStop(Decoder d) {
        if (steer != null) {
            int r = steer.nextInt(1024);
            if (r < 2) {
                d.stop();
            } else if (r == 2) {
                throw new Bail(); // a handler's own exception, which must pass through the decoder untouched
            }
        }
    }

    /** What a steered handler throws now and then; cheap (no stack trace). */
    static final class Bail extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Bail() {
            super("the handler bailed out", null, false, false);
        }
    }

    /** Before scanning on after a stop or a bail: the decoder starts again at the top level. */
    void restart(int position) {
        depth = 0;
        mix(position);
    }

    // ------------------------------------------------------------------ compounds

    private void begin(Decoder d) {
        exercise(d, BEGIN);
        int i = depth * 4;
        if (i + 4 > open.length) {
            open = Arrays.copyOf(open, open.length * 2);
        }
        open[i] = d.offset();
        open[i + 1] = d.encodedSize();
        open[i + 2] = d.count();
        open[i + 3] = d.type().ordinal();
        depth++;
    }

    private void end(Decoder d, Type type) {
        depth--;
        exercise(d, END);
        int i = depth * 4;
        check(d.type() == type, d, "end callback of the wrong type");
        check(open[i + 3] == type.ordinal(), d, "end callback does not match the open compound");
        check(open[i] == d.offset(), d, "offset at the end callback differs from the begin callback's");
        check(open[i + 1] == d.encodedSize(), d, "encodedSize() at the end callback (" + d.encodedSize()
            + ") differs from the begin callback's (" + open[i + 1] + ")");
        check(open[i + 2] == d.count(), d, "count() at the end callback differs from the begin callback's");
    }

    // ------------------------------------------------------------------ everything on one value

    private void exercise(Decoder d, int kind) {
        callbacks++;
        Type type = d.type();
        int code = d.formatCode();
        int offset = d.offset();
        int size = d.encodedSize();
        int level = d.depth();
        int index = d.index();
        boolean key = d.isMapKey();
        boolean element = d.isArrayElement();
        boolean descriptor = d.isDescriptor();

        check(type != null && code > 0 && FormatCode.isDefined(code) && Type.ofFormatCode(code) == type, d,
            "type() and formatCode() disagree");
        check(offset >= 0 && size >= 0 && (long) offset + size <= length, d,
            "value [" + offset + ", +" + size + ") outside the input of " + length + " bytes");
        check(descriptor == (kind == DESCRIPTOR), d, "isDescriptor() outside onDescriptor, or false inside it");
        check(level == depth, d, "depth() " + level + " but " + depth + " compounds are open");
        check(index >= -1 && (index >= 0 || descriptor), d, "negative index()");
        if (descriptor) {
            check(!key, d, "a descriptor reported as a map key");
        } else if (depth > 0) {
            boolean inMap = open[(depth - 1) * 4 + 3] == Type.MAP.ordinal();
            check(key == (inMap && (index & 1) == 0), d, "isMapKey() inconsistent with the parent and index()");
            boolean inArray = open[(depth - 1) * 4 + 3] == Type.ARRAY.ordinal();
            check(element == inArray, d, "isArrayElement() inconsistent with the parent");
        } else {
            check(!key && !element, d, "a top-level value reported as a map key or array element");
        }
        mix(kind);
        mix(type.ordinal());
        mix(code);
        mix(offset);
        mix(size);
        mix(level);
        mix(index);
        mix(key ? 1 : element ? 2 : descriptor ? 3 : 0);

        try {
            int n = d.count();
            check(type.isCompound() && !descriptor && n >= 0, d, "count() answered for a non-compound");
            mix(n);
        } catch (DecodeException e) {
            getterError(d, e);
        }
        try {
            Type t = d.elementType();
            int c = d.elementFormatCode();
            check(type == Type.ARRAY && Type.ofFormatCode(c) == t, d, "elementType() inconsistent");
            mix(c);
        } catch (DecodeException e) {
            getterError(d, e);
        }
        boolean sweep = sweepOneIn <= 1 || steer.nextInt(sweepOneIn) == 0;
        for (int g = 0; g < GETTERS; g++) {
            if (sweep || own(type, g)) {
                get(d, g);
            }
        }
        if (!sweep) {
            get(d, steer.nextInt(GETTERS));
        }
        if (sweep || type.isVariableWidth()) {
            data(d);
            text(d);
        }
        copy(d, element);
    }

    private void get(Decoder d, int g) {
        try {
            mix(getter(d, g));
        } catch (DecodeException e) {
            getterError(d, e);
        }
    }

    /** Whether getter {@code g} is one a value of {@code type} answers (so calling it costs no exception). */
    private static boolean own(Type type, int g) {
        switch (type) {
            case BOOLEAN: return g == 0 || g == 20;
            case UBYTE: return g == 1 || g == 20;
            case USHORT: return g == 2 || g == 20;
            case UINT: return g == 3 || g == 20;
            case ULONG: return g == 4 || g == 20;
            case BYTE: return g == 5 || g == 20;
            case SHORT: return g == 6 || g == 20;
            case INT: return g == 7 || g == 20;
            case LONG: return g == 8 || g == 20;
            case FLOAT: return g == 9 || g == 20;
            case DOUBLE: return g == 10 || g == 20;
            case CHAR: return g == 11 || g == 20;
            case TIMESTAMP: return g == 12 || g == 20;
            case UUID: return g >= 13 && g <= 15 || g == 20;
            case DECIMAL32: return g == 16 || g == 20;
            case DECIMAL64: return g == 17 || g == 20;
            case DECIMAL128: return g == 18 || g == 19 || g == 20;
            case NULL: return g == 20;
            case BINARY:
            case STRING:
            case SYMBOL: return g >= 21;
            default: return g == 22 || g == 23;
        }
    }

    /** Getter number {@code g}, as a long. */
    private static long getter(Decoder d, int g) {
        switch (g) {
            case 0: return d.getBoolean() ? 1 : 0;
            case 1: return d.getUbyte();
            case 2: return d.getUshort();
            case 3: return d.getUint();
            case 4: return d.getUlong();
            case 5: return d.getByte();
            case 6: return d.getShort();
            case 7: return d.getInt();
            case 8: return d.getLong();
            case 9: return Float.floatToRawIntBits(d.getFloat());
            case 10: return Double.doubleToRawLongBits(d.getDouble());
            case 11: return d.getChar();
            case 12: return d.getTimestamp();
            case 13: return d.getUuidMostSignificantBits();
            case 14: return d.getUuidLeastSignificantBits();
            case 15: return d.getUuid().hashCode();
            case 16: return d.getDecimal32Bits();
            case 17: return d.getDecimal64Bits();
            case 18: return d.getDecimal128High();
            case 19: return d.getDecimal128Low();
            case 20: return d.getBits();
            case 21: return d.dataLength();
            case 22: return d.dataEquals(PROBE) ? 1 : 0;
            case 23: return d.dataEquals(EMPTY, 0, 0) ? 1 : 0;
            default: return d.getBinary().length;
        }
    }

    /** The data getters: lengths, copies and comparisons must agree with one another. */
    private void data(Decoder d) {
        int n;
        try {
            n = d.dataLength();
        } catch (DecodeException e) {
            getterError(d, e);
            check(!d.dataEquals(data, 0, 0), d, "dataEquals() true on a value without data");
            return;
        }
        check(d.type().isVariableWidth() && n >= 0 && n <= d.encodedSize(), d, "dataLength() " + n + " impossible");
        if (data.length < n + 1) {
            data = new byte[n + 1];
        }
        check(d.copyData(data, 1) == n, d, "copyData(byte[]) copied a different length");
        byte[] binary = d.getBinary();
        check(Arrays.equals(binary, 0, n, data, 1, n + 1), d, "getBinary() differs from copyData()");
        if (dataBuffer.capacity() < n + 3) {
            dataBuffer = ByteBuffer.allocate(n + 3);
        }
        dataBuffer.clear().position(3);
        check(d.copyData(dataBuffer) == n && dataBuffer.position() == n + 3, d, "copyData(ByteBuffer) length");
        check(Arrays.equals(dataBuffer.array(), 3, n + 3, binary, 0, n), d, "copyData(ByteBuffer) differs");
        check(d.dataEquals(data, 1, n), d, "dataEquals() false on the value's own bytes");
        if (n > 0) {
            data[n] ^= 1;
            check(!d.dataEquals(data, 1, n), d, "dataEquals() true on different bytes");
        }
        int end = d.offset() + d.encodedSize();
        check(Arrays.equals(binary, 0, n, input, end - n, end), d,
            "data bytes are not the last dataLength() bytes of the value");
        mix(Arrays.hashCode(binary));
    }

    /** The text getters: each may refuse, but what they answer must agree. */
    private void text(Decoder d) {
        String string = null;
        String cached = null;
        Symbol symbol = null;
        try {
            string = d.getString();
        } catch (DecodeException e) {
            getterError(d, e);
        }
        try {
            cached = d.getCachedString();
        } catch (DecodeException e) {
            getterError(d, e);
        }
        try {
            symbol = d.getSymbol();
        } catch (DecodeException e) {
            getterError(d, e);
        }
        if (string != null && cached != null) {
            check(string.equals(cached), d, "getCachedString() differs from getString()");
        }
        if (string != null && symbol != null) {
            check(string.equals(symbol.toString()), d, "getSymbol() differs from getString()");
        }
        if (symbol != null) {
            check(d.dataEquals(symbol), d, "dataEquals(Symbol) false on the value's own symbol");
        }
        mix(string == null ? 0 : string.hashCode());
        mix(cached == null ? 0 : cached.hashCode());
        mix(symbol == null ? 0 : symbol.hashCode());
    }

    /**
     * Encoders to copy raw values into, one of each output (each backend copies differently into each), reused
     * across decodes on the same thread; the fixed ones start over before they fill up.
     */
    private static final class Targets {
        static final int CAPACITY = 1 << 21;

        final ByteArrayEncoder array = new ByteArrayEncoder(EncoderFlavour.FAST);
        final ByteBuffer heap = ByteBuffer.allocate(CAPACITY);
        final ByteBuffer direct = ByteBuffer.allocateDirect(CAPACITY);
        final ByteBufferEncoder heapEncoder = new ByteBufferEncoder(EncoderFlavour.FAST).wrap(heap);
        final ByteBufferEncoder directEncoder = new ByteBufferEncoder(EncoderFlavour.COMPACT).wrap(direct);
        // a wrapped buffer: not leak-tracked, so one that lives as long as its thread is fine
        final ByteBuf netty = Unpooled.wrappedBuffer(ByteBuffer.allocateDirect(CAPACITY)).clear();
        final NettyEncoder nettyEncoder = new NettyEncoder(EncoderFlavour.FAST).wrap(netty);
        int next;

        SerialEncoder pick(int size) {
            if (size > CAPACITY / 4) {
                return array;
            }
            switch (next++ & 3) {
                case 0: return array;
                case 1: return heapEncoder;
                case 2: return directEncoder;
                default: return nettyEncoder;
            }
        }

        /** Whether the encoder wrote {@code expected[offset, offset+size)} at {@code position} of its output. */
        boolean wrote(SerialEncoder e, int position, byte[] expected, int offset, int size) {
            byte[] got;
            int at;
            if (e == array) {
                got = array.array();
                at = array.arrayOffset() + position;
            } else if (e == heapEncoder) {
                got = heap.array();
                at = heap.arrayOffset() + position;
            } else {
                got = scratch.length >= size ? scratch : (scratch = new byte[size]);
                at = 0;
                if (e == directEncoder) {
                    direct.get(position, got, 0, size);
                } else {
                    netty.getBytes(position, got, 0, size);
                }
            }
            return Arrays.equals(got, at, at + size, expected, offset, offset + size);
        }

        private byte[] scratch = new byte[256];
    }

    /** A raw copy must be the value's own bytes (an array element's preceded by the array's constructor). */
    private void copy(Decoder d, boolean element) {
        Targets targets = TARGETS.get();
        int size = d.encodedSize();
        SerialEncoder target = targets.pick(size);
        if (target.position() > Targets.CAPACITY / 2) {
            target.reset();
        }
        int before = target.position();
        d.copyEncodedTo(target);
        int written = target.position() - before;
        check(element ? written > size : written == size, d, "copyEncodedTo() wrote " + written + " bytes for a "
            + size + "-byte value");
        check(targets.wrote(target, before + written - size, input, d.offset(), size), d,
            "copyEncodedTo() into a " + target.getClass().getSimpleName() + " wrote other bytes than the value's");
        mix(written);
    }

    private void getterError(Decoder d, DecodeException e) {
        getterErrors++;
        DecodeError error = e.error();
        check(error == DecodeError.WRONG_TYPE || error == DecodeError.OUT_OF_RANGE
            || error == DecodeError.INVALID_SYMBOL, d, "a getter threw " + error + ": " + e.getMessage());
        check(e.offset() == d.offset(), d, "a getter's exception names offset " + e.offset());
        mix(error.ordinal());
    }

    private void mix(long v) {
        digest = (digest ^ v) * 0x100_0000_01B3L + 0x9E37_79B9L;
    }

    private static void check(boolean ok, Decoder d, String what) {
        if (!ok) {
            throw new AssertionError(what + " (at offset " + d.offset() + ", " + FormatCode.describe(d.formatCode())
                + ")");
        }
    }
}
