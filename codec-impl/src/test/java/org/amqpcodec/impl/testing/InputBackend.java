package org.amqpcodec.impl.testing;

import java.nio.ByteBuffer;
import java.util.Arrays;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.CompositeByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.Unpooled;
import org.amqpcodec.api.DecodeOptions;
import org.amqpcodec.impl.ByteArrayDecoder;
import org.amqpcodec.impl.ByteBufferDecoder;
import org.amqpcodec.impl.ScanningDecoder;
import org.amqpcodec.impl.netty.NettyDecoder;

/**
 * Every input the decoder supports, each holding the bytes at a non-zero offset with junk around them (so a
 * decoder that reads outside its region, or reports absolute offsets, fails). Use with
 * {@code @EnumSource(InputBackend.class)}.
 */
public enum InputBackend {
    BYTE_ARRAY {
        @Override
        public Source open(byte[] bytes, DecodeOptions options) {
            byte[] padded = pad(bytes, 7, 5);
            ByteArrayDecoder d = new ByteArrayDecoder(options);
            return new Source(d, () -> d.wrap(padded, 7, bytes.length), null);
        }
    },
    HEAP_BYTE_BUFFER {
        @Override
        public Source open(byte[] bytes, DecodeOptions options) {
            // a slice: arrayOffset 3, then position 4 inside it
            ByteBuffer bb = ByteBuffer.wrap(pad(bytes, 7, 5), 3, bytes.length + 9).slice();
            bb.position(4).limit(4 + bytes.length);
            ByteBufferDecoder d = new ByteBufferDecoder(options);
            return new Source(d, () -> d.wrap(bb), null);
        }
    },
    DIRECT_BYTE_BUFFER {
        @Override
        public Source open(byte[] bytes, DecodeOptions options) {
            ByteBuffer bb = ByteBuffer.allocateDirect(bytes.length + 12);
            bb.put(pad(bytes, 7, 5)).position(7).limit(7 + bytes.length);
            ByteBufferDecoder d = new ByteBufferDecoder(options);
            return new Source(d, () -> d.wrap(bb), null);
        }
    },
    READ_ONLY_BYTE_BUFFER {
        @Override
        public Source open(byte[] bytes, DecodeOptions options) {
            ByteBuffer bb = ByteBuffer.wrap(pad(bytes, 7, 5)).asReadOnlyBuffer();
            bb.position(7).limit(7 + bytes.length);
            ByteBufferDecoder d = new ByteBufferDecoder(options);
            return new Source(d, () -> d.wrap(bb), null);
        }
    },
    NETTY_HEAP {
        @Override
        public Source open(byte[] bytes, DecodeOptions options) {
            ByteBuf buf = Unpooled.buffer(bytes.length + 12);
            buf.writeBytes(pad(bytes, 7, 5)).readerIndex(7).writerIndex(7 + bytes.length);
            NettyDecoder d = new NettyDecoder(options);
            return new Source(d, () -> d.wrap(buf), buf);
        }
    },
    NETTY_DIRECT_POOLED {
        @Override
        public Source open(byte[] bytes, DecodeOptions options) {
            ByteBuf buf = PooledByteBufAllocator.DEFAULT.directBuffer(bytes.length + 12);
            buf.writeBytes(pad(bytes, 7, 5)).readerIndex(7).writerIndex(7 + bytes.length);
            NettyDecoder d = new NettyDecoder(options);
            return new Source(d, () -> d.wrap(buf), buf);
        }
    },
    NETTY_COMPOSITE {
        @Override
        public Source open(byte[] bytes, DecodeOptions options) {
            // three components, heap and direct, split at awkward places
            byte[] padded = pad(bytes, 7, 5);
            int a = Math.min(padded.length, 7 + bytes.length / 3);
            int b = Math.min(padded.length, a + 1 + bytes.length / 3);
            CompositeByteBuf buf = Unpooled.compositeBuffer();
            buf.addComponent(true, Unpooled.wrappedBuffer(Arrays.copyOfRange(padded, 0, a)));
            ByteBuf direct = Unpooled.directBuffer(b - a);
            direct.writeBytes(padded, a, b - a);
            buf.addComponent(true, direct);
            buf.addComponent(true, Unpooled.wrappedBuffer(Arrays.copyOfRange(padded, b, padded.length)));
            buf.readerIndex(7).writerIndex(7 + bytes.length);
            NettyDecoder d = new NettyDecoder(options);
            return new Source(d, () -> d.wrap(buf), buf);
        }
    },
    NETTY_SLICE {
        @Override
        public Source open(byte[] bytes, DecodeOptions options) {
            ByteBuf parent = PooledByteBufAllocator.DEFAULT.directBuffer(bytes.length + 12);
            parent.writeBytes(pad(bytes, 7, 5));
            ByteBuf slice = parent.slice(3, bytes.length + 9); // offset 3 in the parent, then reader index 4
            slice.readerIndex(4).writerIndex(4 + bytes.length);
            NettyDecoder d = new NettyDecoder(options);
            return new Source(d, () -> d.wrap(slice), parent);
        }
    };

    /** A decoder over one copy of the bytes; {@link #decoder()} re-wraps it (allocation-free) each call. */
    public static final class Source implements AutoCloseable {
        private final ScanningDecoder decoder;
        private final Runnable wrap;
        private final ByteBuf release;

        Source(ScanningDecoder decoder, Runnable wrap, ByteBuf release) {
            this.decoder = decoder;
            this.wrap = wrap;
            this.release = release;
        }

        /** The decoder, wrapped afresh around the bytes. */
        public ScanningDecoder decoder() {
            wrap.run();
            return decoder;
        }

        @Override
        public void close() {
            if (release != null && release.refCnt() > 0) {
                release.release();
            }
        }
    }

    public abstract Source open(byte[] bytes, DecodeOptions options);

    public Source open(byte[] bytes) {
        return open(bytes, DecodeOptions.DEFAULT);
    }

    static byte[] pad(byte[] bytes, int before, int after) {
        byte[] padded = new byte[before + bytes.length + after];
        Arrays.fill(padded, (byte) 0xEE); // junk a stray read would trip on
        System.arraycopy(bytes, 0, padded, before, bytes.length);
        return padded;
    }
}
