package org.amqpcodec.impl.golden;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

import org.amqpcodec.api.DataHandler;
import org.amqpcodec.api.DecodeError;
import org.amqpcodec.api.DecodeException;
import org.amqpcodec.api.Decoder;
import org.amqpcodec.api.FormatCode;
import org.amqpcodec.api.Type;
import org.amqpcodec.impl.ScanningDecoder;
import org.amqpcodec.impl.golden.GoldenVectors.Vector;
import org.amqpcodec.impl.testing.Hex;
import org.amqpcodec.impl.testing.InputBackend;
import org.amqpcodec.impl.testing.Val;
import org.amqpcodec.impl.testing.ValBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Decodes every golden vector of {@code golden/decode.txt} on every input backend and compares the values with the
 * expected text; on the way, checks the cursor in every callback against the bytes (format code, offset, encoded
 * size, depth, element constructor).
 */
class GoldenDecodeTest {

    static Stream<Arguments> vectorsOnEveryInput() {
        List<Arguments> args = new ArrayList<>();
        for (Vector v : GoldenVectors.all()) {
            for (InputBackend in : InputBackend.values()) {
                args.add(Arguments.of(v, in));
            }
        }
        return args.stream();
    }

    static Stream<Vector> vectors() {
        return GoldenVectors.all().stream();
    }

