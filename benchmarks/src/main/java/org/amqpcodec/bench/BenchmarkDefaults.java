package org.amqpcodec.bench;

import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import org.amqpcodec.api.Encoder;
import org.amqpcodec.impl.ByteArrayEncoder;
import org.amqpcodec.impl.EncoderFlavour;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What every benchmark class inherits: average time in nanoseconds, the full mode's iterations and forks (the
 * {@link Report} overrides them for its short mode), and Netty's leak detection off, as Netty's own
 * microbenchmarks run.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 2, jvmArgsAppend = {"-Dio.netty.leakDetection.level=disabled", "-Xms1g", "-Xmx1g"})
public abstract class BenchmarkDefaults {

    /**
     * The bytes every decoder in a decode benchmark reads: what this codec's compact encoder writes, the smallest
     * encoding and the one a peer most likely sends.
     *
     * @param writer writes the workload's values
     * @return the encoded bytes
     */
    public static byte[] compactBytes(Consumer<Encoder> writer) {
        ByteArrayEncoder encoder = new ByteArrayEncoder(EncoderFlavour.COMPACT);
        writer.accept(encoder);
        encoder.finish();
        return encoder.toByteArray();
    }
}
