package org.amqpcodec.impl.netty;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import io.netty.buffer.ByteBuf;
import org.amqpcodec.api.DecodeOptions;
import org.amqpcodec.impl.ScanningDecoder;
import org.amqpcodec.impl.SerialEncoder;

/**
 * A {@link ScanningDecoder} reading a Netty {@link ByteBuf} (heap, direct, pooled or composite) between its
 * reader and writer index. Reads use the buffer's absolute big-endian getters, never {@code readByte()}; the
 * reader and writer index are not moved and the buffer's reference count is not touched (the caller owns it).
 * Use {@link #position()} to learn how far the scan got, e.g. {@code buf.skipBytes(decoder.position())}.
 *
 * <pre>{@code
 * NettyDecoder decoder = new NettyDecoder();
 * decoder.wrap(byteBuf).decode(handler);
 * }</pre>
 *
 * <p>Not thread-safe; reusable: wrap the next input and decode again.
 */
public final class NettyDecoder extends ScanningDecoder {

    private ByteBuf buf;
    private byte[] array;
    private int arrayOffset;

    /** A lenient decoder with the default limits. */
    public NettyDecoder() {
        this(DecodeOptions.DEFAULT);
    }

    /**
     * A decoder with the given options.
     *
     * @param options strictness and limits
     */
    public NettyDecoder(DecodeOptions options) {
        super(options);
    }

    /**
     * Decodes {@code src} from its reader index to its writer index from now on. Offsets count from the reader
     * index.
     *
     * @param src the input; not copied or retained, so it must stay alive and unchanged while it is decoded
     * @return this decoder
     */
    public NettyDecoder wrap(ByteBuf src) {
        init(src.readerIndex(), src.writerIndex()); // first: it refuses a wrap from inside a callback
        this.buf = src;
        boolean heap = src.hasArray();
        this.array = heap ? src.array() : null;
        this.arrayOffset = heap ? src.arrayOffset() : 0;
        return this;
    }

    @Override
    protected int u8(int index) {
        return buf.getUnsignedByte(index);
    }

    @Override
    protected int u16(int index) {
        return buf.getUnsignedShort(index);
    }

    @Override
    protected int i32(int index) {
        return buf.getInt(index);
    }

    @Override
    protected long i64(int index) {
        return buf.getLong(index);
    }

    @Override
    protected void copyTo(int index, byte[] dst, int offset, int length) {
        buf.getBytes(index, dst, offset, length);
    }

    @Override
    protected void copyTo(int index, ByteBuffer dst, int length) {
        int limit = dst.limit();
        dst.limit(dst.position() + length);
        try {
            buf.getBytes(index, dst);
        } finally {
            dst.limit(limit);
        }
    }

    @Override
    protected void copyRaw(SerialEncoder encoder, int index, int dstIndex, int length) {
        if (encoder instanceof NettyEncoder) {
            ((NettyEncoder) encoder).setBytes(dstIndex, buf, index, length);
        } else if (array != null) {
            putBytes(encoder, dstIndex, array, arrayOffset + index, length);
        } else {
            byte[] tmp = scratch(Math.min(length, 8192));
            for (int done = 0; done < length; ) {
                int n = Math.min(tmp.length, length - done);
                buf.getBytes(index + done, tmp, 0, n);
                putBytes(encoder, dstIndex + done, tmp, 0, n);
                done += n;
            }
        }
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

    @Override
    protected boolean equalsBytes(int index, byte[] b, int offset, int length) {
        if (array != null) {
            int from = arrayOffset + index;
            return Arrays.equals(array, from, from + length, b, offset, offset + length);
        }
        return super.equalsBytes(index, b, offset, length);
    }
}
