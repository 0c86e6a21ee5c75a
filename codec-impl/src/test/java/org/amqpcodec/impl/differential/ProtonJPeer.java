package org.amqpcodec.impl.differential;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;

import org.amqpcodec.impl.EncoderFlavour;
import org.amqpcodec.impl.testing.Val;
import org.apache.qpid.proton.codec.AMQPDefinedTypes;
import org.apache.qpid.proton.codec.DecoderImpl;
import org.apache.qpid.proton.codec.EncoderImpl;

import static org.amqpcodec.impl.differential.Restrictions.Rule.DEFINED_DESCRIPTOR;
import static org.amqpcodec.impl.differential.Restrictions.Rule.DESCRIBED_ARRAY;
import static org.amqpcodec.impl.differential.Restrictions.Rule.DUPLICATE_KEY;
import static org.amqpcodec.impl.differential.Restrictions.Rule.EMPTY_DESCRIBED_ARRAY;
import static org.amqpcodec.impl.differential.Restrictions.Rule.NULL_ARRAY_ELEMENTS;
import static org.amqpcodec.impl.differential.Restrictions.Rule.SINGLE_NESTED_ARRAY_OF_ARRAYS;

/**
 * Proton-J 0.35.0: {@code DecoderImpl} and {@code EncoderImpl} with {@code AMQPDefinedTypes.registerAllTypes},
 * as proton-j's own transport sets them up. Not thread-safe.
 */
final class ProtonJPeer extends Peer {

    private final DecoderImpl decoder = new DecoderImpl();
    private final EncoderImpl encoder = new EncoderImpl(decoder);
    private final ByteBuffer out = ByteBuffer.allocate(1 << 22);

    ProtonJPeer() {
        AMQPDefinedTypes.registerAllTypes(decoder, encoder);
    }

    @Override
    String name() {
        return "Proton-J";
    }

    @Override
    byte[] encodeAll(List<?> values) {
        out.clear();
        encoder.setByteBuffer(out);
        values.forEach(encoder::writeObject);
        return Arrays.copyOf(out.array(), out.position());
    }

    @Override
    List<Object> decodeAll(byte[] bytes) {
        ByteBuffer in = ByteBuffer.wrap(bytes);
        decoder.setByteBuffer(in);
        List<Object> values = new ArrayList<>();
        while (in.hasRemaining()) {
            values.add(decoder.readObject());
        }
        return values;
    }

    @Override
    Object toPeer(Val v) {
        return ProtonJConverter.toPeer(v);
    }

    @Override
    Val toVal(Object o) {
        return ProtonJConverter.toVal(o);
    }

    @Override
    Restrictions forPeerDecoding(EncoderFlavour flavour) {
        return new Restrictions(EnumSet.of(DEFINED_DESCRIPTOR, NULL_ARRAY_ELEMENTS, EMPTY_DESCRIBED_ARRAY,
            DUPLICATE_KEY));
    }

    @Override
    Restrictions forPeerEncoding() {
        return new Restrictions(EnumSet.of(NULL_ARRAY_ELEMENTS, DUPLICATE_KEY, DESCRIBED_ARRAY,
            SINGLE_NESTED_ARRAY_OF_ARRAYS));
    }
}
