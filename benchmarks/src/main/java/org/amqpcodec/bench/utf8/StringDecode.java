package org.amqpcodec.bench.utf8;

import org.amqpcodec.bench.BenchmarkDefaults;
import org.amqpcodec.bench.Floor;
import org.amqpcodec.bench.OurInput;
import org.amqpcodec.bench.workload.ProtonJ2Peer;
import org.amqpcodec.bench.workload.ProtonJPeer;
import org.amqpcodec.bench.workload.Strings;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/** Decodes one string into a new {@code String}. */
@State(Scope.Thread)
public class StringDecode extends BenchmarkDefaults {

    /** Which string. */
    @Param({"ASCII", "MIXED"})
    public Strings text;

    private byte[] bytes;
    private Floor floor;
    private final ProtonJPeer protonJ = new ProtonJPeer();
    private final ProtonJ2Peer protonJ2 = new ProtonJ2Peer();

    /** Encodes the string once; every decoder reads these bytes. */
    @Setup
    public void setup() {
        bytes = compactBytes(text::write);
        floor = new Floor(bytes);
        protonJ.input(bytes);
        protonJ2.input(bytes);
    }

    /** This codec's decoder and reader. */
    @State(Scope.Thread)
    public static class Ours extends OurInput {
        /**
         * How the reader takes the string: {@code string}, a new {@code String} ({@code getString()}) as the
         * peers do, or {@code cached}, through the decoder's cache ({@code getCachedString()}), for text that
         * repeats (addresses, subjects, content types).
         */
        @Param({"string", "cached"})
        public String as;

        private Strings.Reader reader;

        /** @param workload the bytes to decode */
        @Setup
        public void setup(StringDecode workload) {
            load(workload.bytes);
            reader = new Strings.Reader("cached".equals(as));
        }
    }

    /**
     * This codec.
     *
     * @param ours the decoder and reader
     * @return the string
     */
    @Benchmark
    public String ours(Ours ours) {
        return ours.reader.read(ours.wrap());
    }

    /** @return the string */
    @Benchmark
    public String protonJ() {
        return Strings.read(protonJ);
    }

    /** @return the string */
    @Benchmark
    public String protonJ2() {
        return Strings.read(protonJ2);
    }

    /** @return the copy */
    @Benchmark
    public byte[] floor() {
        return floor.copy();
    }
}
