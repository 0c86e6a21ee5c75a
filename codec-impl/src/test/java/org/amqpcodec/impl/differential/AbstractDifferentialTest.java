package org.amqpcodec.impl.differential;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import org.amqpcodec.impl.EncoderFlavour;
import org.amqpcodec.impl.testing.InputBackend;
import org.amqpcodec.impl.testing.OutputBackend;
import org.amqpcodec.impl.testing.Val;
import org.amqpcodec.impl.testing.ValBuilder;
import org.amqpcodec.impl.testing.ValGen;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The generated differential corpus against one {@link Peer}, in both directions: values the peer encodes
 * decode here to the same values, and values encoded here (FAST and COMPACT) decode there to the same values.
 * Each seed drives one {@link ValGen} (restricted only as {@link Peer#generator} and {@link Restrictions}
 * document) for {@link #TREES_PER_SEED} trees, nested ones with the generator's defaults and then
 * {@link #WIDE_TREES_PER_SEED} flat wide ones; every tree goes through the byte[] backends, and every
 * {@link #ALL_BACKENDS_EVERY}th tree through every input and output backend.
 */
abstract class AbstractDifferentialTest {

    static final int TREES_PER_SEED = 1000;
    /** The last trees of each seed are flat and wide (up to 327 items), to cross the 255 count and size limits. */
    static final int WIDE_TREES_PER_SEED = 100;
    static final int ALL_BACKENDS_EVERY = 8;

    private static final Set<InputBackend> ALL_INPUTS = EnumSet.allOf(InputBackend.class);
    private static final Set<InputBackend> BYTE_ARRAY_INPUT = EnumSet.of(InputBackend.BYTE_ARRAY);
    private static final Set<OutputBackend> ALL_OUTPUTS = EnumSet.allOf(OutputBackend.class);
    private static final Set<OutputBackend> BYTE_ARRAY_OUTPUT = EnumSet.of(OutputBackend.BYTE_ARRAY_GROWABLE);

    /** The peer, made afresh for each test method (JUnit makes a test instance per method). */
    abstract Peer peer();

    static Stream<Long> seeds() {
        return CorpusSeeds.seeds().stream();
    }

    static Stream<Arguments> seedsAndFlavours() {
        List<Arguments> args = new ArrayList<>();
        for (long seed : CorpusSeeds.seeds()) {
            for (EncoderFlavour flavour : EncoderFlavour.values()) {
                args.add(Arguments.of(seed, flavour));
            }
        }
        return args.stream();
    }

    /** The next tree of the corpus, the {@code i}th of its seed. */
    static Val tree(ValGen gen, int i) {
        if (i == TREES_PER_SEED - WIDE_TREES_PER_SEED) {
            gen.maxDepth = 1;
            gen.maxItems = 300;
        }
        return gen.value();
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void shouldDecodePeerBytesToTheSameValues(long seed) {
        Peer peer = peer();
        Restrictions restrictions = peer.forPeerEncoding();
        ValGen gen = peer.generator(seed);
        long totalBytes = 0;
        for (int i = 0; i < TREES_PER_SEED; i++) {
            Val v = restrictions.apply(tree(gen, i));
            String where = peer + " -> amqp-codec, seed " + seed + " tree " + i + " (" + CorpusSeeds.reproduce(seed)
                + ")";
            byte[] bytes;
            try {
                bytes = peer.encode(peer.toPeer(v));
            } catch (RuntimeException e) {
                throw new AssertionError(where + ": the peer could not encode " + Diff.cut(v), e);
            }
            totalBytes += bytes.length;
            for (InputBackend in : i % ALL_BACKENDS_EVERY == 0 ? ALL_INPUTS : BYTE_ARRAY_INPUT) {
                Val decoded;
                try (InputBackend.Source src = in.open(bytes)) {
                    ValBuilder builder = new ValBuilder();
                    src.decoder().decode(builder);
                    decoded = builder.single();
                } catch (RuntimeException e) {
                    throw new AssertionError(where + " on " + in + ": " + e + "\nvalue " + Diff.cut(v) + "\nbytes "
                        + Diff.hex(bytes), e);
                }
                String diff = Diff.first(v, decoded);
                assertTrue(diff == null, () -> where + " on " + in + ": " + diff + "\nbytes " + Diff.hex(bytes));
            }
        }
        System.out.printf("%s -> amqp-codec, seed %d: %d trees, %d bytes; restrictions fired %s%n", peer, seed,
            TREES_PER_SEED, totalBytes, restrictions.hits());
    }

    @ParameterizedTest(name = "seed {0}, {1}")
    @MethodSource("seedsAndFlavours")
    void shouldEncodeBytesThePeerDecodesToTheSameValues(long seed, EncoderFlavour flavour) {
        Peer peer = peer();
        Restrictions restrictions = peer.forPeerDecoding(flavour);
        ValGen gen = peer.generator(seed);
        long totalBytes = 0;
        for (int i = 0; i < TREES_PER_SEED; i++) {
            Val v = restrictions.apply(tree(gen, i));
            Val expected = peer.view(v);
            String where = "amqp-codec " + flavour + " -> " + peer + ", seed " + seed + " tree " + i + " ("
                + CorpusSeeds.reproduce(seed) + ")";
            for (OutputBackend out : i % ALL_BACKENDS_EVERY == 0 ? ALL_OUTPUTS : BYTE_ARRAY_OUTPUT) {
                byte[] bytes;
                try (OutputBackend.Sink sink = out.open(flavour)) {
                    v.encode(sink.encoder());
                    bytes = sink.finish();
                }
                totalBytes += bytes.length;
                Val decoded;
                try {
                    decoded = peer.toVal(peer.decode(bytes));
                } catch (RuntimeException e) {
                    throw new AssertionError(where + " from " + out + ": the peer failed: " + e + "\nvalue "
                        + Diff.cut(v) + "\nbytes " + Diff.hex(bytes), e);
                }
                String diff = Diff.first(expected, decoded);
                assertTrue(diff == null, () -> where + " from " + out + ": " + diff + "\nbytes " + Diff.hex(bytes));
            }
        }
        System.out.printf("amqp-codec %s -> %s, seed %d: %d trees, %d bytes; restrictions fired %s%n", flavour,
            peer, seed, TREES_PER_SEED, totalBytes, restrictions.hits());
    }
}
