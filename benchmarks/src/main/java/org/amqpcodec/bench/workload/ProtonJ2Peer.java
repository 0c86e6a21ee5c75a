package org.amqpcodec.bench.workload;

import org.apache.qpid.protonj2.buffer.ProtonBuffer;
import org.apache.qpid.protonj2.buffer.ProtonBufferAllocator;
import org.apache.qpid.protonj2.codec.Decoder;
import org.apache.qpid.protonj2.codec.DecoderState;
import org.apache.qpid.protonj2.codec.Encoder;
import org.apache.qpid.protonj2.codec.EncoderState;
import org.apache.qpid.protonj2.codec.decoders.ProtonDecoderFactory;
import org.apache.qpid.protonj2.codec.encoders.ProtonEncoderFactory;

/**
 * ProtonJ2 set up as its engine sets it up: {@code ProtonEncoderFactory.create()} and
 * {@code ProtonDecoderFactory.create()} with one state each, over reused buffers from
 * {@code ProtonBufferAllocator.defaultAllocator()}.
 */
public final class ProtonJ2Peer {

    /** ProtonJ2's encoder. */
    public final Encoder encoder = ProtonEncoderFactory.create();
    /** The encoder's state, reused across encodes as ProtonJ2's engine does. */
    public final EncoderState encoderState = encoder.newEncoderState();
    /** ProtonJ2's decoder. */
    public final Decoder decoder = ProtonDecoderFactory.create();
    /** The decoder's state, reused across decodes as ProtonJ2's engine does. */
    public final DecoderState decoderState = decoder.newDecoderState();
    private final ProtonBuffer out = ProtonBufferAllocator.defaultAllocator().allocate(64 * 1024);
    private ProtonBuffer in = ProtonBufferAllocator.defaultAllocator().allocate(0);

    /**
     * Clears the reused output buffer.
     *
     * @return the buffer to encode into
     */
    public ProtonBuffer startEncoding() {
        out.clear();
        return out;
    }

    /** @return the bytes written since {@link #startEncoding()} */
    public int encodedLength() {
        return out.getReadableBytes();
    }

    /** @return a copy of the bytes written since {@link #startEncoding()} */
    public byte[] encodedBytes() {
        byte[] bytes = new byte[out.getReadableBytes()];
        out.copyInto(out.getReadOffset(), bytes, 0, bytes.length);
        return bytes;
    }

    /**
     * Sets the bytes {@link #startDecoding()} decodes from.
     *
     * @param bytes the encoded values
     */
    public void input(byte[] bytes) {
        in.close();
        in = ProtonBufferAllocator.defaultAllocator().copy(bytes);
    }

    /**
     * Rewinds the input.
     *
     * @return the buffer to decode from
     */
    public ProtonBuffer startDecoding() {
        in.setReadOffset(0);
        return in;
    }
}
