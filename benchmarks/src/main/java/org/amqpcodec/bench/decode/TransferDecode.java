package org.amqpcodec.bench.decode;

import org.amqpcodec.bench.BenchmarkDefaults;
import org.amqpcodec.bench.Floor;
import org.amqpcodec.bench.OurInput;
import org.amqpcodec.bench.workload.ProtonJ2Peer;
import org.amqpcodec.bench.workload.ProtonJPeer;
import org.amqpcodec.bench.workload.Transfer;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/** Decodes the {@link Transfer} workload, reading every field into a {@link Transfer.View}. */
@State(Scope.Thread)
public class TransferDecode extends BenchmarkDefaults {

    private byte[] bytes;
    private Floor floor;
    private final Transfer.View view = new Transfer.View();
    private final ProtonJPeer protonJ = new ProtonJPeer();
    private final ProtonJ2Peer protonJ2 = new ProtonJ2Peer();

    /** Encodes the values once; every decoder reads these bytes. */
    @Setup
    public void setup() {
        bytes = compactBytes(Transfer::write);
        floor = new Floor(bytes);
        protonJ.input(bytes);
        protonJ2.input(bytes);
    }

    /** This codec's decoder and reader. */
    @State(Scope.Thread)
    public static class Ours extends OurInput {
        /** How the reader takes text: {@code string} ({@code getString()}) or {@code copied} (UTF-8 bytes). */
        @Param({"string", "copied"})
        public String text;

        private Transfer.Reader reader;

        /** @param workload the bytes to decode */
        @Setup
        public void setup(TransferDecode workload) {
            load(workload.bytes);
            reader = new Transfer.Reader("string".equals(text));
        }
    }

    /**
     * This codec.
     *
     * @param ours the decoder and reader
     * @return the fields read
     */
    @Benchmark
    public Transfer.View ours(Ours ours) {
        return ours.reader.read(ours.wrap(), view);
    }

    /** @return the fields read */
    @Benchmark
    public Transfer.View protonJ() {
        return Transfer.read(protonJ, view);
    }

    /** @return the fields read */
    @Benchmark
    public Transfer.View protonJ2() {
        return Transfer.read(protonJ2, view);
    }

    /** @return the copy */
    @Benchmark
    public byte[] floor() {
        return floor.copy();
    }
}
