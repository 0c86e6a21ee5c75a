package org.amqpcodec.bench.encode;

import org.amqpcodec.bench.BenchmarkDefaults;
import org.amqpcodec.bench.OurEncoder;
import org.amqpcodec.bench.workload.ProtonJ2Peer;
import org.amqpcodec.bench.workload.ProtonJPeer;
import org.amqpcodec.bench.workload.Seed;
import org.amqpcodec.impl.SerialEncoder;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/** Encodes the {@link Seed} workload into a reused buffer. */
@State(Scope.Thread)
public class SeedEncode extends BenchmarkDefaults {

    /** The first int: 1000 gives 4-byte ints, 0 small ones. */
    @Param({"1000", "0"})
    public int base;

    private Seed seed;
    private final ProtonJPeer protonJ = new ProtonJPeer();
    private final ProtonJ2Peer protonJ2 = new ProtonJ2Peer();

    /** Builds the values. */
    @Setup
    public void setup() {
        seed = new Seed(base);
    }

    /**
     * This codec.
     *
     * @param ours the encoder
     * @return the encoded length
     */
    @Benchmark
    public int ours(OurEncoder ours) {
        SerialEncoder e = ours.start();
        seed.write(e);
        return e.finish();
    }

    /** @return the encoded length */
    @Benchmark
    public int protonJ() {
        seed.write(protonJ);
        return protonJ.encodedLength();
    }

    /** @return the encoded length */
    @Benchmark
    public int protonJ2() {
        seed.write(protonJ2);
        return protonJ2.encodedLength();
    }
}
