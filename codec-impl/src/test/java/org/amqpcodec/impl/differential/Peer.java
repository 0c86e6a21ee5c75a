package org.amqpcodec.impl.differential;

import java.util.Collections;
import java.util.List;

import org.amqpcodec.impl.EncoderFlavour;
import org.amqpcodec.impl.testing.Val;
import org.amqpcodec.impl.testing.ValGen;

/**
 * One peer codec, used the way its users use it: its own encoder and decoder objects and its own Java types
 * for AMQP values, with converters between those types and the test model ({@link Val}).
 */
abstract class Peer {

    abstract String name();

    /** Encodes values one after another with the peer's encoder ({@code writeObject}); returns the bytes. */
    abstract byte[] encodeAll(List<?> values);

    /** Decodes values with the peer's decoder ({@code readObject}) until all of {@code bytes} are read. */
    abstract List<Object> decodeAll(byte[] bytes);

    /** Encodes one value with the peer's encoder; returns exactly the bytes written. */
    byte[] encode(Object value) {
        return encodeAll(Collections.singletonList(value));
    }

    /** Decodes one value with the peer's decoder, which must consume all of {@code bytes}. */
    Object decode(byte[] bytes) {
        List<Object> values = decodeAll(bytes);
        if (values.size() != 1) {
            throw new AssertionError(name() + " decoded " + values.size() + " values from " + Diff.hex(bytes));
        }
        return values.get(0);
    }

    /** The peer's object for {@code v}. */
    abstract Object toPeer(Val v);

    /** The test model of a peer object. */
    abstract Val toVal(Object o);

    /** How the peer's decoder represents {@code v} (where its object model is coarser than AMQP's). */
    Val view(Val v) {
        return v;
    }

    /**
     * A generator for the corpus, restricted for both peers in one way: both hold an AMQP char in a 16-bit
     * Java char and keep only the low 16 bits of a code point above U+FFFF ({@code 73 00 01 F6 00},
     * U+1F600, decodes to '\uF600' in Proton-J's CharacterType and in ProtonJ2's CharacterTypeDecoder; their
     * encoders take a Java char). Strings keep supplementary characters.
     */
    ValGen generator(long seed) {
        ValGen gen = new ValGen(seed);
        gen.supplementaryChars = false;
        return gen;
    }

    /** The restrictions for bytes from this codec's {@code flavour} encoder that the peer decodes. */
    abstract Restrictions forPeerDecoding(EncoderFlavour flavour);

    /** The restrictions for values the peer encodes and this codec decodes. */
    abstract Restrictions forPeerEncoding();

    @Override
    public String toString() {
        return name();
    }
}
