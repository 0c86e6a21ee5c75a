package org.amqpcodec.bench;

import org.amqpcodec.impl.ScanningDecoder;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * This codec's decoder over one kind of buffer holding a workload's bytes. Each decode benchmark class extends it
 * as a JMH state and calls {@link #load} from its setup with the bytes to decode.
 */
@State(Scope.Thread)
public abstract class OurInput {

    /** The kind of buffer. */
    @Param({"ARRAY", "DIRECT", "NETTY"})
    public Buffer buffer;

    private Buffer.Input input;

    /**
     * Copies the bytes to decode into a buffer of the chosen kind.
     *
     * @param bytes the encoded values
     */
    protected final void load(byte[] bytes) {
        input = buffer.newInput(bytes);
    }

    /**
     * Wraps the bytes again from their start.
     *
     * @return the decoder, ready to decode
     */
    public final ScanningDecoder wrap() {
        return input.wrap();
    }
}
