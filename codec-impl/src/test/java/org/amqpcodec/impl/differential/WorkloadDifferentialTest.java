package org.amqpcodec.impl.differential;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;

import org.amqpcodec.api.Encoder;
import org.amqpcodec.api.Type;
import org.amqpcodec.impl.EncoderFlavour;
import org.amqpcodec.impl.testing.InputBackend;
import org.amqpcodec.impl.testing.OutputBackend;
import org.amqpcodec.impl.testing.Val;
import org.amqpcodec.impl.testing.ValBuilder;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The benchmark workloads, both ways with both peers: bytes the peers encode decode here (on every input
 * backend) to the same values, and bytes encoded here (every output backend, both flavours) decode there to
 * the same values, the transfer workload as the peers' typed classes.
 */
class WorkloadDifferentialTest {

    static Stream<Arguments> outputs() {
        List<Arguments> args = new ArrayList<>();
        for (OutputBackend out : OutputBackend.values()) {
            for (EncoderFlavour flavour : EncoderFlavour.values()) {
                args.add(Arguments.of(out, flavour));
            }
        }
        return args.stream();
    }

    static byte[] encode(OutputBackend out, EncoderFlavour flavour, java.util.function.Consumer<Encoder> writer) {
        try (OutputBackend.Sink sink = out.open(flavour)) {
            writer.accept(sink.encoder());
            return sink.finish();
        }
    }

    /** The "seed" workload: a list of 10 ints, a UUID, and a map of 10 String.valueOf(j) to int, in sequence. */
    @Nested
    class Seed {

        static final long MSB = 0x0123_4567_89AB_CDEFL;
        static final long LSB = 0xFEDC_BA98_7654_3210L;

        /** Small and large ints, so that compact encoders use both smallint and int. */
        private int element(int j) {
            return j * 100_000 - 1;
        }

        private List<Val> expected() {
            List<Val> ints = new ArrayList<>();
            List<Val> entries = new ArrayList<>();
            for (int j = 0; j < 10; j++) {
                ints.add(Val.of(Type.INT, element(j)));
                entries.add(Val.of(Type.STRING, String.valueOf(j)));
                entries.add(Val.of(Type.INT, j));
            }
            return List.of(Val.list(ints), Val.of(Type.UUID, new long[] {MSB, LSB}), Val.map(entries));
        }

        private void write(Encoder e) {
            e.putList();
            for (int j = 0; j < 10; j++) {
                e.putInt(element(j));
            }
            e.end();
            e.putUuid(MSB, LSB);
            e.putMap();
            for (int j = 0; j < 10; j++) {
                e.putString(String.valueOf(j)).putInt(j);
            }
            e.end();
        }

        /** The same values as the peers' users hold them: a List of Integer, a UUID, a Map of String to Integer. */
        private List<Object> javaValues() {
            List<Integer> ints = new ArrayList<>();
            Map<String, Integer> map = new LinkedHashMap<>();
            for (int j = 0; j < 10; j++) {
                ints.add(element(j));
                map.put(String.valueOf(j), j);
            }
            return List.of(ints, new UUID(MSB, LSB), map);
        }

        private void assertDecodesHere(InputBackend in, byte[] bytes) {
            try (InputBackend.Source src = in.open(bytes)) {
                ValBuilder builder = new ValBuilder();
                src.decoder().decode(builder);
                assertEquals(expected(), builder.values());
            }
        }

        private void assertDecodesThere(Peer peer, byte[] bytes) {
            List<Val> decoded = new ArrayList<>();
            peer.decodeAll(bytes).forEach(o -> decoded.add(peer.toVal(o)));
            assertEquals(expected(), decoded);
        }

        @ParameterizedTest
        @EnumSource(InputBackend.class)
        void shouldDecodeWhatProtonJEncodes(InputBackend in) {
            assertDecodesHere(in, new ProtonJPeer().encodeAll(javaValues()));
        }

        @ParameterizedTest
        @EnumSource(InputBackend.class)
        void shouldDecodeWhatProtonJ2Encodes(InputBackend in) {
            assertDecodesHere(in, new ProtonJ2Peer().encodeAll(javaValues()));
        }

        @ParameterizedTest
        @MethodSource("org.amqpcodec.impl.differential.WorkloadDifferentialTest#outputs")
        void shouldEncodeWhatProtonJDecodes(OutputBackend out, EncoderFlavour flavour) {
            assertDecodesThere(new ProtonJPeer(), encode(out, flavour, this::write));
        }

        @ParameterizedTest
        @MethodSource("org.amqpcodec.impl.differential.WorkloadDifferentialTest#outputs")
        void shouldEncodeWhatProtonJ2Decodes(OutputBackend out, EncoderFlavour flavour) {
            assertDecodesThere(new ProtonJ2Peer(), encode(out, flavour, this::write));
        }
    }

    /** The "transfer" workload (see {@link TransferWorkload}). */
    @Nested
    class Transfer {

        private void assertDecodesHere(InputBackend in, byte[] bytes) {
            try (InputBackend.Source src = in.open(bytes)) {
                TransferWorkload.Handler handler = new TransferWorkload.Handler();
                src.decoder().decode(handler);
                handler.check();
            }
        }

        @ParameterizedTest
        @EnumSource(InputBackend.class)
        void shouldDecodeWhatProtonJEncodes(InputBackend in) {
            assertDecodesHere(in, new ProtonJPeer().encodeAll(TransferWorkload.protonJ()));
        }

        @ParameterizedTest
        @EnumSource(InputBackend.class)
        void shouldDecodeWhatProtonJ2Encodes(InputBackend in) {
            assertDecodesHere(in, new ProtonJ2Peer().encodeAll(TransferWorkload.protonJ2()));
        }

        @ParameterizedTest
        @MethodSource("org.amqpcodec.impl.differential.WorkloadDifferentialTest#outputs")
        void shouldEncodeWhatProtonJDecodes(OutputBackend out, EncoderFlavour flavour) {
            byte[] bytes = encode(out, flavour, TransferWorkload::encode);
            TransferWorkload.checkProtonJ(new ProtonJPeer().decodeAll(bytes));
        }

        @ParameterizedTest
        @MethodSource("org.amqpcodec.impl.differential.WorkloadDifferentialTest#outputs")
        void shouldEncodeWhatProtonJ2Decodes(OutputBackend out, EncoderFlavour flavour) {
            byte[] bytes = encode(out, flavour, TransferWorkload::encode);
            TransferWorkload.checkProtonJ2(new ProtonJ2Peer().decodeAll(bytes));
        }

        @ParameterizedTest
        @MethodSource("org.amqpcodec.impl.differential.WorkloadDifferentialTest#outputs")
        void shouldReadItsOwnBytesWithTheSameHandler(OutputBackend out, EncoderFlavour flavour) {
            assertDecodesHere(InputBackend.BYTE_ARRAY, encode(out, flavour, TransferWorkload::encode));
        }
    }
}
