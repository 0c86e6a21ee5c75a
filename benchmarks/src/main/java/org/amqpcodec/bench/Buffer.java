package org.amqpcodec.bench;

import java.nio.ByteBuffer;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import org.amqpcodec.impl.ByteArrayDecoder;
import org.amqpcodec.impl.ByteArrayEncoder;
import org.amqpcodec.impl.ByteBufferDecoder;
import org.amqpcodec.impl.ByteBufferEncoder;
import org.amqpcodec.impl.EncoderFlavour;
import org.amqpcodec.impl.ScanningDecoder;
import org.amqpcodec.impl.SerialEncoder;
import org.amqpcodec.impl.netty.NettyDecoder;
import org.amqpcodec.impl.netty.NettyEncoder;

/**
 * The buffers this codec is measured over, each with the encoder and decoder class made for it. In one JMH fork
 * only one of them is ever used, so every call site in the codec stays monomorphic, as in an application.
 */
public enum Buffer {

    /** A plain {@code byte[]}: {@link ByteArrayEncoder} and {@link ByteArrayDecoder}. */
    ARRAY("byte[]") {
        @Override
        public SerialEncoder newEncoder(EncoderFlavour flavour) {
            return new ByteArrayEncoder(flavour).wrap(new byte[CAPACITY]);
        }

        @Override
        public Input newInput(byte[] bytes) {
            byte[] src = bytes.clone();
            ByteArrayDecoder decoder = new ByteArrayDecoder();
            return () -> decoder.wrap(src, 0, src.length);
        }
    },

    /** A direct {@code ByteBuffer}: {@link ByteBufferEncoder} and {@link ByteBufferDecoder}. */
    DIRECT("direct ByteBuffer") {
        @Override
        public SerialEncoder newEncoder(EncoderFlavour flavour) {
            return new ByteBufferEncoder(flavour).wrap(ByteBuffer.allocateDirect(CAPACITY));
        }

        @Override
        public Input newInput(byte[] bytes) {
            ByteBuffer src = ByteBuffer.allocateDirect(bytes.length).put(bytes).flip();
            ByteBufferDecoder decoder = new ByteBufferDecoder();
            return () -> decoder.wrap(src);
        }
    },

    /** A pooled direct Netty {@code ByteBuf}: {@link NettyEncoder} and {@link NettyDecoder}. */
    NETTY("Netty pooled direct") {
        @Override
        public SerialEncoder newEncoder(EncoderFlavour flavour) {
            return new NettyEncoder(flavour).wrap(PooledByteBufAllocator.DEFAULT.directBuffer(CAPACITY));
        }

        @Override
        public Input newInput(byte[] bytes) {
            ByteBuf src = PooledByteBufAllocator.DEFAULT.directBuffer(bytes.length).writeBytes(bytes);
            NettyDecoder decoder = new NettyDecoder();
            return () -> decoder.wrap(src);
        }
    };

    /** Room every encoder gets: far more than any workload needs, so no benchmark measures growth. */
    public static final int CAPACITY = 64 * 1024;

    private final String label;

    Buffer(String label) {
        this.label = label;
    }

    /** @return the name the report prints */
    public String label() {
        return label;
    }

    /**
     * Makes an encoder over a new buffer of this kind with {@link #CAPACITY} bytes of room.
     *
     * @param flavour the encoder flavour
     * @return the encoder, ready to write
     */
    public abstract SerialEncoder newEncoder(EncoderFlavour flavour);

    /**
     * Copies encoded bytes into a new buffer of this kind, for decoding again and again.
     *
     * @param bytes the encoded values
     * @return the input
     */
    public abstract Input newInput(byte[] bytes);

    /** Encoded bytes in one kind of buffer, with the decoder for it. */
    @FunctionalInterface
    public interface Input {
        /**
         * Wraps the bytes again from their start, as an application does for each message it receives.
         *
         * @return the decoder, ready to decode
         */
        ScanningDecoder wrap();
    }
}
