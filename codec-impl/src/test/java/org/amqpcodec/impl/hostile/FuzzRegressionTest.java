package org.amqpcodec.impl.hostile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.amqpcodec.api.DataHandler;
import org.amqpcodec.api.DecodeException;
import org.amqpcodec.api.DecodeOptions;
import org.amqpcodec.api.Decoder;
import org.amqpcodec.impl.ByteArrayEncoder;
import org.amqpcodec.impl.EncoderFlavour;
import org.amqpcodec.impl.testing.Hex;
import org.amqpcodec.impl.testing.InputBackend;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Inputs the fuzzer found, kept as hex text under {@code src/test/resources/malformed/} (lines starting with
 * {@code #} say where each came from and what went wrong). Each test is named after what the input used to do, and
 * replays it on every backend, leniently and strictly, with the {@link Exerciser}.
 */
class FuzzRegressionTest {

    static byte[] resource(String name) {
        try (InputStream in = FuzzRegressionTest.class.getResourceAsStream("/malformed/" + name)) {
            assertNotNull(in, "missing resource malformed/" + name);
            StringBuilder hex = new StringBuilder();
            for (String line : new String(in.readAllBytes(), StandardCharsets.US_ASCII).split("\n")) {
                if (!line.startsWith("#")) {
                    hex.append(line).append(' ');
                }
            }
            return Hex.bytes(hex.toString());
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    /** Replays an input: only a DecodeException (or nothing) may come out, with every cursor invariant kept. */
    static void replay(InputBackend in, byte[] bytes) {
        for (DecodeOptions options : new DecodeOptions[] {DecodeOptions.DEFAULT, DecodeOptions.STRICT}) {
            try (InputBackend.Source src = in.open(bytes, options)) {
                src.decoder().decode(new Exerciser(bytes, null, null));
            } catch (DecodeException expected) {
                // malformed input may end this way, and only this way
            }
        }
    }

    @ParameterizedTest
    @EnumSource(InputBackend.class)
    void shouldNotGiveAnArrayTheRestOfTheInputAsItsEncodedSize(InputBackend in) {
        byte[] bytes = resource("array-begin-encoded-size.hex");
        replay(in, bytes);
        // at the top, in a list, and as an array element (whose copy gets the shared constructor)
        assertArrayBegins(in, bytes, List.of("0 5 E0 03 01 50 07"));
        assertArrayBegins(in, Hex.bytes("C0 07 02 E0 03 01 50 07 40"), List.of("3 5 E0 03 01 50 07"));
        assertArrayBegins(in, Hex.bytes("E0 06 01 E0 03 01 50 07 40"),
            List.of("0 8 E0 06 01 E0 03 01 50 07", "4 4 E0 03 01 50 07"));
    }

    private void assertArrayBegins(InputBackend in, byte[] bytes, List<String> expected) {
        List<String> seen = new ArrayList<>();
        try (InputBackend.Source src = in.open(bytes)) {
            src.decoder().decode(new DataHandler() {
                @Override
                public void onArrayBegin(Decoder d) {
                    ByteArrayEncoder copy = new ByteArrayEncoder(EncoderFlavour.FAST);
                    d.copyEncodedTo(copy);
                    seen.add(d.offset() + " " + d.encodedSize() + " " + Hex.text(copy.toByteArray()));
                }
            });
        }
        assertEquals(expected, seen, in + " " + Hex.text(bytes));
    }
}
