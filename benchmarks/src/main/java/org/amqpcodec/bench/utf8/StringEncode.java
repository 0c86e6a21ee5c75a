package org.amqpcodec.bench.utf8;

import org.amqpcodec.bench.BenchmarkDefaults;
import org.amqpcodec.bench.OurEncoder;
import org.amqpcodec.bench.workload.ProtonJ2Peer;
import org.amqpcodec.bench.workload.ProtonJPeer;
import org.amqpcodec.bench.workload.Strings;
import org.amqpcodec.impl.SerialEncoder;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/** Encodes one string from a {@code String} into a reused buffer. */
@State(Scope.Thread)
public class StringEncode extends BenchmarkDefaults {

    /** Which string. */
    @Param({"ASCII", "MIXED"})
    public Strings text;

    private final ProtonJPeer protonJ = new ProtonJPeer();
    private final ProtonJ2Peer protonJ2 = new ProtonJ2Peer();

    /**
     * This codec.
     *
     * @param ours the encoder
     * @return the encoded length
     */
    @Benchmark
    public int ours(OurEncoder ours) {
        SerialEncoder e = ours.start();
        text.write(e);
        return e.finish();
    }

    /** @return the encoded length */
    @Benchmark
    public int protonJ() {
        text.write(protonJ);
        return protonJ.encodedLength();
    }

    /** @return the encoded length */
    @Benchmark
    public int protonJ2() {
        text.write(protonJ2);
        return protonJ2.encodedLength();
    }
}
