package org.amqpcodec.impl;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import org.amqpcodec.api.OutputFullException;
import org.amqpcodec.api.Symbol;
import org.amqpcodec.impl.utf8.Utf8;

/**
 * A {@link SerialEncoder} writing into a {@link ByteBuffer}, heap or direct, between its position and limit
 * (fixed size: a value that does not fit throws {@link OutputFullException}). Writes are absolute and
 * big-endian whatever the buffer's byte order; the position moves only in {@link #finish()}, to the end of
 * the encoded bytes. The limit and byte order are never changed.
 *
 * <pre>{@code
 * ByteBuffer out = ByteBuffer.allocateDirect(4096);
 * ByteBufferEncoder encoder = new ByteBufferEncoder(EncoderFlavour.FAST).wrap(out);
 * encoder.putMap().putSymbol("k").putInt(1).end();
 * encoder.finish();          // out.position() is now the encoded length
 * out.flip();
 * }</pre>
 *
 * <p>Not thread-safe; reusable through {@link #reset()} and {@code wrap}.
 */
public final class ByteBufferEncoder extends SerialEncoder {

    private static final VarHandle SHORT = MethodHandles.byteBufferViewVarHandle(short[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle INT = MethodHandles.byteBufferViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle LONG = MethodHandles.byteBufferViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

    private ByteBuffer buf;
    private byte[] array;
    private int arrayOffset;

    /**
     * An encoder of the {@link EncoderFlavour#DEFAULT default} flavour with no buffer yet; call
     * {@link #wrap(ByteBuffer)} before writing.
     */
    public ByteBufferEncoder() {
        this(EncoderFlavour.DEFAULT);
    }

    /**
     * An encoder with no buffer yet; call {@link #wrap(ByteBuffer)} before writing.
     *
     * @param flavour fast or compact
     */
    public ByteBufferEncoder(EncoderFlavour flavour) {
        this(flavour, DEFAULT_MAX_DEPTH);
    }

    /**
     * An encoder with no buffer yet; call {@link #wrap(ByteBuffer)} before writing.
     *
     * @param flavour fast or compact
     * @param maxDepth the nesting limit: lists, maps and arrays open at once (unfinished described values have a
     *        limit of the same size)
     */
    public ByteBufferEncoder(EncoderFlavour flavour, int maxDepth) {
        super(flavour, maxDepth);
    }

    /**
     * Writes into {@code dst} from its position up to its limit from now on; forgets what was written before.
     *
     * @param dst a writable buffer, heap or direct
     * @return this encoder
     * @throws IllegalArgumentException if the buffer is read-only
     */
    public ByteBufferEncoder wrap(ByteBuffer dst) {
        if (dst.isReadOnly()) {
            throw new IllegalArgumentException("cannot encode into a read-only buffer");
        }
        this.buf = dst;
        this.array = dst.hasArray() ? dst.array() : null;
        this.arrayOffset = dst.hasArray() ? dst.arrayOffset() : 0;
        this.origin = dst.position();
        this.limit = dst.limit();
        reset();
        return this;
    }

    @Override
    public ByteBufferEncoder reset() {
        super.reset();
        return this;
    }

    /**
     * As {@link SerialEncoder#finish()}, and moves the buffer's position to the end of the encoded bytes.
     *
     * @return the encoded length in bytes
     */
    @Override
    public int finish() {
        int n = super.finish();
        buf.position(pos);
        return n;
    }

    @Override
    protected boolean grow(int needed) {
        if (buf == null) {
            throw new IllegalStateException("wrap a ByteBuffer before encoding");
        }
        return false;
    }

    @Override
    protected void put8(int index, int value) {
        buf.put(index, (byte) value);
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
        return buf.get(index) & 0xFF;
    }

    @Override
    protected void putBytes(int index, byte[] src, int offset, int length) {
        buf.put(index, src, offset, length);
    }

    @Override
    protected void putBytes(int index, ByteBuffer src, int srcIndex, int length) {
        buf.put(index, src, srcIndex, length);
    }

    @Override
    protected void move(int from, int to, int length) {
        // documented to behave as if copied through an intermediate buffer when the ranges overlap
        buf.put(to, buf, from, length);
    }

    @Override
    protected void copyOut(int index, byte[] dst, int n) {
        buf.get(index, dst, 0, n);
    }

    @Override
    protected int writeShortUtf8(int index, CharSequence s, int n) {
        if (array != null) {
            return Utf8.encode(s, 0, n, array, arrayOffset + index) - arrayOffset;
        }
        return writeUtf8ViaScratch(index, s, 0, n);
    }

    @Override
    protected int writeUtf8(int index, CharSequence s, int from, int to) {
        if (array != null) {
            return encodeUtf8(s, from, to, array, arrayOffset + index) - arrayOffset;
        }
        return writeUtf8ViaScratch(index, s, from, to);
    }

    @Override
    protected void writeSymbol(int index, Symbol symbol) {
        if (array != null) {
            symbol.getBytes(0, array, arrayOffset + index, symbol.length());
        } else {
            byte[] tmp = scratch(symbol.length());
            symbol.getBytes(0, tmp, 0, symbol.length());
            buf.put(index, tmp, 0, symbol.length());
        }
    }
}
