package org.amqpcodec.impl;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Objects;

import org.amqpcodec.api.DecodeOptions;
import org.amqpcodec.api.Symbol;
import org.amqpcodec.impl.utf8.Utf8;

/**
 * A {@link ScanningDecoder} reading a region of a {@code byte[]}. Offsets reported by the cursor and by
 * exceptions count from the start of the region. The array is never modified.
 *
 * <pre>{@code
 * ByteArrayDecoder decoder = new ByteArrayDecoder();
 * decoder.wrap(bytes, 0, length).decode(handler);
 * }</pre>
 *
 * <p>Not thread-safe; reusable: wrap the next input and decode again.
 */
public final class ByteArrayDecoder extends ScanningDecoder {

    private static final VarHandle SHORT = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);
    private static final byte[] EMPTY = new byte[0];

    private byte[] buf = EMPTY;

    /** A lenient decoder with the default limits. */
    public ByteArrayDecoder() {
        this(DecodeOptions.DEFAULT);
    }

    /**
     * A decoder with the given options.
     *
     * @param options strictness and limits
     */
    public ByteArrayDecoder(DecodeOptions options) {
        super(options);
    }

    /**
     * Decodes {@code src[offset, offset+length)} from now on.
     *
     * @param src the input; not copied, so it must not change while it is decoded
     * @param offset index of the first byte
     * @param length number of bytes
     * @return this decoder
     */
    public ByteArrayDecoder wrap(byte[] src, int offset, int length) {
        Objects.checkFromIndexSize(offset, length, src.length);
        init(offset, offset + length); // first: it refuses a wrap from inside a callback
        this.buf = src;
        return this;
    }

    /**
     * Decodes the whole of {@code src} from now on.
     *
     * @param src the input
     * @return this decoder
     */
    public ByteArrayDecoder wrap(byte[] src) {
        return wrap(src, 0, src.length);
    }

    @Override
    protected int u8(int index) {
        return buf[index] & 0xFF;
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
        System.arraycopy(buf, index, dst, offset, length);
    }

    @Override
    protected void copyTo(int index, ByteBuffer dst, int length) {
        dst.put(buf, index, length);
    }

    @Override
    protected void copyRaw(SerialEncoder encoder, int index, int dstIndex, int length) {
        encoder.putBytes(dstIndex, buf, index, length);
    }

    @Override
    protected String utf8(int index, int length) {
        return new String(buf, index, length, StandardCharsets.UTF_8);
    }

    @Override
    protected String latin1(int index, int length) {
        return new String(buf, index, length, StandardCharsets.ISO_8859_1);
    }

    @Override
    protected boolean equalsBytes(int index, byte[] b, int offset, int length) {
        return Arrays.equals(buf, index, index + length, b, offset, offset + length);
    }

    @Override
    protected boolean equalsSymbol(int index, Symbol symbol) {
        return symbol.contentEquals(buf, index, symbol.length());
    }

    @Override
    protected int firstInvalidUtf8(int from, int to) {
        return Utf8.firstInvalid(buf, from, to);
    }

    @Override
    protected boolean isAscii(int from, int to) {
        return Utf8.isAscii(buf, from, to);
    }
}
