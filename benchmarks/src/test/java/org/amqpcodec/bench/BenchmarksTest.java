package org.amqpcodec.bench;

import java.lang.management.ManagementFactory;
import java.util.function.LongSupplier;

import org.amqpcodec.bench.decode.SeedDecode;
import org.amqpcodec.bench.decode.TransferDecode;
import org.amqpcodec.bench.encode.SeedEncode;
import org.amqpcodec.bench.encode.TransferEncode;
import org.amqpcodec.bench.utf8.StringDecode;
import org.amqpcodec.bench.utf8.StringEncode;
import org.amqpcodec.bench.workload.ProtonJ2Peer;
import org.amqpcodec.bench.workload.ProtonJPeer;
import org.amqpcodec.bench.workload.Seed;
import org.amqpcodec.bench.workload.Strings;
import org.amqpcodec.bench.workload.Transfer;
import org.amqpcodec.impl.ByteArrayDecoder;
import org.amqpcodec.impl.ByteArrayEncoder;
import org.amqpcodec.impl.EncoderFlavour;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The benchmarks measure what they claim: every benchmark method of every codec, set up as JMH sets it up, reads
 * the same values that were written, and this codec's encode and zero-allocation decode paths allocate nothing.
 * Timing is never asserted here.
 */
class BenchmarksTest {

    private static OurEncoder ourEncoder(EncoderFlavour flavour, Buffer buffer) {
        OurEncoder ours = new OurEncoder();
        ours.flavour = flavour;
        ours.buffer = buffer;
        ours.setup();
        return ours;
    }

    @ParameterizedTest
    @ValueSource(ints = {1000, 0})
    void seedEveryDecoderReadsTheSameValues(int base) {
        SeedDecode bench = new SeedDecode();
        bench.base = base;
        bench.setup();
        Seed seed = new Seed(base);
        long expected = Seed.checksum(seed.list(), seed.uuid(), seed.map());
        assertEquals(expected, bench.protonJ());
        assertEquals(expected, bench.protonJ2());
        for (Buffer buffer : Buffer.values()) {
            for (String keys : new String[] {"string", "cached"}) {
                SeedDecode.Ours ours = new SeedDecode.Ours();
                ours.buffer = buffer;
                ours.keys = keys;
                ours.setup(bench);
                assertEquals(expected, bench.ours(ours), buffer + " " + keys);
                assertEquals(expected, bench.ours(ours), "again: " + buffer + " " + keys);
            }
        }
        assertEquals(bench.floor().length, BenchmarkDefaults.compactBytes(seed::write).length);
    }

    @ParameterizedTest
    @ValueSource(ints = {1000, 0})
    void seedEveryEncoderWritesTheSameValues(int base) {
        SeedEncode bench = new SeedEncode();
        bench.base = base;
        bench.setup();
        Seed seed = new Seed(base);
        long expected = Seed.checksum(seed.list(), seed.uuid(), seed.map());
        byte[] fast = encode(EncoderFlavour.FAST, seed::write);
        byte[] compact = encode(EncoderFlavour.COMPACT, seed::write);
        for (Buffer buffer : Buffer.values()) {
            assertEquals(fast.length, bench.ours(ourEncoder(EncoderFlavour.FAST, buffer)));
            assertEquals(compact.length, bench.ours(ourEncoder(EncoderFlavour.COMPACT, buffer)));
        }
        ProtonJPeer protonJ = new ProtonJPeer();
        ProtonJ2Peer protonJ2 = new ProtonJ2Peer();
        for (byte[] bytes : new byte[][] {fast, compact}) {
            protonJ.input(bytes);
            protonJ2.input(bytes);
            assertEquals(expected, Seed.read(protonJ));
            assertEquals(expected, Seed.read(protonJ2));
        }
        // and this codec reads what the peers' benchmarks write
        bench.protonJ();
        bench.protonJ2();
        seed.write(protonJ);
        seed.write(protonJ2);
        for (byte[] bytes : new byte[][] {protonJ.encodedBytes(), protonJ2.encodedBytes()}) {
            Seed.Reader reader = new Seed.Reader(true);
            new ByteArrayDecoder().wrap(bytes).decode(reader);
            assertEquals(expected, reader.takeSum());
        }
    }

    @Test
    void transferEveryDecoderReadsEveryField() {
        TransferDecode bench = new TransferDecode();
        bench.setup();
        assertNull(bench.protonJ().firstWrongField());
        assertNull(bench.protonJ2().firstWrongField());
        for (Buffer buffer : Buffer.values()) {
            for (String text : new String[] {"string", "copied"}) {
                TransferDecode.Ours ours = new TransferDecode.Ours();
                ours.buffer = buffer;
                ours.text = text;
                ours.setup(bench);
                TransferDecode fresh = new TransferDecode();
                fresh.setup();
                assertNull(fresh.ours(ours).firstWrongField(), buffer + " " + text);
            }
        }
    }

