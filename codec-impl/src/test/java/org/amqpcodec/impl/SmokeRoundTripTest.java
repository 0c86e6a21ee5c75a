package org.amqpcodec.impl;

import java.util.List;

import org.amqpcodec.impl.testing.Hex;
import org.amqpcodec.impl.testing.InputBackend;
import org.amqpcodec.impl.testing.OutputBackend;
import org.amqpcodec.impl.testing.Val;
import org.amqpcodec.impl.testing.ValBuilder;
import org.amqpcodec.impl.testing.ValGen;
import org.junit.jupiter.api.Test;

class SmokeRoundTripTest {

    static String cut(String s) {
        return s.length() > 600 ? s.substring(0, 600) + "..." : s;
    }

    @Test
    void shouldRoundTripGeneratedValues() {
        for (long seed = 0; seed < 300; seed++) {
            ValGen gen = new ValGen(seed);
            Val v = gen.value();
            for (EncoderFlavour f : EncoderFlavour.values()) {
                for (OutputBackend out : OutputBackend.values()) {
                    byte[] bytes;
                    try (OutputBackend.Sink sink = out.open(f)) {
                        v.encode(sink.encoder());
                        bytes = sink.finish();
                    } catch (RuntimeException e) {
                        throw new AssertionError("seed " + seed + " " + f + " " + out + ": " + cut(v.toString()), e);
                    }
                    for (InputBackend in : InputBackend.values()) {
                        try (InputBackend.Source src = in.open(bytes)) {
                            ValBuilder b = new ValBuilder();
                            src.decoder().decode(b);
                            if (!List.of(v).equals(b.values())) {
                                throw new AssertionError("seed " + seed + " " + f + " " + out + " " + in + "\n"
                                    + cut(v.toString()) + "\n" + cut(b.values().toString()) + "\n"
                                    + cut(Hex.text(bytes)));
                            }
                        } catch (RuntimeException e) {
                            throw new AssertionError("seed " + seed + " " + f + " " + out + " " + in + ": "
                                + cut(v.toString()) + " " + cut(Hex.text(bytes)), e);
                        }
                    }
                }
            }
        }
    }
}
