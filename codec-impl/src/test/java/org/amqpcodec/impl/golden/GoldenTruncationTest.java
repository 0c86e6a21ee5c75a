package org.amqpcodec.impl.golden;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

import org.amqpcodec.api.DataHandler;
import org.amqpcodec.api.DecodeError;
import org.amqpcodec.api.DecodeException;
import org.amqpcodec.api.Decoder;
import org.amqpcodec.impl.golden.GoldenVectors.Vector;
import org.amqpcodec.impl.testing.Hex;
import org.amqpcodec.impl.testing.InputBackend;
import org.amqpcodec.impl.testing.Val;
import org.amqpcodec.impl.testing.ValBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every strict prefix of every golden vector, on every input backend. What the decoder promises
 * ({@code DecodeException}, {@code ScanningDecoder.overrun}): a top-level value that runs past the end of the input
 * is {@link DecodeError#TRUNCATED} at the offset of that value's first byte (for a described value, its
 * {@code 0x00}), with {@code formatCode()} that byte and {@code missingBytes()} the number of bytes still needed
 * to read the next part of it that the available bytes do not hold completely: its constructor byte, its size
 * field (with a compound's count), its descriptor, or, once its size is known, its declared end. Values before it are delivered unchanged; nothing of
 * the cut value is delivered but what the available bytes hold (descriptors); a prefix that ends between two
 * top-level values decodes the values before the cut without error.
 */
class GoldenTruncationTest {

    static Stream<Vector> vectors() {
        return GoldenVectors.all().stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("vectors")
    void shouldReportTruncationAtEveryLength(Vector v) {
        byte[] bytes = v.bytes;
        int[] starts = topLevelStarts(bytes);
        Recorder full = new Recorder();
        try (InputBackend.Source src = InputBackend.BYTE_ARRAY.open(bytes)) {
            src.decoder().decode(full);
        }
        for (int n = 0; n < bytes.length; n++) {
            byte[] prefix = Arrays.copyOf(bytes, n);
            int cut = 0; // index of the top-level value the prefix cuts, or of the first one not started
            while (cut + 1 < starts.length && starts[cut + 1] <= n) {
                cut++;
            }
            boolean boundary = starts[cut] == n;
            long missing = boundary ? 0 : reach(bytes, starts[cut], n) - n;
            for (InputBackend in : InputBackend.values()) {
                String where = v + " cut to " + n + " bytes on " + in + ": " + Hex.text(prefix);
                Recorder r = new Recorder();
                try (InputBackend.Source src = in.open(prefix)) {
                    if (boundary) {
                        assertTrue(src.decoder().decode(r), where);
                    } else {
                        DecodeException e = assertThrows(DecodeException.class, () -> src.decoder().decode(r), where);
                        assertEquals(DecodeError.TRUNCATED, e.error(), where + ": " + e.getMessage());
                        assertEquals(starts[cut], e.offset(), where + ": " + e.getMessage());
                        assertEquals(bytes[starts[cut]] & 0xFF, e.formatCode(), where + ": " + e.getMessage());
                        assertTrue(missing > 0, where);
                        assertEquals(missing, e.missingBytes(), where + ": " + e.getMessage());
                    }
                }
                // the values before the cut, exactly; and nothing delivered that the full decode does not deliver
                assertEquals(full.values().subList(0, cut), r.values(), where);
                assertEquals(full.events.subList(0, r.events.size()), r.events, where);
            }
        }
    }

    @Test
    void shouldAskForTheWholeDeclaredBodyOnceTheHeaderIsThere() {
        // A1 05 68 65: the header says 7 bytes, 4 are there
        assertMissing("A1 05 68 65", 0, 3);
        // C0: the list8 header needs size and count before anything else; once the size is there, the whole list
        assertMissing("C0", 0, 2);
        assertMissing("C0 03", 0, 3);
        assertMissing("C0 03 02 43", 0, 1);
        // B1 00 00: the 4-byte size is incomplete
        assertMissing("B1 00 00", 0, 2);
        // a described value: its descriptor first, then the described value's constructor
        assertMissing("00", 0, 1);
        assertMissing("00 53", 0, 1);
        assertMissing("00 53 24", 0, 1);
        assertMissing("00 80 00 00", 0, 6);
        assertMissing("00 53 70 C0 02", 0, 2);
        // the second top-level value is the one cut
        assertMissing("40 71 00", 1, 3);
    }

    private static void assertMissing(String hex, long offset, long missing) {
        byte[] bytes = Hex.bytes(hex);
        for (InputBackend in : InputBackend.values()) {
            try (InputBackend.Source src = in.open(bytes)) {
                DecodeException e = assertThrows(DecodeException.class, () -> src.decoder().decode(new ValBuilder()));
                assertEquals(DecodeError.TRUNCATED, e.error(), hex);
                assertEquals(offset, e.offset(), hex + ": " + e.getMessage());
                assertEquals(missing, e.missingBytes(), hex + ": " + e.getMessage());
                assertEquals(bytes[(int) offset] & 0xFF, e.formatCode(), hex + ": " + e.getMessage());
                assertEquals(reach(bytes, (int) offset, bytes.length) - bytes.length, e.missingBytes(), hex);
            }
        }
    }

    /** The offsets of the top-level values of a complete input, and its length as the last entry. */
    static int[] topLevelStarts(byte[] bytes) {
        List<Integer> starts = new ArrayList<>();
        int p = 0;
        while (p < bytes.length) {
            starts.add(p);
            long e = reach(bytes, p, bytes.length);
            if (e > bytes.length) {
                throw new IllegalStateException("golden vector is itself truncated at " + p);
            }
            p = (int) e;
        }
        starts.add(bytes.length);
        return starts.stream().mapToInt(Integer::intValue).toArray();
    }

    /**
     * How far the decoder must be able to read for the (possibly described) value at {@code s} when only
     * {@code avail} bytes exist: the value's end if it is complete (at most {@code avail}), else the end of the first
     * part that is not (more than {@code avail}). Parts: the constructor byte; then a descriptor (a complete value);
     * then the header: its size field (1 or 4 bytes; a compound's missing size asks for size and count, 2 or 8);
     * then, once the size is there, the declared end.
     */
    static long reach(byte[] b, int s, int avail) {
        int p = s;
        while (true) {
            if (p >= avail) {
                return p + 1L;
            }
            if (b[p] != 0x00) {
                return plain(b, p, avail);
            }
            int d = p + 1;
            if (d < avail && (b[d] & 0xF0) >= 0xC0) {
                throw new IllegalStateException("the model does not cover compound descriptors (offset " + d + ")");
            }
            long e = plain(b, d, avail);
            if (e > avail) {
                return e;
            }
            p = (int) e;
        }
    }

    private static long plain(byte[] b, int p, int avail) {
        if (p >= avail) {
            return p + 1L;
        }
        int code = b[p] & 0xFF;
        switch (code >>> 4) {
            case 0x4: return p + 1L;
            case 0x5: return p + 2L;
            case 0x6: return p + 3L;
            case 0x7: return p + 5L;
            case 0x8: return p + 9L;
            case 0x9: return p + 17L;
            case 0xA:
                return p + 2L > avail ? p + 2L : p + 2L + (b[p + 1] & 0xFF);
            case 0xB:
                return p + 5L > avail ? p + 5L : p + 5L + u32(b, p + 1);
            case 0xC: case 0xE:
                return p + 2L > avail ? p + 3L : p + 2L + (b[p + 1] & 0xFF);
            case 0xD: case 0xF:
                return p + 5L > avail ? p + 9L : p + 5L + u32(b, p + 1);
            default:
                throw new IllegalStateException("not a constructor: " + code);
        }
    }

    private static long u32(byte[] b, int i) {
        return ((long) (b[i] & 0xFF) << 24) | ((b[i + 1] & 0xFF) << 16) | ((b[i + 2] & 0xFF) << 8) | (b[i + 3] & 0xFF);
    }

    /** Records every callback (with the value it carries) and rebuilds the complete top-level values. */
    static final class Recorder implements DataHandler {
        final List<String> events = new ArrayList<>();
        private final ValBuilder builder = new ValBuilder();

        List<Val> values() {
            return builder.values();
        }

        private void event(String what, Decoder d) {
            events.add(what + " " + d.formatCode() + " @" + d.offset() + "+" + d.encodedSize() + " d" + d.depth());
        }

        @Override
        public void onPrimitive(Decoder d) {
            events.add("primitive " + ValBuilder.primitive(d) + " @" + d.offset());
            builder.onPrimitive(d);
        }

        @Override
        public void onDescriptor(Decoder d) {
            events.add("descriptor " + ValBuilder.primitive(d) + " @" + d.offset());
            builder.onDescriptor(d);
        }

        @Override
        public void onListBegin(Decoder d) {
            event("list", d);
            builder.onListBegin(d);
        }

        @Override
        public void onListEnd(Decoder d) {
            event("list end", d);
            builder.onListEnd(d);
        }

        @Override
        public void onMapBegin(Decoder d) {
            event("map", d);
            builder.onMapBegin(d);
        }

        @Override
        public void onMapEnd(Decoder d) {
            event("map end", d);
            builder.onMapEnd(d);
        }

        @Override
        public void onArrayBegin(Decoder d) {
            event("array", d);
            builder.onArrayBegin(d);
        }

        @Override
        public void onArrayEnd(Decoder d) {
            event("array end", d);
            builder.onArrayEnd(d);
        }
    }
}