    @Test
    void transferEveryEncoderWritesEveryField() {
        TransferEncode bench = new TransferEncode();
        for (Buffer buffer : Buffer.values()) {
            for (EncoderFlavour flavour : EncoderFlavour.values()) {
                assertEquals(encode(flavour, Transfer::write).length, bench.ours(ourEncoder(flavour, buffer)));
            }
        }
        for (EncoderFlavour flavour : EncoderFlavour.values()) {
            byte[] bytes = encode(flavour, Transfer::write);
            ProtonJPeer protonJ = new ProtonJPeer();
            protonJ.input(bytes);
            assertNull(Transfer.read(protonJ, new Transfer.View()).firstWrongField(), flavour + " to Proton-J");
            ProtonJ2Peer protonJ2 = new ProtonJ2Peer();
            protonJ2.input(bytes);
            assertNull(Transfer.read(protonJ2, new Transfer.View()).firstWrongField(), flavour + " to ProtonJ2");
        }
        // this codec reads every field the peers' typed classes write
        ProtonJPeer protonJ = new ProtonJPeer();
        new Transfer.ProtonJValues().write(protonJ);
        ProtonJ2Peer protonJ2 = new ProtonJ2Peer();
        new Transfer.ProtonJ2Values().write(protonJ2);
        for (byte[] bytes : new byte[][] {protonJ.encodedBytes(), protonJ2.encodedBytes()}) {
            for (boolean strings : new boolean[] {true, false}) {
                Transfer.View view = new Transfer.Reader(strings).read(new ByteArrayDecoder().wrap(bytes),
                    new Transfer.View());
                assertNull(view.firstWrongField());
            }
        }
        assertEquals(bench.protonJ(), protonJ.encodedLength());
        assertEquals(bench.protonJ2(), protonJ2.encodedLength());
    }

    @ParameterizedTest
    @EnumSource(Strings.class)
    void stringsRoundTrip(Strings text) {
        assertEquals(text == Strings.ASCII ? 35 : 64, text.text().length());
        assertEquals(text == Strings.ASCII ? 35 : 100, text.text().getBytes(UTF_8).length);
        StringDecode decode = new StringDecode();
        decode.text = text;
        decode.setup();
        assertEquals(text.text(), decode.protonJ());
        assertEquals(text.text(), decode.protonJ2());
        for (Buffer buffer : Buffer.values()) {
            for (String as : new String[] {"string", "cached"}) {
                StringDecode.Ours ours = new StringDecode.Ours();
                ours.buffer = buffer;
                ours.as = as;
                ours.setup(decode);
                assertEquals(text.text(), decode.ours(ours), buffer.label() + " " + as);
                assertEquals(text.text(), decode.ours(ours), "again: " + buffer.label() + " " + as);
            }
        }
        StringEncode encode = new StringEncode();
        encode.text = text;
        byte[] utf8 = text.text().getBytes(UTF_8);
        int compactLength = 2 + utf8.length;
        int fastLength = 5 + utf8.length;
        for (Buffer buffer : Buffer.values()) {
            assertEquals(fastLength, encode.ours(ourEncoder(EncoderFlavour.FAST, buffer)));
            assertEquals(compactLength, encode.ours(ourEncoder(EncoderFlavour.COMPACT, buffer)));
        }
        assertEquals(compactLength, encode.protonJ());
        assertEquals(compactLength, encode.protonJ2());
        ProtonJ2Peer protonJ2 = new ProtonJ2Peer();
        text.write(protonJ2);
        assertArrayEquals(BenchmarkDefaults.compactBytes(text::write), protonJ2.encodedBytes());
    }

    /** The benchmark methods of this codec allocate nothing per operation, once warm, on every buffer. */
    @Test
    void oursAllocatesNothing() {
        java.lang.management.ThreadMXBean bean = ManagementFactory.getThreadMXBean();
        assumeTrue(bean instanceof com.sun.management.ThreadMXBean, "thread allocation counters");
        for (Buffer buffer : Buffer.values()) {
            for (EncoderFlavour flavour : EncoderFlavour.values()) {
                OurEncoder ours = ourEncoder(flavour, buffer);
                SeedEncode seed = new SeedEncode();
                seed.base = 1000;
                seed.setup();
                assertAllocatesNothing(() -> seed.ours(ours), "seed encode " + buffer + " " + flavour);
                TransferEncode transfer = new TransferEncode();
                assertAllocatesNothing(() -> transfer.ours(ours), "transfer encode " + buffer + " " + flavour);
                StringEncode strings = new StringEncode();
                strings.text = Strings.MIXED;
                assertAllocatesNothing(() -> strings.ours(ours), "string encode " + buffer + " " + flavour);
            }
            SeedDecode seed = new SeedDecode();
            seed.base = 1000;
            seed.setup();
            SeedDecode.Ours seedIn = new SeedDecode.Ours();
            seedIn.buffer = buffer;
            seedIn.keys = "cached";
            seedIn.setup(seed);
            assertAllocatesNothing(() -> seed.ours(seedIn), "seed decode, cached keys, " + buffer);
            TransferDecode transfer = new TransferDecode();
            transfer.setup();
            TransferDecode.Ours transferIn = new TransferDecode.Ours();
            transferIn.buffer = buffer;
            transferIn.text = "copied";
            transferIn.setup(transfer);
            assertAllocatesNothing(() -> transfer.ours(transferIn).hashCode(), "transfer decode, copied, " + buffer);
        }
    }

    private static void assertAllocatesNothing(LongSupplier op, String what) {
        com.sun.management.ThreadMXBean bean = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long thread = Thread.currentThread().getId();
        long sink = 0;
        for (int i = 0; i < 20_000; i++) {
            sink += op.getAsLong();
        }
        int ops = 10_000;
        long before = bean.getThreadAllocatedBytes(thread);
        for (int i = 0; i < ops; i++) {
            sink += op.getAsLong();
        }
        long allocated = bean.getThreadAllocatedBytes(thread) - before;
        // a few hundred bytes of JVM-internal allocation may land in the window; one byte per op may not
        assertEquals(0, allocated / ops, what + ": " + allocated + " bytes over " + ops + " ops (" + sink + ")");
    }

    private static byte[] encode(EncoderFlavour flavour, java.util.function.Consumer<org.amqpcodec.api.Encoder> w) {
        ByteArrayEncoder e = new ByteArrayEncoder(flavour);
        w.accept(e);
        e.finish();
        return e.toByteArray();
    }
}
