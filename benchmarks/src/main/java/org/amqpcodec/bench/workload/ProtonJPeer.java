package org.amqpcodec.bench.workload;

import java.nio.ByteBuffer;

import org.apache.qpid.proton.codec.AMQPDefinedTypes;
import org.apache.qpid.proton.codec.DecoderImpl;
import org.apache.qpid.proton.codec.EncoderImpl;

/**
 * Proton-J set up as its own transport sets it up: a {@code DecoderImpl} and an {@code EncoderImpl} with every
 * AMQP-defined type registered, encoding into a reused heap {@code ByteBuffer} and decoding from one.
 */
public final class ProtonJPeer {

    /** Proton-J's decoder. */
    public final DecoderImpl decoder = new DecoderImpl();
    /** Proton-J's encoder, paired with {@link #decoder}. */
    public final EncoderImpl encoder = new EncoderImpl(decoder);
    private final ByteBuffer out = ByteBuffer.allocate(64 * 1024);
    private ByteBuffer in = ByteBuffer.allocate(0);

    /** Registers the AMQP-defined types. */
    public ProtonJPeer() {
        AMQPDefinedTypes.registerAllTypes(decoder, encoder);
    }

    /**
     * Clears the reused output buffer and points the encoder at it.
     *
     * @return the encoder
     */
    public EncoderImpl startEncoding() {
        out.clear();
        encoder.setByteBuffer(out);
        return encoder;
    }

    /** @return the bytes written since {@link #startEncoding()} */
    public int encodedLength() {
        return out.position();
    }

    /** @return a copy of the bytes written since {@link #startEncoding()} */
    public byte[] encodedBytes() {
        byte[] bytes = new byte[out.position()];
        out.duplicate().flip().get(bytes);
        return bytes;
    }

    /**
     * Sets the bytes {@link #startDecoding()} decodes from.
     *
     * @param bytes the encoded values
     */
    public void input(byte[] bytes) {
        in = ByteBuffer.wrap(bytes.clone());
    }

    /**
     * Rewinds the input and points the decoder at it.
     *
     * @return the decoder
     */
    public DecoderImpl startDecoding() {
        in.clear();
        decoder.setByteBuffer(in);
        return decoder;
    }
}
