package org.amqpcodec.bench.encode;

import org.amqpcodec.bench.BenchmarkDefaults;
import org.amqpcodec.bench.OurEncoder;
import org.amqpcodec.bench.workload.ProtonJ2Peer;
import org.amqpcodec.bench.workload.ProtonJPeer;
import org.amqpcodec.bench.workload.Transfer;
import org.amqpcodec.impl.SerialEncoder;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/** Encodes the {@link Transfer} workload into a reused buffer; the peers from their typed objects, built once. */
@State(Scope.Thread)
public class TransferEncode extends BenchmarkDefaults {

    private final ProtonJPeer protonJ = new ProtonJPeer();
    private final Transfer.ProtonJValues protonJValues = new Transfer.ProtonJValues();
    private final ProtonJ2Peer protonJ2 = new ProtonJ2Peer();
    private final Transfer.ProtonJ2Values protonJ2Values = new Transfer.ProtonJ2Values();

    /**
     * This codec.
     *
     * @param ours the encoder
     * @return the encoded length
     */
    @Benchmark
    public int ours(OurEncoder ours) {
        SerialEncoder e = ours.start();
        Transfer.write(e);
        return e.finish();
    }

    /** @return the encoded length */
    @Benchmark
    public int protonJ() {
        protonJValues.write(protonJ);
        return protonJ.encodedLength();
    }

    /** @return the encoded length */
    @Benchmark
    public int protonJ2() {
        protonJ2Values.write(protonJ2);
        return protonJ2.encodedLength();
    }
}
