package org.amqpcodec.bench.decode;

import org.amqpcodec.bench.BenchmarkDefaults;
import org.amqpcodec.bench.Floor;
import org.amqpcodec.bench.OurInput;
import org.amqpcodec.bench.workload.ProtonJ2Peer;
import org.amqpcodec.bench.workload.ProtonJPeer;
import org.amqpcodec.bench.workload.Seed;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/** Decodes the {@link Seed} workload, reading every int, both UUID halves and every key. */
@State(Scope.Thread)
public class SeedDecode extends BenchmarkDefaults {

    /** The first int: 1000 gives 4-byte ints, 0 small ones. */
    @Param({"1000", "0"})
    public int base;

    private byte[] bytes;
    private Floor floor;
    private final ProtonJPeer protonJ = new ProtonJPeer();
    private final ProtonJ2Peer protonJ2 = new ProtonJ2Peer();

    /** Encodes the values once; every decoder reads these bytes. */
    @Setup
    public void setup() {
        bytes = compactBytes(new Seed(base)::write);
        floor = new Floor(bytes);
        protonJ.input(bytes);
        protonJ2.input(bytes);
    }

    /** This codec's decoder and reader. */
    @State(Scope.Thread)
    public static class Ours extends OurInput {
        /** How the reader reads keys: {@code string} ({@code getString()}) or {@code cached}. */
        @Param({"string", "cached"})
        public String keys;

        private Seed.Reader reader;

        /** @param workload the bytes to decode */
        @Setup
        public void setup(SeedDecode workload) {
            load(workload.bytes);
            reader = new Seed.Reader("cached".equals(keys));
        }
    }

    /**
     * This codec.
     *
     * @param ours the decoder and reader
     * @return the checksum of what was read
     */
    @Benchmark
    public long ours(Ours ours) {
        ours.wrap().decode(ours.reader);
        return ours.reader.takeSum();
    }

    /** @return the checksum of what was read */
    @Benchmark
    public long protonJ() {
        return Seed.read(protonJ);
    }

    /** @return the checksum of what was read */
    @Benchmark
    public long protonJ2() {
        return Seed.read(protonJ2);
    }

    /** @return the copy */
    @Benchmark
    public byte[] floor() {
        return floor.copy();
    }
}
