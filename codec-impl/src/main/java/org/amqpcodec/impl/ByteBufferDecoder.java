package org.amqpcodec.impl;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

import org.amqpcodec.api.DecodeOptions;

/**
 * A {@link ScanningDecoder} reading a {@link ByteBuffer}, heap or direct, from its position to its limit.
 * Reads are absolute and big-endian whatever the buffer's byte order; the buffer's position, limit and order
 * are never changed (use {@link #position()} to learn how far the scan got). Offsets count from the buffer's
 * position at {@link #wrap(ByteBuffer)}.
 *
 * <pre>{@code
 * ByteBufferDecoder decoder = new ByteBufferDecoder(DecodeOptions.STRICT);
 * decoder.wrap(buffer).decode(handler);
 * }</pre>
 *
 * <p>Not thread-safe; reusable: wrap the next input and decode again.
 */
public final class ByteBufferDecoder extends ScanningDecoder {

    private static final VarHandle SHORT = MethodHandles.byteBufferViewVarHandle(short[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle INT = MethodHandles.byteBufferViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle LONG = MethodHandles.byteBufferViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);
    private static final ByteBuffer EMPTY = ByteBuffer.allocate(0);

    private ByteBuffer buf = EMPTY;
    private byte[] array;
    private int arrayOffset;

    /** A lenient decoder with the default limits. */
    public ByteBufferDecoder() {
        this(DecodeOptions.DEFAULT);
    }

    /**
     * A decoder with the given options.
     *
     * @param options strictness and limits
     */
    public ByteBufferDecoder(DecodeOptions options) {
        super(options);
    }

    /**
     * Decodes {@code src} from its position to its limit from now on.
     *
     * @param src the input, heap, direct or read-only; not copied, so it must not change while it is decoded
     * @return this decoder
     */
    public ByteBufferDecoder wrap(ByteBuffer src) {
        init(src.position(), src.limit()); // first: it refuses a wrap from inside a callback
        this.buf = src;
        boolean heap = src.hasArray();
        this.array = heap ? src.array() : null;
        this.arrayOffset = heap ? src.arrayOffset() : 0;
        return this;
    }

    @Override
    protected int u8(int index) {
        return buf.get(index) & 0xFF;
    }

    @Override
    protected int u16(int index) {
        return (short) SHORT.get(buf, index) & 0xFFFF;
    }

    @Override
    protected int i32(int index) {
        return (int) INT.get(buf, index);
    }

    @Override
    protected long i64(int index) {
        return (long) LONG.get(buf, index);
    }

    @Override
    protected void copyTo(int index, byte[] dst, int offset, int length) {
        buf.get(index, dst, offset, length);
    }

    @Override
    protected void copyTo(int index, ByteBuffer dst, int length) {
        dst.put(dst.position(), buf, index, length);
        dst.position(dst.position() + length);
    }

    @Override
    protected void copyRaw(SerialEncoder encoder, int index, int dstIndex, int length) {
        encoder.putBytes(dstIndex, buf, index, length);
    }

    @Override
    protected String utf8(int index, int length) {
        if (array != null) {
            return new String(array, arrayOffset + index, length, StandardCharsets.UTF_8);
        }
        return super.utf8(index, length);
    }

    @Override
    protected String latin1(int index, int length) {
        if (array != null) {
            return new String(array, arrayOffset + index, length, StandardCharsets.ISO_8859_1);
        }
        return super.latin1(index, length);
    }
}