    @ParameterizedTest(name = "{0} on {1}")
    @MethodSource("vectorsOnEveryInput")
    void shouldDecodeTheExpectedValues(Vector v, InputBackend in) {
        try (InputBackend.Source src = in.open(v.bytes)) {
            CheckingHandler h = new CheckingHandler(v.bytes);
            ScanningDecoder d = src.decoder();
            assertTrue(d.decode(h), "decode() reaches the end");
            assertEquals(v.expected, GoldenVectors.text(h.values()), () -> v + ": " + Hex.text(v.bytes));
            assertEquals(v.bytes.length, d.position());
            assertEquals(0, d.remaining());
            assertEquals(0, h.open.size(), "every begin has its end");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("vectors")
    void shouldDecodeTheSameValuesOneTopLevelValueAtATime(Vector v) {
        for (InputBackend in : InputBackend.values()) {
            try (InputBackend.Source src = in.open(v.bytes)) {
                ScanningDecoder d = src.decoder();
                List<Val> values = new ArrayList<>();
                int position = 0;
                while (true) {
                    ValBuilder b = new ValBuilder();
                    if (!d.decodeValue(b)) {
                        break;
                    }
                    values.add(b.single());
                    assertTrue(d.position() > position, "decodeValue() moves past one value");
                    position = d.position();
                }
                assertEquals(v.expected, GoldenVectors.text(values), in.name());
                assertEquals(v.bytes.length, d.position(), in.name());
            }
        }
    }

    @Test
    void shouldCoverEveryFormatCodeAsAValueAnElementAndADescriptor() {
        Set<String> seen = new TreeSet<>();
        for (Vector v : GoldenVectors.all()) {
            CheckingHandler h = new CheckingHandler(v.bytes);
            try (InputBackend.Source src = InputBackend.BYTE_ARRAY.open(v.bytes)) {
                src.decoder().decode(h);
            }
            seen.addAll(h.seen);
        }
        for (int code = 1; code <= 0xFF; code++) {
            if (FormatCode.isDefined(code)) {
                assertTrue(seen.contains("value " + FormatCode.describe(code)), "value " + FormatCode.describe(code));
                assertTrue(seen.contains("element " + FormatCode.describe(code)),
                    "element " + FormatCode.describe(code));
            }
        }
        for (int code : new int[] {FormatCode.ULONG0, FormatCode.SMALLULONG, FormatCode.ULONG, FormatCode.SYM8,
            FormatCode.SYM32}) {
            assertTrue(seen.contains("descriptor " + FormatCode.describe(code)), FormatCode.describe(code));
        }
        assertTrue(seen.contains("described value"));
        assertTrue(seen.contains("element descriptor"));
    }

    @Test
    void shouldHaveAVectorForEveryReferenceWorkedExample() {
        // §3.2, §3.3, §3.4 and §6.3 of the reference, by the names used in decode.txt
        for (String name : new String[] {"list8-uint0-ulong0", "list32-uint0-ulong0", "map32-sym-uint", "map8-empty",
            "str8-255-ascii", "str32-256-ascii", "array8-symbols", "array8-booleans", "array8-3-nulls",
            "described-book", "array8-received", "array8-accepted-list0", "array32-lists-with-empty",
            "array32-arrays", "array8-empty-null", "array8-empty-sym8", "array32-empty-described", "open",
            "sasl-init", "disposition", "message-header-data", "accepted-symbolic"}) {
            assertTrue(GoldenVectors.named(name).bytes.length > 0, name);
        }
    }

    /**
     * The reference's §6.3 prints the disposition body as {@code 00 53 15 C0 08 05 41 43 40 41 00 53 24 45}: its
     * list8 size 08 is one short of its five items (1 + 8 bytes), so the last item runs past the list. The golden
     * file holds the corrected bytes ({@code C0 09}); the bytes as printed are a size mismatch.
     */
    @ParameterizedTest
    @EnumSource(InputBackend.class)
    void shouldRejectTheReferenceDispositionAsPrinted(InputBackend in) {
        byte[] printed = Hex.bytes("00 53 15 C0 08 05 41 43 40 41 00 53 24 45");
        try (InputBackend.Source src = in.open(printed)) {
            ValBuilder b = new ValBuilder();
            DecodeException e = assertThrows(DecodeException.class, () -> src.decoder().decode(b));
            assertEquals(DecodeError.SIZE_MISMATCH, e.error());
            assertTrue(b.values().isEmpty());
        }
    }

    @ParameterizedTest
    @EnumSource(InputBackend.class)
    void shouldDecodeEmptyInputToNothing(InputBackend in) {
        try (InputBackend.Source src = in.open(new byte[0])) {
            ValBuilder b = new ValBuilder();
            ScanningDecoder d = src.decoder();
            assertTrue(d.decode(b));
            assertTrue(b.values().isEmpty());
            assertEquals(0, d.position());
            assertFalse(src.decoder().decodeValue(b));
        }
    }

    /**
     * A {@link ValBuilder} that checks the cursor in every callback against the input bytes.
     */
    static final class CheckingHandler implements DataHandler {
        private final byte[] bytes;
        private final ValBuilder builder = new ValBuilder();
        /** Open compounds: for arrays the element constructor, else -1; and the begin callback's encoded size. */
        final Deque<int[]> open = new ArrayDeque<>();
        final Set<String> seen = new TreeSet<>();

        CheckingHandler(byte[] bytes) {
            this.bytes = bytes;
        }

        List<Val> values() {
            return builder.values();
        }

        private int u8(int i) {
            return bytes[i] & 0xFF;
        }

        private long u32(int i) {
            return ((long) u8(i) << 24) | (u8(i + 1) << 16) | (u8(i + 2) << 8) | u8(i + 3);
        }

        /** The size of a value (with its constructor) or of an element body (without), read from the bytes. */
        private long extent(int code, int at, boolean withConstructor) {
            int p = withConstructor ? at + 1 : at;
            switch (code >>> 4) {
                case 0xA: case 0xC: case 0xE:
                    return p + 1 + u8(p) - at;
                case 0xB: case 0xD: case 0xF:
                    return p + 4 + u32(p) - at;
                default:
                    return p + FormatCode.width(code) - at;
            }
        }

        private void check(Decoder d, String what) {
            int code = d.formatCode();
            String where = what + " " + FormatCode.describe(code) + " at " + d.offset();
            assertEquals(Type.ofFormatCode(code), d.type(), where);
            assertTrue(d.offset() >= 0 && d.offset() + d.encodedSize() <= bytes.length, where);
            if (d.isArrayElement()) {
                int[] array = open.peek();
                assertEquals(array[0], code, where + ": the array's element constructor");
                assertEquals(extent(code, d.offset(), false), d.encodedSize(), where + ": element size");
                if (d.index() == 0) {
                    assertEquals(code, u8(d.offset() - 1), where + ": the first body follows the constructor");
                }
                seen.add("element " + FormatCode.describe(code));
            } else {
                assertEquals(code, u8(d.offset()), where + ": the byte at offset()");
                assertEquals(extent(code, d.offset(), true), d.encodedSize(), where + ": encoded size");
                seen.add((d.isDescriptor() ? "descriptor " : "value ") + FormatCode.describe(code));
            }
        }

        private void checkDepth(Decoder d, String what) {
            assertEquals(open.size(), d.depth(), what + " depth at " + d.offset());
        }

        @Override
        public void onPrimitive(Decoder d) {
            check(d, "primitive");
            checkDepth(d, "primitive");
            assertFalse(d.isDescriptor());
            builder.onPrimitive(d);
        }

        @Override
        public void onDescriptor(Decoder d) {
            check(d, "descriptor");
            assertTrue(d.isDescriptor());
            assertFalse(d.isArrayElement());
            if (d.index() == -1) {
                seen.add("element descriptor");
            } else {
                checkDepth(d, "descriptor");
                seen.add("described value");
            }
            builder.onDescriptor(d);
        }

        private void begin(Decoder d, String what) {
            check(d, what);
            checkDepth(d, what);
            open.push(new int[] {d.type() == Type.ARRAY ? d.elementFormatCode() : -1, d.encodedSize(), d.offset()});
        }

        private void end(Decoder d, String what) {
            int[] o = open.pop();
            check(d, what);
            checkDepth(d, what);
            assertEquals(o[2], d.offset(), what + ": the same offset as at its begin");
            assertEquals(o[1], d.encodedSize(), what + ": the same encoded size as at its begin");
        }

        @Override
        public void onListBegin(Decoder d) {
            begin(d, "list");
            builder.onListBegin(d);
        }

        @Override
        public void onListEnd(Decoder d) {
            end(d, "list end");
            builder.onListEnd(d);
        }

        @Override
        public void onMapBegin(Decoder d) {
            begin(d, "map");
            assertEquals(0, d.count() & 1, "maps hold pairs");
            builder.onMapBegin(d);
        }

        @Override
        public void onMapEnd(Decoder d) {
            end(d, "map end");
            builder.onMapEnd(d);
        }

        @Override
        public void onArrayBegin(Decoder d) {
            begin(d, "array");
            assertEquals(Type.ofFormatCode(d.elementFormatCode()), d.elementType());
            builder.onArrayBegin(d);
        }

        @Override
        public void onArrayEnd(Decoder d) {
            end(d, "array end");
            builder.onArrayEnd(d);
        }
    }
}
