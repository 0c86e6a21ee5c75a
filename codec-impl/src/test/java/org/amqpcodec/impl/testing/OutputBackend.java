package org.amqpcodec.impl.testing;

import java.nio.ByteBuffer;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.CompositeByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.Unpooled;
import org.amqpcodec.impl.ByteArrayEncoder;
import org.amqpcodec.impl.ByteBufferEncoder;
import org.amqpcodec.impl.EncoderFlavour;
import org.amqpcodec.impl.SerialEncoder;
import org.amqpcodec.impl.netty.NettyEncoder;

/**
 * Every output the encoders support, each starting at a non-zero offset; growable ones start small so that
 * growth happens. Use with {@code @EnumSource(OutputBackend.class)}.
 */
public enum OutputBackend {
    BYTE_ARRAY_FIXED {
        @Override
        public Sink open(EncoderFlavour flavour, int capacity) {
            byte[] array = new byte[capacity + 10];
            ByteArrayEncoder e = new ByteArrayEncoder(flavour).wrap(array, 3, capacity);
            return new Sink(e, () -> {
                int n = e.finish();
                return java.util.Arrays.copyOfRange(array, 3, 3 + n);
            }, null);
        }
    },
    BYTE_ARRAY_GROWABLE {
        @Override
        public Sink open(EncoderFlavour flavour, int capacity) {
            ByteArrayEncoder e = new ByteArrayEncoder(flavour, 16, SerialEncoder.DEFAULT_MAX_DEPTH);
            return new Sink(e, () -> {
                int n = e.finish();
                return java.util.Arrays.copyOfRange(e.array(), e.arrayOffset(), e.arrayOffset() + n);
            }, null);
        }
    },
    HEAP_BYTE_BUFFER {
        @Override
        public Sink open(EncoderFlavour flavour, int capacity) {
            ByteBuffer bb = ByteBuffer.allocate(capacity + 10);
            bb.position(3).limit(3 + 2 + capacity);
            ByteBuffer slice = bb.slice(); // arrayOffset 3
            slice.position(2); // then capacity bytes from position 2
            ByteBufferEncoder e = new ByteBufferEncoder(flavour).wrap(slice);
            return new Sink(e, () -> {
                e.finish();
                byte[] out = new byte[slice.position() - 2];
                slice.get(2, out);
                return out;
            }, null);
        }
    },
    DIRECT_BYTE_BUFFER {
        @Override
        public Sink open(EncoderFlavour flavour, int capacity) {
            ByteBuffer bb = ByteBuffer.allocateDirect(capacity + 10);
            bb.position(5).limit(5 + capacity);
            ByteBufferEncoder e = new ByteBufferEncoder(flavour).wrap(bb);
            return new Sink(e, () -> {
                e.finish();
                byte[] out = new byte[bb.position() - 5];
                bb.get(5, out);
                return out;
            }, null);
        }
    },
    NETTY_HEAP {
        @Override
        public Sink open(EncoderFlavour flavour, int capacity) {
            ByteBuf buf = Unpooled.buffer(8);
            buf.writeZero(3).readerIndex(3);
            return nettySink(flavour, buf);
        }
    },
    NETTY_DIRECT_POOLED {
        @Override
        public Sink open(EncoderFlavour flavour, int capacity) {
            ByteBuf buf = PooledByteBufAllocator.DEFAULT.directBuffer(8);
            buf.writeZero(3).readerIndex(3);
            return nettySink(flavour, buf);
        }
    },
    NETTY_COMPOSITE {
        @Override
        public Sink open(EncoderFlavour flavour, int capacity) {
            CompositeByteBuf buf = Unpooled.compositeBuffer();
            buf.addComponent(true, Unpooled.buffer(4).writeZero(4));
            buf.addComponent(true, Unpooled.directBuffer(5).writeZero(2));
            buf.readerIndex(3).writerIndex(3);
            return nettySink(flavour, buf);
        }
    };

    static Sink nettySink(EncoderFlavour flavour, ByteBuf buf) {
        NettyEncoder e = new NettyEncoder(flavour).wrap(buf);
        return new Sink(e, () -> {
            e.finish();
            byte[] out = new byte[buf.readableBytes()];
            buf.getBytes(buf.readerIndex(), out);
            return out;
        }, buf);
    }

    /** An encoder over one output; {@link #finish()} returns a copy of what it wrote. */
    public static final class Sink implements AutoCloseable {
        private final SerialEncoder encoder;
        private final java.util.function.Supplier<byte[]> finish;
        private final ByteBuf release;

        Sink(SerialEncoder encoder, java.util.function.Supplier<byte[]> finish, ByteBuf release) {
            this.encoder = encoder;
            this.finish = finish;
            this.release = release;
        }

        public SerialEncoder encoder() {
            return encoder;
        }

        public byte[] finish() {
            return finish.get();
        }

        @Override
        public void close() {
            if (release != null && release.refCnt() > 0) {
                release.release();
            }
        }
    }

    /** An output holding at least {@code capacity} bytes (fixed outputs hold exactly that). */
    public abstract Sink open(EncoderFlavour flavour, int capacity);

    public Sink open(EncoderFlavour flavour) {
        return open(flavour, 1 << 16);
    }
}
