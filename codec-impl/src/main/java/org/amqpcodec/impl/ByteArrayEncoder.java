package org.amqpcodec.impl;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.Objects;

import org.amqpcodec.api.OutputFullException;
import org.amqpcodec.api.Symbol;
import org.amqpcodec.impl.utf8.Utf8;

/**
 * A {@link SerialEncoder} writing into a {@code byte[]}: either a region of the caller's array (fixed size;
 * a value that does not fit throws {@link OutputFullException}), or an array the encoder owns and grows.
 *
 * <pre>{@code
 * ByteArrayEncoder encoder = new ByteArrayEncoder(EncoderFlavour.COMPACT);   // growable
 * encoder.putList().putInt(1).putString("two").end();
 * int length = encoder.finish();
 * byte[] bytes = encoder.array();                                         // bytes [0, length)
 *
 * byte[] frame = new byte[512];
 * encoder.wrap(frame, 8, 504);                                            // fixed: offsets 8..511
 * }</pre>
 *
 * <p>Not thread-safe; reusable through {@link #reset()} and {@code wrap}.
 */
public final class ByteArrayEncoder extends SerialEncoder {

    private static final VarHandle SHORT = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);
    private static final int MAX_ARRAY = Integer.MAX_VALUE - 16;

    private byte[] buf;
    private boolean growable;

    /** A growable encoder of the {@link EncoderFlavour#DEFAULT default} flavour with a 256-byte array of its own. */
    public ByteArrayEncoder() {
        this(EncoderFlavour.DEFAULT);
    }

    /**
     * A growable encoder with a 256-byte array of its own.
     *
     * @param flavour fast or compact
     */
    public ByteArrayEncoder(EncoderFlavour flavour) {
        this(flavour, 256, DEFAULT_MAX_DEPTH);
    }

    /**
     * A growable encoder.
     *
     * @param flavour fast or compact
     * @param initialCapacity size of the first array, in bytes
     * @param maxDepth the nesting limit: lists, maps and arrays open at once (unfinished described values have a
     *        limit of the same size)
     */
    public ByteArrayEncoder(EncoderFlavour flavour, int initialCapacity, int maxDepth) {
        super(flavour, maxDepth);
        this.buf = new byte[Math.max(16, initialCapacity)];
        this.growable = true;
        this.limit = buf.length;
    }

    /**
     * Writes into {@code dst[offset, offset+length)} from now on, fixed size; forgets what was written before.
     *
     * @param dst the array
     * @param offset index of the first byte to write
     * @param length the most bytes to write
     * @return this encoder
     */
    public ByteArrayEncoder wrap(byte[] dst, int offset, int length) {
        Objects.checkFromIndexSize(offset, length, dst.length);
        this.buf = dst;
        this.growable = false;
        this.origin = offset;
        this.limit = offset + length;
        reset();
        return this;
    }

    /**
     * Writes into the whole of {@code dst} from now on, fixed size.
     *
     * @param dst the array
     * @return this encoder
     */
    public ByteArrayEncoder wrap(byte[] dst) {
        return wrap(dst, 0, dst.length);
    }

    @Override
    public ByteArrayEncoder reset() {
        super.reset();
        return this;
    }

    /**
     * The array written to: the wrapped array, or the encoder's own (which changes when it grows). The encoded
     * bytes are {@code [arrayOffset(), arrayOffset() + position())}.
     *
     * @return the array, not a copy
     */
    public byte[] array() {
        return buf;
    }

    /**
     * Index in {@link #array()} of the first encoded byte.
     *
     * @return the offset given to {@code wrap}, or 0 for an owned array
     */
    public int arrayOffset() {
        return origin;
    }

    /**
     * A copy of the bytes written so far. Allocates.
     *
     * @return a new array of {@link #position()} bytes
     */
    public byte[] toByteArray() {
        return Arrays.copyOfRange(buf, origin, pos);
    }

    @Override
    protected boolean grow(int needed) {
        if (!growable) {
            return false;
        }
        long required = (long) pos + needed;
        if (required > MAX_ARRAY) {
            return false;
        }
        int size = (int) Math.min(MAX_ARRAY, Math.max(required, 2L * buf.length));
        buf = Arrays.copyOf(buf, size);
        limit = size;
        return true;
    }

    @Override
    protected long maxLimit() {
        return growable ? MAX_ARRAY : limit;
    }

    @Override
    protected void put8(int index, int value) {
        buf[index] = (byte) value;
    }

    @Override
    protected void put16(int index, int value) {
        SHORT.set(buf, index, (short) value);
    }

    @Override
    protected void put32(int index, int value) {
        INT.set(buf, index, value);
    }

    @Override
    protected void put64(int index, long value) {
        LONG.set(buf, index, value);
    }

    @Override
    protected int get8(int index) {
        return buf[index] & 0xFF;
    }

    @Override
    protected void putBytes(int index, byte[] src, int offset, int length) {
        System.arraycopy(src, offset, buf, index, length);
    }

    @Override
    protected void putBytes(int index, ByteBuffer src, int srcIndex, int length) {
        src.get(srcIndex, buf, index, length);
    }

    @Override
    protected void move(int from, int to, int length) {
        System.arraycopy(buf, from, buf, to, length);
    }

    @Override
    protected int writeShortUtf8(int index, CharSequence s, int n) {
        return Utf8.encode(s, 0, n, buf, index);
    }

    @Override
    protected int writeUtf8(int index, CharSequence s, int from, int to) {
        return encodeUtf8(s, from, to, buf, index);
    }

    @Override
    protected void writeSymbol(int index, Symbol symbol) {
        symbol.getBytes(0, buf, index, symbol.length());
    }
}
