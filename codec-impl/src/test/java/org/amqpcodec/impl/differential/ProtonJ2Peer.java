package org.amqpcodec.impl.differential;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.function.UnaryOperator;

import org.amqpcodec.api.Type;
import org.amqpcodec.impl.EncoderFlavour;
import org.amqpcodec.impl.testing.Val;
import org.apache.qpid.protonj2.buffer.ProtonBuffer;
import org.apache.qpid.protonj2.buffer.ProtonBufferAllocator;
import org.apache.qpid.protonj2.codec.Decoder;
import org.apache.qpid.protonj2.codec.DecoderState;
import org.apache.qpid.protonj2.codec.Encoder;
import org.apache.qpid.protonj2.codec.EncoderState;
import org.apache.qpid.protonj2.codec.decoders.ProtonDecoderFactory;
import org.apache.qpid.protonj2.codec.encoders.ProtonEncoderFactory;

import static org.amqpcodec.impl.differential.Restrictions.Rule.DEFINED_DESCRIPTOR;
import static org.amqpcodec.impl.differential.Restrictions.Rule.DESCRIBED_ARRAY;
import static org.amqpcodec.impl.differential.Restrictions.Rule.DUPLICATE_KEY;
import static org.amqpcodec.impl.differential.Restrictions.Rule.EMPTY_ARRAY_OF_ARRAYS;
import static org.amqpcodec.impl.differential.Restrictions.Rule.EMPTY_DESCRIBED_ARRAY;
import static org.amqpcodec.impl.differential.Restrictions.Rule.NULL_AFTER_FIRST_IN_LIST;
import static org.amqpcodec.impl.differential.Restrictions.Rule.NULL_ARRAY;
import static org.amqpcodec.impl.differential.Restrictions.Rule.NULL_ARRAY_ELEMENTS;
import static org.amqpcodec.impl.differential.Restrictions.Rule.TIMESTAMP_ARRAY;

/**
 * ProtonJ2 1.1.0: {@code ProtonEncoderFactory.create()} and {@code ProtonDecoderFactory.create()} with their
 * states, over buffers from {@code ProtonBufferAllocator.defaultAllocator()}. Not thread-safe.
 */
final class ProtonJ2Peer extends Peer {

    private final ProtonBufferAllocator allocator = ProtonBufferAllocator.defaultAllocator();
    private final Encoder encoder = ProtonEncoderFactory.create();
    private final EncoderState encoderState = encoder.newEncoderState();
    private final Decoder decoder = ProtonDecoderFactory.create();
    private final DecoderState decoderState = decoder.newDecoderState();

    @Override
    String name() {
        return "ProtonJ2";
    }

    @Override
    byte[] encodeAll(List<?> values) {
        try (ProtonBuffer buffer = allocator.allocate()) {
            values.forEach(v -> encoder.writeObject(buffer, encoderState, v));
            byte[] out = new byte[buffer.getReadableBytes()];
            buffer.copyInto(buffer.getReadOffset(), out, 0, out.length);
            return out;
        }
    }

    @Override
    List<Object> decodeAll(byte[] bytes) {
        try (ProtonBuffer buffer = allocator.copy(bytes)) {
            List<Object> values = new ArrayList<>();
            while (buffer.getReadableBytes() > 0) {
                values.add(decoder.readObject(buffer, decoderState));
            }
            return values;
        }
    }

    @Override
    Object toPeer(Val v) {
        return ProtonJ2Converter.toPeer(v);
    }

    @Override
    Val toVal(Object o) {
        return ProtonJ2Converter.toVal(o);
    }

    @Override
    Val view(Val v) {
        return ProtonJ2Converter.view(v);
    }

    @Override
    Restrictions forPeerDecoding(EncoderFlavour flavour) {
        return new Restrictions(EnumSet.of(DEFINED_DESCRIPTOR, NULL_ARRAY_ELEMENTS, EMPTY_DESCRIBED_ARRAY,
            DUPLICATE_KEY), null, ProtonJ2Converter::view);
    }

    @Override
    Restrictions forPeerEncoding() {
        return new Restrictions(EnumSet.of(NULL_ARRAY_ELEMENTS, EMPTY_DESCRIBED_ARRAY, DUPLICATE_KEY,
            DESCRIBED_ARRAY, NULL_AFTER_FIRST_IN_LIST, NULL_ARRAY, EMPTY_ARRAY_OF_ARRAYS, TIMESTAMP_ARRAY),
            Val.of(Type.ULONG, ProtonJ2Converter.AMQP_VALUE), UnaryOperator.identity());
    }
}
