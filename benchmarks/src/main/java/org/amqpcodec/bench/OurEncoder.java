package org.amqpcodec.bench;

import org.amqpcodec.impl.EncoderFlavour;
import org.amqpcodec.impl.SerialEncoder;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/** JMH state: this codec's encoder of one flavour over one kind of buffer, reused for every operation. */
@State(Scope.Thread)
public class OurEncoder {

    /** The encoder flavour. */
    @Param({"FAST", "COMPACT"})
    public EncoderFlavour flavour;

    /** The kind of buffer. */
    @Param({"ARRAY", "DIRECT", "NETTY"})
    public Buffer buffer;

    private SerialEncoder encoder;

    /** Makes the encoder. */
    @Setup
    public void setup() {
        encoder = buffer.newEncoder(flavour);
    }

    /**
     * Starts a new message at the start of the buffer, as an application does for each message it sends.
     *
     * @return the encoder
     */
    public SerialEncoder start() {
        return encoder.reset();
    }
}
