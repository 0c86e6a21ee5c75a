package org.amqpcodec.impl.netty;

import java.nio.ByteBuffer;

import io.netty.buffer.ByteBuf;
import org.amqpcodec.api.OutputFullException;
import org.amqpcodec.api.Symbol;
import org.amqpcodec.impl.EncoderFlavour;
import org.amqpcodec.impl.SerialEncoder;
import org.amqpcodec.impl.utf8.Utf8;

/**
 * A {@link SerialEncoder} writing into a Netty {@link ByteBuf} from its writer index, growing it with
 * {@link ByteBuf#ensureWritable(int)} up to its max capacity (beyond that: {@link OutputFullException}).
 * Writes use the buffer's absolute setters; the writer index moves in {@link #finish()}, to the end of the
 * encoded bytes. The buffer's reference count is not touched.
 *
 * <pre>{@code
 * ByteBuf out = PooledByteBufAllocator.DEFAULT.directBuffer(256);
 * NettyEncoder encoder = new NettyEncoder(EncoderFlavour.COMPACT).wrap(out);
 * encoder.putDescriptor(0x24).putList().end();
 * encoder.finish();   // out.readableBytes() is the encoded length
 * }</pre>
 *
 * <p>Not thread-safe; reusable through {@link #reset()} and {@code wrap}.
 */
public final class NettyEncoder extends SerialEncoder {

    private ByteBuf buf;

    /**
     * An encoder of the {@link EncoderFlavour#DEFAULT default} flavour with no buffer yet; call
     * {@link #wrap(ByteBuf)} before writing.
     */
    public NettyEncoder() {
        this(EncoderFlavour.DEFAULT);
    }

    /**
     * An encoder with no buffer yet; call {@link #wrap(ByteBuf)} before writing.
     *
     * @param flavour fast or compact
     */
    public NettyEncoder(EncoderFlavour flavour) {
        this(flavour, DEFAULT_MAX_DEPTH);
    }

    /**
     * An encoder with no buffer yet; call {@link #wrap(ByteBuf)} before writing.
     *
     * @param flavour fast or compact
     * @param maxDepth the nesting limit: lists, maps and arrays open at once (unfinished described values have a
     *        limit of the same size)
     */
    public NettyEncoder(EncoderFlavour flavour, int maxDepth) {
        super(flavour, maxDepth);
    }

    /**
     * Writes into {@code dst} from its writer index from now on; forgets what was written before.
     *
     * @param dst the output buffer; it grows as needed up to its max capacity
     * @return this encoder
     */
    public NettyEncoder wrap(ByteBuf dst) {
        this.buf = dst;
        this.origin = dst.writerIndex();
        this.limit = dst.capacity();
        reset();
        return this;
    }

    @Override
    public NettyEncoder reset() {
        super.reset();
        return this;
    }

    /**
     * As {@link SerialEncoder#finish()}, and moves the buffer's writer index to the end of the encoded bytes.
     *
     * @return the encoded length in bytes
     */
    @Override
    public int finish() {
        int n = super.finish();
        buf.writerIndex(pos);
        return n;
    }

    @Override
    protected boolean grow(int needed) {
        if (buf == null) {
            throw new IllegalStateException("wrap a ByteBuf before encoding");
        }
        if ((long) pos + needed > buf.maxCapacity()) {
            return false;
        }
        // make what is written so far readable while the buffer grows, so that every reallocation keeps it
        int writerIndex = buf.writerIndex();
        buf.writerIndex(pos);
        buf.ensureWritable(needed);
        buf.writerIndex(writerIndex);
        limit = buf.capacity();
        return true;
    }

    @Override
    protected long maxLimit() {
        return buf == null ? limit : buf.maxCapacity();
    }

    @Override
    protected void put8(int index, int value) {
        buf.setByte(index, value);
    }

    @Override
    protected void put16(int index, int value) {
        buf.setShort(index, value);
    }

    @Override
    protected void put32(int index, int value) {
        buf.setInt(index, value);
    }

    @Override
    protected void put64(int index, long value) {
        buf.setLong(index, value);
    }

    @Override
    protected int get8(int index) {
        return buf.getUnsignedByte(index);
    }

    @Override
    protected void putBytes(int index, byte[] src, int offset, int length) {
        buf.setBytes(index, src, offset, length);
    }

    @Override
    protected void putBytes(int index, ByteBuffer src, int srcIndex, int length) {
        if (src.hasArray()) {
            buf.setBytes(index, src.array(), src.arrayOffset() + srcIndex, length);
            return;
        }
        byte[] tmp = scratch(Math.min(length, 8192));
        for (int done = 0; done < length; ) {
            int n = Math.min(tmp.length, length - done);
            src.get(srcIndex + done, tmp, 0, n);
            buf.setBytes(index + done, tmp, 0, n);
            done += n;
        }
    }

    /** Raw copy from another Netty buffer (a {@link NettyDecoder}'s input). */
    void setBytes(int index, ByteBuf src, int srcIndex, int length) {
        buf.setBytes(index, src, srcIndex, length);
    }

    @Override
    protected void move(int from, int to, int length) {
        if (buf.hasArray()) {
            int offset = buf.arrayOffset();
            System.arraycopy(buf.array(), offset + from, buf.array(), offset + to, length);
        } else {
            moveViaScratch(from, to, length);
        }
    }

    @Override
    protected void copyOut(int index, byte[] dst, int n) {
        buf.getBytes(index, dst, 0, n);
    }

    @Override
    protected int writeShortUtf8(int index, CharSequence s, int n) {
        if (buf.hasArray()) {
            int offset = buf.arrayOffset();
            return Utf8.encode(s, 0, n, buf.array(), offset + index) - offset;
        }
        return writeUtf8ViaScratch(index, s, 0, n);
    }

    @Override
    protected int writeUtf8(int index, CharSequence s, int from, int to) {
        if (buf.hasArray()) {
            int offset = buf.arrayOffset();
            return encodeUtf8(s, from, to, buf.array(), offset + index) - offset;
        }
        return writeUtf8ViaScratch(index, s, from, to);
    }

    @Override
    protected void writeSymbol(int index, Symbol symbol) {
        int n = symbol.length();
        if (buf.hasArray()) {
            symbol.getBytes(0, buf.array(), buf.arrayOffset() + index, n);
        } else {
            byte[] tmp = scratch(n);
            symbol.getBytes(0, tmp, 0, n);
            buf.setBytes(index, tmp, 0, n);
        }
    }
}
