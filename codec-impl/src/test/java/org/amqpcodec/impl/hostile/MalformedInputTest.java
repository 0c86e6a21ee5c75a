package org.amqpcodec.impl.hostile;

import static org.amqpcodec.impl.hostile.Hostile.NONE;
import static org.amqpcodec.impl.hostile.Hostile.assertError;
import static org.amqpcodec.impl.hostile.Hostile.decodeError;
import static org.amqpcodec.impl.hostile.Hostile.decodeOk;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

import org.amqpcodec.api.DataHandler;
import org.amqpcodec.api.DecodeError;
import org.amqpcodec.api.DecodeException;
import org.amqpcodec.api.DecodeOptions;
import org.amqpcodec.api.Decoder;
import org.amqpcodec.api.FormatCode;
import org.amqpcodec.api.Type;
import org.amqpcodec.impl.ByteArrayDecoder;
import org.amqpcodec.impl.ByteArrayEncoder;
import org.amqpcodec.impl.ByteBufferDecoder;
import org.amqpcodec.impl.EncoderFlavour;
import org.amqpcodec.impl.ScanningDecoder;
import org.amqpcodec.impl.testing.EveryValue;
import org.amqpcodec.impl.testing.Hex;
import org.amqpcodec.impl.testing.InputBackend;
import org.amqpcodec.impl.testing.Val;
import org.amqpcodec.impl.testing.ValGen;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Crafted malformed inputs, one for every way the type system can be broken, each with the exact error it must end
 * in: kind, offset, format code and (for truncation) the bytes missing; on every input backend. Errors that only
 * strict mode reports are also decoded leniently, which must accept them.
 */
class MalformedInputTest {

    private static final DecodeOptions LENIENT = DecodeOptions.DEFAULT;
    private static final DecodeOptions STRICT = DecodeOptions.STRICT;

    /** A malformed input and the error it ends in. */
    static final class Bad {
        final String hex;
        final DecodeError error;
        final long offset;
        final int code;
        final long missing;

        Bad(String hex, DecodeError error, long offset, int code, long missing) {
            this.hex = hex;
            this.error = error;
            this.offset = offset;
            this.code = code;
            this.missing = missing;
        }

        @Override
        public String toString() {
            return hex + " -> " + error + " at " + offset;
        }
    }

    static Bad bad(String hex, DecodeError error, long offset, int code) {
        return new Bad(hex, error, offset, code, 0);
    }

    static Bad truncated(String hex, long offset, int code, long missing) {
        return new Bad(hex, DecodeError.TRUNCATED, offset, code, missing);
    }

    /** Every case on every backend. */
    static Stream<Arguments> everywhere(Bad... cases) {
        List<Arguments> out = new ArrayList<>();
        for (Bad b : cases) {
            for (InputBackend in : InputBackend.values()) {
                out.add(Arguments.of(b, in));
            }
        }
        return out.stream();
    }

    /** Cases that are malformed whatever the mode: both modes report the same error. */
    static void assertBothModes(Bad b, InputBackend in) {
        for (DecodeOptions options : new DecodeOptions[] {LENIENT, STRICT}) {
            DecodeException e = decodeError(in, b.hex, options);
            assertError(e, b.error, b.offset, b.code, b.missing, in + " " + options + ": " + b.hex);
        }
    }

    // ====================================================================== format codes

    @Nested
    class InvalidFormatCode {

        /** Where a constructor can stand, with {@code %s} for the code, and the offset it stands at. */
        private final String[][] places = {
            {"%s", "0"},                  // a top-level value
            {"40 %s", "1"},              // the second top-level value
            {"C0 02 01 %s", "3"},        // a list item
            {"D1 00000006 00000002 40 %s", "10"}, // a map value
            {"00 53 01 %s", "3"},        // a described value
            {"00 %s 40", "1"},           // a descriptor
            {"E0 02 01 %s", "3"},        // an array's element constructor
            {"E0 05 01 00 53 01 %s", "6"}, // a described array's element constructor
        };

        @ParameterizedTest
        @EnumSource(InputBackend.class)
        void shouldRejectEveryUndefinedCodeWhereverItStands(InputBackend in) {
            int undefined = 0;
            for (int code = 0; code < 256; code++) {
                if (FormatCode.isDefined(code)) {
                    continue;
                }
                undefined++;
                for (String[] place : places) {
                    String hex = String.format(place[0], String.format("%02X", code));
                    Bad b = bad(hex, DecodeError.INVALID_FORMAT_CODE, Integer.parseInt(place[1]), code);
                    if (in == InputBackend.BYTE_ARRAY) {
                        assertBothModes(b, in);
                    } else {
                        assertError(decodeError(in, hex, LENIENT), b.error, b.offset, b.code, 0, in + " " + hex);
                    }
                }
            }
            // 0x01-0x3F, and the reserved codes between the defined ones from 0x40 up
            assertEquals(256 - 40, undefined);
        }

        @ParameterizedTest
        @EnumSource(InputBackend.class)
        void shouldTreatEveryCodeAloneAsTheTableSays(InputBackend in) {
            for (int code = 0; code < 256; code++) {
                byte[] alone = {(byte) code};
                if (!FormatCode.isDefined(code)) {
                    assertError(decodeError(in, alone, LENIENT), DecodeError.INVALID_FORMAT_CODE, 0, code, 0,
                        in + " " + FormatCode.describe(code));
                    continue;
                }
                long needed = headerOrValueBytes(code);
                if (needed == 0) {
                    // 0x40-0x45: the code is the whole value
                    Exerciser h = decodeOk(in, alone, LENIENT, null);
                    assertTrue(h.callbacks() >= 1, FormatCode.describe(code));
                } else {
                    assertError(decodeError(in, alone, LENIENT), DecodeError.TRUNCATED, 0, code, needed,
                        in + " " + FormatCode.describe(code));
                }
            }
        }

        /** What a lone constructor lacks: its fixed bytes, its size field, or its size and count fields. */
        private long headerOrValueBytes(int code) {
            if (code == FormatCode.DESCRIBED) {
                return 1; // at least the descriptor's constructor
            }
            int width = FormatCode.width(code);
            int high = code >>> 4;
            boolean compound = high >= 0xC;
            return compound ? 2L * width : width;
        }
    }

    // ====================================================================== truncation

    @Nested
    class Truncated {

        static Stream<Arguments> cases() {
            return everywhere(
                truncated("A1", 0, 0xA1, 1),
                truncated("A1 05 61 62", 0, 0xA1, 3),
                truncated("A0 02 01", 0, 0xA0, 1),
                truncated("A3 03 61", 0, 0xA3, 2),
                truncated("B1 00 00", 0, 0xB1, 2),
                truncated("B1 00 00 00 10 61", 0, 0xB1, 15),
                truncated("B0 00 00 01 00", 0, 0xB0, 256),
                truncated("B3 00 00 00", 0, 0xB3, 1),
                truncated("56", 0, 0x56, 1),
                truncated("71 00 00", 0, 0x71, 2),
                truncated("94", 0, 0x94, 16),
                truncated("98 00 00 00 00 00 00 00 00 00 00", 0, 0x98, 6),
                truncated("C0", 0, 0xC0, 2),
                truncated("C0 01", 0, 0xC0, 1),
                truncated("C0 05 02 40", 0, 0xC0, 3),
                truncated("D0 00 00 00 08 00 00 00 01 40", 0, 0xD0, 3),
                truncated("D1 00 00", 0, 0xD1, 6),
                truncated("E0 04 02 A3 01", 0, 0xE0, 1),
                truncated("E0 04 01 00 53", 0, 0xE0, 1),
                truncated("F0 00", 0, 0xF0, 7),
                // described values: reported at their 0x00, where a streaming reader resumes; what is missing is
                // the descriptor's constructor, then the descriptor, then the value
                truncated("00", 0, 0x00, 1),
                truncated("00 53", 0, 0x00, 1),
                truncated("00 80 00 00", 0, 0x00, 6),
                truncated("00 A3 05 61 62", 0, 0x00, 3),
                truncated("00 53 01", 0, 0x00, 1),
                truncated("00 53 01 00 53 02 C0 04", 0, 0x00, 4),
                // a later top-level value: its own offset
                truncated("40 A1 03 61", 1, 0xA1, 2),
                truncated("C0 01 00 71 00", 3, 0x71, 3));
        }

        @ParameterizedTest
        @MethodSource("cases")
        void shouldReportTheValueAndTheMissingBytes(Bad b, InputBackend in) {
            assertBothModes(b, in);
        }

        @ParameterizedTest
        @EnumSource(InputBackend.class)
        void shouldReportTruncationOfEveryValidValueAtEveryLength(InputBackend in) {
            for (byte[] full : samples()) {
                int code = full[0] & 0xFF;
                for (int length = 1; length < full.length; length++) {
                    byte[] cut = Arrays.copyOf(full, length);
                    long missing = missing(code, full.length, length);
                    assertError(decodeError(in, cut, LENIENT), DecodeError.TRUNCATED, 0, code, missing,
                        in + " " + Hex.text(full) + " cut to " + length);
                }
            }
        }

        @ParameterizedTest
        @EnumSource(InputBackend.class)
        void shouldLetAStreamingReaderWaitForTheMissingBytes(InputBackend in) {
            // a reader that waits for missingBytes() more and decodes again never waits for too many, and gets there
            for (byte[] full : samples()) {
                for (int length = 1; length < full.length; length += 1 + length / 8) {
                    int have = length;
                    int rounds = 0;
                    while (have < full.length) {
                        byte[] prefix = concat(Hex.bytes("40"), Arrays.copyOf(full, have));
                        try (InputBackend.Source src = in.open(prefix, LENIENT)) {
                            Decoder d = src.decoder();
                            DecodeException e = assertThrows(DecodeException.class,
                                () -> d.decode(new DataHandler() { }));
                            String context = Hex.text(full) + " cut to " + have + ": " + e.getMessage();
                            assertEquals(DecodeError.TRUNCATED, e.error(), context);
                            // the value before it is done with; the scan stands at the value that failed
                            assertEquals(1, d.position(), context);
                            assertTrue(e.missingBytes() >= 1 && have + e.missingBytes() <= full.length, context);
                            have += (int) e.missingBytes();
                        }
                        assertTrue(++rounds <= 2, "a value is complete after its header and then its body");
                    }
                    try (InputBackend.Source src = in.open(concat(Hex.bytes("40"), full), LENIENT)) {
                        assertTrue(src.decoder().decode(new DataHandler() { }));
                    }
                }
            }
        }

        private byte[] concat(byte[] a, byte[] b) {
            byte[] out = Arrays.copyOf(a, a.length + b.length);
            System.arraycopy(b, 0, out, a.length, b.length);
            return out;
        }

        /**
         * What a value cut to {@code length} bytes lacks: once its size field is there, the rest of the value it
         * declares; before that, its size (and count) fields; for fixed widths, the rest of the value.
         */
        private long missing(int code, int full, int length) {
            int high = code >>> 4;
            if (high < 0xA) {
                return full - length;
            }
            int width = FormatCode.width(code);
            if (length >= 1 + width) {
                return full - length;
            }
            return (high >= 0xC ? 1 + 2 * width : 1 + width) - length;
        }

        private String ascii(String s) {
            return Hex.text(s.getBytes(StandardCharsets.US_ASCII));
        }

        /** Plain (not described) top-level values of every shape, in both encoder flavours. */
        private List<byte[]> samples() {
            List<byte[]> out = new ArrayList<>();
            for (EncoderFlavour flavour : EncoderFlavour.values()) {
                for (long seed = 0; seed < 12; seed++) {
                    ValGen gen = new ValGen(seed);
                    gen.maxItems = 4;
                    gen.maxDepth = 2;
                    Val v = gen.value().plain();
                    ByteArrayEncoder e = new ByteArrayEncoder(flavour);
                    v.encode(e);
                    out.add(Arrays.copyOf(e.array(), e.finish()));
                }
            }
            // the reference's book example, without its descriptor
            out.add(Hex.bytes("C0 40 03 A1 15" + ascii("AMQP for & by Dummies") + "E0 25 02 A1 0E"
                + ascii("Rob J. Godfrey") + "13" + ascii("Rafael H. Schloming") + "40"));
            out.add(Hex.bytes("F0 00000023 00000002 F0 0000000D 00000002 71 00000001 00000002 00000009 00000001 71"
                + " 00000003"));
            out.add(Hex.bytes("E0 0D 02 00 53 23 C0 03 02 43 44 03 02 43 44"));
            out.add(Hex.bytes("B1 00000003 E2 82 AC"));
            return out;
        }
    }

    // ====================================================================== sizes

    @Nested
    class SizeMismatch {

        static Stream<Arguments> cases() {
            return everywhere(
                // an item runs past the end of its compound
                bad("C0 03 01 A1 05 61 62 63 64 65", DecodeError.SIZE_MISMATCH, 3, 0xA1),
                bad("C0 02 01 71 00 00 00 01", DecodeError.SIZE_MISMATCH, 3, 0x71),
                bad("C0 04 01 C0 05 01 40 40 40 40", DecodeError.SIZE_MISMATCH, 3, 0xC0),
                bad("C0 0A 01 D0 FF FF FF FF 00 00 00 01 40", DecodeError.SIZE_MISMATCH, 3, 0xD0),
                bad("E0 04 01 A1 05 61 62 63 64 65", DecodeError.SIZE_MISMATCH, 4, 0xA1),
                bad("E0 05 01 C0 05 00 40 40", DecodeError.SIZE_MISMATCH, 4, 0xC0),
                bad("C0 02 01 00 53 01", DecodeError.SIZE_MISMATCH, 3, 0x00),
                bad("C0 03 01 00 53 01", DecodeError.SIZE_MISMATCH, 4, 0x53),
                bad("C0 04 01 00 53 01 40", DecodeError.SIZE_MISMATCH, 6, NONE),
                // the items end before the declared size does
                bad("C0 03 01 40 40", DecodeError.SIZE_MISMATCH, 0, 0xC0),
                bad("D0 00000006 00000001 40 40", DecodeError.SIZE_MISMATCH, 0, 0xD0),
                bad("C1 05 02 A3 00 40 40", DecodeError.SIZE_MISMATCH, 0, 0xC1),
                bad("E0 05 02 50 01 02 03", DecodeError.SIZE_MISMATCH, 0, 0xE0),
                bad("E0 07 01 71 00000001 40", DecodeError.SIZE_MISMATCH, 0, 0xE0),
                bad("E0 06 01 C0 03 01 40 40", DecodeError.SIZE_MISMATCH, 4, 0xC0),
                bad("C0 06 01 C0 02 01 40 40", DecodeError.SIZE_MISMATCH, 0, 0xC0),
                // a size too small for the count field (and, for arrays, the element constructor)
                bad("C0 00 40", DecodeError.SIZE_MISMATCH, 0, 0xC0),
                bad("C1 00 40", DecodeError.SIZE_MISMATCH, 0, 0xC1),
                bad("D0 00000003 000000 40", DecodeError.SIZE_MISMATCH, 0, 0xD0),
                bad("D1 00000002 00000000", DecodeError.SIZE_MISMATCH, 0, 0xD1),
                bad("E0 00 00", DecodeError.SIZE_MISMATCH, 0, 0xE0),
                // ... also where the input ends: the size says the value is complete, so no more bytes can help
                bad("C0 00", DecodeError.SIZE_MISMATCH, 0, 0xC0),
                bad("C1 00", DecodeError.SIZE_MISMATCH, 0, 0xC1),
                bad("D0 00000003 000000", DecodeError.SIZE_MISMATCH, 0, 0xD0),
                bad("D1 00000000", DecodeError.SIZE_MISMATCH, 0, 0xD1),
                bad("E0 00", DecodeError.SIZE_MISMATCH, 0, 0xE0),
                bad("F0 00000003 000000", DecodeError.SIZE_MISMATCH, 0, 0xF0),
                bad("40 C0 00", DecodeError.SIZE_MISMATCH, 1, 0xC0),
                // an array without an element constructor
                bad("E0 01 00", DecodeError.SIZE_MISMATCH, 0, 0xE0),
                bad("F0 00000004 00000000", DecodeError.SIZE_MISMATCH, 0, 0xF0),
                bad("C0 04 01 E0 01 00", DecodeError.SIZE_MISMATCH, 3, 0xE0),
                // a described element constructor cut by the array's size
                bad("E0 02 00 00", DecodeError.SIZE_MISMATCH, 0, 0xE0),
                bad("E0 03 00 00 53", DecodeError.SIZE_MISMATCH, 4, 0x53),
                bad("E0 04 00 00 53 01", DecodeError.SIZE_MISMATCH, 0, 0xE0));
        }

        @ParameterizedTest
        @MethodSource("cases")
        void shouldReportTheOffendingValue(Bad b, InputBackend in) {
            assertBothModes(b, in);
        }
    }

    @Nested
    class CountExceedsSize {

        static Stream<Arguments> cases() {
            return everywhere(
                bad("C0 02 05 40", DecodeError.COUNT_EXCEEDS_SIZE, 0, 0xC0),
                bad("D0 00000005 00000002 40", DecodeError.COUNT_EXCEEDS_SIZE, 0, 0xD0),
                bad("D0 00000005 FFFFFFFF 40", DecodeError.COUNT_EXCEEDS_SIZE, 0, 0xD0),
                bad("D0 00000004 7FFFFFFF", DecodeError.COUNT_EXCEEDS_SIZE, 0, 0xD0),
                bad("C1 03 04 40 40", DecodeError.COUNT_EXCEEDS_SIZE, 0, 0xC1),
                bad("D1 00000006 00000004 40 40", DecodeError.COUNT_EXCEEDS_SIZE, 0, 0xD1),
                bad("C0 05 01 C0 02 05 40", DecodeError.COUNT_EXCEEDS_SIZE, 3, 0xC0),
                // arrays of fixed-width elements
                bad("E0 04 02 71 00 00", DecodeError.COUNT_EXCEEDS_SIZE, 0, 0xE0),
                bad("F0 00000007 00000002 71 00 00", DecodeError.COUNT_EXCEEDS_SIZE, 0, 0xF0),
                bad("F0 00000006 FFFFFFFF 50 00", DecodeError.COUNT_EXCEEDS_SIZE, 0, 0xF0),
                bad("E0 06 02 00 53 01 71 00", DecodeError.COUNT_EXCEEDS_SIZE, 0, 0xE0),
                // of variable-width elements (at least a size field each)
                bad("E0 04 03 A1 00 00", DecodeError.COUNT_EXCEEDS_SIZE, 0, 0xE0),
                bad("F0 00000009 00000002 B1 00000000", DecodeError.COUNT_EXCEEDS_SIZE, 0, 0xF0),
                bad("F0 00000009 FFFFFFFF B3 00000000", DecodeError.COUNT_EXCEEDS_SIZE, 0, 0xF0),
                // of compound elements (at least size and count fields each)
                bad("E0 04 02 C0 01 00", DecodeError.COUNT_EXCEEDS_SIZE, 0, 0xE0),
                bad("F0 0000000D 00000002 D0 00000004 00000000", DecodeError.COUNT_EXCEEDS_SIZE, 0, 0xF0),
                bad("E0 05 02 E0 02 00 40", DecodeError.COUNT_EXCEEDS_SIZE, 0, 0xE0),
                bad("F0 00000009 00000002 F0 00000000", DecodeError.COUNT_EXCEEDS_SIZE, 0, 0xF0),
                // an array element's own count
                bad("E0 05 01 C0 02 05 40", DecodeError.COUNT_EXCEEDS_SIZE, 4, 0xC0));
        }

        @ParameterizedTest
        @MethodSource("cases")
        void shouldRejectCountsThatCannotFit(Bad b, InputBackend in) {
            assertBothModes(b, in);
        }
    }

    // ====================================================================== described values

    @Nested
    class Described {

        static Stream<Arguments> cases() {
            return everywhere(
                bad("00 00 53 01 53 02 40", DecodeError.INVALID_DESCRIPTOR, 1, 0x00),
                bad("C0 06 01 00 00 53 01 40", DecodeError.INVALID_DESCRIPTOR, 4, 0x00),
                bad("E0 05 00 00 00 53 01", DecodeError.INVALID_DESCRIPTOR, 4, 0x00),
                bad("00 01 40", DecodeError.INVALID_FORMAT_CODE, 1, 0x01),
                bad("00 FF 40", DecodeError.INVALID_FORMAT_CODE, 1, 0xFF),
                truncated("00", 0, 0x00, 1),
                truncated("00 A3 05 61 62", 0, 0x00, 3),
                truncated("00 53 01", 0, 0x00, 1),
                bad("C0 04 01 00 53 01 40", DecodeError.SIZE_MISMATCH, 6, NONE));
        }

        @ParameterizedTest
        @MethodSource("cases")
        void shouldRejectBrokenDescriptors(Bad b, InputBackend in) {
            assertBothModes(b, in);
        }

        @ParameterizedTest
        @EnumSource(InputBackend.class)
        void shouldDeliverDescriptorsBeforeTheErrorInTheValue(InputBackend in) {
            List<String> seen = new ArrayList<>();
            DataHandler record = new DataHandler() {
                @Override
                public void onDescriptor(Decoder d) {
                    seen.add("descriptor " + d.getUlong());
                }
            };
            byte[] bytes = Hex.bytes("00 53 01 00 53 02 01");
            try (InputBackend.Source src = in.open(bytes, LENIENT)) {
                DecodeException e = assertThrows(DecodeException.class,
                    () -> src.decoder().decode(new Exerciser(bytes, record, null)));
                assertError(e, DecodeError.INVALID_FORMAT_CODE, 6, 0x01, 0, in.toString());
            }
            assertEquals(List.of("descriptor 1", "descriptor 2"), seen);
        }
    }

    // ====================================================================== strict mode

    /** Malformed UTF-8: overlongs, surrogates, beyond U+10FFFF, cut sequences, stray continuation bytes. */
    static final String[] BAD_UTF8 = {
        "C0 80", "C1 BF", "E0 80 80", "E0 9F BF", "F0 80 80 80", "F0 8F BF BF",
        "ED A0 80", "ED AF BF", "ED B0 80", "ED BF BF", "ED A0 BD ED B8 80",
        "F4 90 80 80", "F5 80 80 80", "F7 BF BF BF", "F8 88 80 80 80", "FC 84 80 80 80 80", "FE", "FF",
        "C3", "E2 82", "F0 9F 98", "61 C3", "E2 82 41", "F0 9F 98 41", "C3 C3 A9",
        "80", "BF", "61 80 62", "C3 A9 A9",
    };

    /** Well-formed UTF-8 at the edges of each sequence length. */
    static final String[] GOOD_UTF8 = {
        "", "00", "7F", "C2 80", "DF BF", "E0 A0 80", "ED 9F BF", "EE 80 80", "EF BF BF", "F0 90 80 80",
        "F4 8F BF BF", "E2 82 AC F0 9F 98 80 61",
    };

    static String str8(String utf8) {
        return String.format("A1 %02X %s", Hex.bytes(utf8).length, utf8);
    }

    static Stream<Arguments> strictCases() {
        List<Bad> cases = new ArrayList<>();
        cases.add(bad("C1 02 01 40", DecodeError.ODD_MAP_COUNT, 0, 0xC1));
        cases.add(bad("C1 04 03 40 40 40", DecodeError.ODD_MAP_COUNT, 0, 0xC1));
        cases.add(bad("D1 00000005 00000001 40", DecodeError.ODD_MAP_COUNT, 0, 0xD1));
        cases.add(bad("C0 05 01 C1 02 01 40", DecodeError.ODD_MAP_COUNT, 3, 0xC1));
        cases.add(bad("E0 05 01 C1 02 01 40", DecodeError.ODD_MAP_COUNT, 4, 0xC1));
        for (String utf8 : BAD_UTF8) {
            cases.add(bad(str8(utf8), DecodeError.INVALID_UTF8, 0, 0xA1));
        }
        cases.add(bad("B1 00000002 C3 28", DecodeError.INVALID_UTF8, 0, 0xB1));
        cases.add(bad("C0 04 01 A1 01 80", DecodeError.INVALID_UTF8, 3, 0xA1));
        cases.add(bad("E0 06 02 A1 01 61 01 80", DecodeError.INVALID_UTF8, 6, 0xA1));
        cases.add(bad("A3 02 C3 A9", DecodeError.INVALID_SYMBOL, 0, 0xA3));
        cases.add(bad("A3 01 80", DecodeError.INVALID_SYMBOL, 0, 0xA3));
        cases.add(bad("B3 00000001 FF", DecodeError.INVALID_SYMBOL, 0, 0xB3));
        cases.add(bad("E0 06 02 A3 01 61 01 80", DecodeError.INVALID_SYMBOL, 6, 0xA3));
        cases.add(bad("00 A3 01 FF 40", DecodeError.INVALID_SYMBOL, 1, 0xA3));
        cases.add(bad("56 02", DecodeError.INVALID_VALUE, 0, 0x56));
        cases.add(bad("56 FF", DecodeError.INVALID_VALUE, 0, 0x56));
        cases.add(bad("E0 04 02 56 01 02", DecodeError.INVALID_VALUE, 5, 0x56));
        cases.add(bad("73 00110000", DecodeError.INVALID_VALUE, 0, 0x73));
        cases.add(bad("73 0000D800", DecodeError.INVALID_VALUE, 0, 0x73));
        cases.add(bad("73 0000DFFF", DecodeError.INVALID_VALUE, 0, 0x73));
        cases.add(bad("73 FFFFFFFF", DecodeError.INVALID_VALUE, 0, 0x73));
        cases.add(bad("73 80000000", DecodeError.INVALID_VALUE, 0, 0x73));
        cases.add(bad("E0 0A 02 73 00000041 0000DC00", DecodeError.INVALID_VALUE, 8, 0x73));
        cases.add(bad("00 A1 01 61 40", DecodeError.INVALID_DESCRIPTOR, 1, 0xA1));
        cases.add(bad("00 71 00000001 40", DecodeError.INVALID_DESCRIPTOR, 1, 0x71));
        cases.add(bad("00 52 01 40", DecodeError.INVALID_DESCRIPTOR, 1, 0x52));
        cases.add(bad("00 40 40", DecodeError.INVALID_DESCRIPTOR, 1, 0x40));
        cases.add(bad("00 45 40", DecodeError.INVALID_DESCRIPTOR, 1, 0x45));
        cases.add(bad("00 C0 01 00 40", DecodeError.INVALID_DESCRIPTOR, 1, 0xC0));
        cases.add(bad("E0 06 01 00 A1 01 61 40", DecodeError.INVALID_DESCRIPTOR, 4, 0xA1));
        return everywhere(cases.toArray(new Bad[0]));
    }

    @Nested
    class StrictOnly {

        @ParameterizedTest
        @MethodSource("org.amqpcodec.impl.hostile.MalformedInputTest#strictCases")
        void shouldBeRejectedInStrictMode(Bad b, InputBackend in) {
            assertError(decodeError(in, b.hex, STRICT), b.error, b.offset, b.code, 0, in + " strict: " + b.hex);
        }

        @ParameterizedTest
        @MethodSource("org.amqpcodec.impl.hostile.MalformedInputTest#strictCases")
        void shouldBeAcceptedInLenientMode(Bad b, InputBackend in) {
            Exerciser h = decodeOk(in, Hex.bytes(b.hex), LENIENT, null);
            assertTrue(h.callbacks() > 0, b.hex);
        }

        @ParameterizedTest
        @EnumSource(InputBackend.class)
        void shouldAcceptWellFormedUtf8AndUlongOrSymbolDescriptors(InputBackend in) {
            for (String utf8 : GOOD_UTF8) {
                byte[] bytes = Hex.bytes(str8(utf8));
                List<String> strings = new ArrayList<>();
                decodeOk(in, bytes, STRICT, new DataHandler() {
                    @Override
                    public void onString(Decoder d) {
                        strings.add(d.getString());
                    }
                });
                assertEquals(List.of(new String(Hex.bytes(utf8), StandardCharsets.UTF_8)), strings, utf8);
            }
            for (String ok : new String[] {"00 44 40", "00 53 01 40", "00 80 0000000000000001 40", "00 A3 01 61 40",
                "00 B3 00000001 61 40", "E0 06 01 00 A3 01 61 40", "56 00", "56 01", "73 0010FFFF", "73 0000D7FF",
                "73 0000E000", "C1 01 00", "A3 02 7F 00"}) {
                assertTrue(decodeOk(in, Hex.bytes(ok), STRICT, null).callbacks() > 0, ok);
            }
        }

        @ParameterizedTest
        @EnumSource(InputBackend.class)
        void shouldValidateUtf8AcrossEveryChunkBoundary(InputBackend in) {
            // backends without an array validate in chunks; a sequence may straddle any boundary
            for (int ascii = 8185; ascii <= 8193; ascii++) {
                byte[] good = str32(ascii, "F0 9F 98 80 E2 82 AC C3 A9 61");
                List<String> strings = new ArrayList<>();
                decodeOk(in, good, STRICT, new DataHandler() {
                    @Override
                    public void onString(Decoder d) {
                        strings.add(d.getString());
                    }
                });
                assertEquals(new String(good, 5, good.length - 5, StandardCharsets.UTF_8), strings.get(0));
                for (String tail : new String[] {"F0 9F 98", "F0 9F 98 41", "ED A0 80", "80", "C3"}) {
                    assertError(decodeError(in, str32(ascii, tail), STRICT), DecodeError.INVALID_UTF8, 0, 0xB1, 0,
                        in + " " + ascii + " + " + tail);
                }
            }
        }

        private byte[] str32(int ascii, String tail) {
            byte[] t = Hex.bytes(tail);
            byte[] b = new byte[5 + ascii + t.length];
            b[0] = (byte) 0xB1;
            ByteBuffer.wrap(b, 1, 4).putInt(ascii + t.length);
            Arrays.fill(b, 5, 5 + ascii, (byte) 'x');
            System.arraycopy(t, 0, b, 5 + ascii, t.length);
            return b;
        }

        /**
         * Every 1- and 2-byte string, and 3- and 4-byte ones over every lead and second byte, judged as the JDK's
         * reporting decoder does: in place on a byte[], and (every 8th, as it shares the validator) through the
         * chunked copy the other backends use.
         */
        @Test
        void shouldJudgeShortSequencesAsTheJdkDoes() {
            int[] tails = {0x41, 0x7F, 0x80, 0x9F, 0xA0, 0xBF, 0xC0};
            ByteArrayDecoder arrayDecoder = new ByteArrayDecoder(STRICT);
            ByteBufferDecoder bufferDecoder = new ByteBufferDecoder(STRICT);
            ByteBuffer direct = ByteBuffer.allocateDirect(16);
            DataHandler none = new DataHandler() { };
            byte[] bytes = new byte[16];
            bytes[0] = (byte) 0xA1;
            int checked = 0;
            int rejected = 0;
            for (int a = 0; a < 256; a++) {
                for (int b = -1; b < 256; b++) {
                    for (int c = -1; c < tails.length; c++) {
                        for (int last = -1; last < 2; last++) {
                            if (b < 0 && c >= 0 || c >= 0 && a < 0xE0 || last >= 0 && (c < 0 || a < 0xF0)) {
                                continue;
                            }
                            int n = 1;
                            bytes[2] = (byte) a;
                            if (b >= 0) {
                                bytes[2 + n++] = (byte) b;
                            }
                            if (c >= 0) {
                                bytes[2 + n++] = (byte) tails[c];
                            }
                            if (last >= 0) {
                                // the 4th byte either a good continuation or the 3rd's twin
                                bytes[2 + n++] = (byte) (last == 0 ? 0x80 : tails[c]);
                            }
                            bytes[1] = (byte) n;
                            int len = 2 + n;
                            boolean jdk = jdkAccepts(bytes, 2, n);
                            List<ScanningDecoder> decoders = new ArrayList<>(2);
                            decoders.add(arrayDecoder.wrap(bytes, 0, len));
                            if (checked % 8 == 0) {
                                direct.clear();
                                direct.put(bytes, 0, len).flip();
                                decoders.add(bufferDecoder.wrap(direct));
                            }
                            checked++;
                            rejected += jdk ? 0 : 1;
                            for (ScanningDecoder d : decoders) {
                                if (jdk) {
                                    assertTrue(d.decode(none));
                                } else {
                                    DecodeException e = assertThrows(DecodeException.class, () -> d.decode(none),
                                        () -> "accepted " + Hex.text(bytes, 0, len));
                                    assertError(e, DecodeError.INVALID_UTF8, 0, 0xA1, 0, Hex.text(bytes, 0, len));
                                }
                            }
                        }
                    }
                }
            }
            assertTrue(checked > 100_000 && rejected > checked / 2, checked + " checked, " + rejected + " rejected");
        }

        private final CharsetDecoder jdkDecoder = StandardCharsets.UTF_8.newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);

        private boolean jdkAccepts(byte[] utf8, int offset, int length) {
            try {
                jdkDecoder.decode(ByteBuffer.wrap(utf8, offset, length));
                return true;
            } catch (CharacterCodingException e) {
                return false;
            }
        }

    }

    @Nested
    class LenientReadings {

        @ParameterizedTest
        @EnumSource(InputBackend.class)
        void shouldDeliverAnOddMap(InputBackend in) {
            List<String> seen = new ArrayList<>();
            decodeOk(in, Hex.bytes("C1 04 01 A3 01 6B"), LENIENT, new DataHandler() {
                @Override
                public void onMapBegin(Decoder d) {
                    seen.add("map of " + d.count());
                }

                @Override
                public void onSymbol(Decoder d) {
                    seen.add((d.isMapKey() ? "key " : "value ") + d.getSymbol());
                }

                @Override
                public void onMapEnd(Decoder d) {
                    seen.add("end");
                }
            });
            assertEquals(List.of("map of 1", "key k", "end"), seen);
        }

        @ParameterizedTest
        @EnumSource(InputBackend.class)
        void shouldReadAnyNonZeroBooleanByteAsTrue(InputBackend in) {
            List<Boolean> seen = new ArrayList<>();
            decodeOk(in, Hex.bytes("56 02 56 FF 56 00 E0 05 03 56 80 01 00"), LENIENT, new DataHandler() {
                @Override
                public void onBoolean(Decoder d) {
                    seen.add(d.getBoolean());
                }
            });
            assertEquals(List.of(true, true, false, true, true, false), seen);
        }

        @ParameterizedTest
        @EnumSource(InputBackend.class)
        void shouldReplaceMalformedUtf8(InputBackend in) {
            List<String> seen = new ArrayList<>();
            decodeOk(in, Hex.bytes("A1 03 61 80 62 A1 04 ED A0 80 7A B1 00000001 C3"), LENIENT, new DataHandler() {
                @Override
                public void onString(Decoder d) {
                    String s = d.getString();
                    assertEquals(s, d.getCachedString());
                    seen.add(s);
                }
            });
            assertEquals(List.of("a\uFFFDb", new String(Hex.bytes("ED A0 80 7A"), StandardCharsets.UTF_8), "\uFFFD"),
                seen);
            assertTrue(seen.get(1).startsWith("\uFFFD") && seen.get(1).endsWith("z"), seen.get(1));
        }

        @ParameterizedTest
        @EnumSource(InputBackend.class)
        void shouldPassNonAsciiSymbolsAsLatin1ButNotAsSymbols(InputBackend in) {
            List<String> seen = new ArrayList<>();
            decodeOk(in, Hex.bytes("40 A3 02 C3 A9"), LENIENT, new DataHandler() {
                @Override
                public void onSymbol(Decoder d) {
                    seen.add(d.getString());
                    DecodeException e = assertThrows(DecodeException.class, d::getSymbol);
                    assertError(e, DecodeError.INVALID_SYMBOL, 1, 0xA3, 0, "getSymbol");
                }
            });
            assertEquals(List.of("\u00C3\u00A9"), seen);
        }

        @ParameterizedTest
        @EnumSource(InputBackend.class)
        void shouldPassCharsThatAreNotScalarValuesRaw(InputBackend in) {
            List<Integer> seen = new ArrayList<>();
            decodeOk(in, Hex.bytes("73 00110000 73 0000D800 73 FFFFFFFF"), LENIENT, new DataHandler() {
                @Override
                public void onChar(Decoder d) {
                    seen.add(d.getChar());
                }
            });
            assertEquals(List.of(0x110000, 0xD800, -1), seen);
        }

        @ParameterizedTest
        @EnumSource(InputBackend.class)
        void shouldSurfaceDescriptorsOfAnyType(InputBackend in) {
            List<String> seen = new ArrayList<>();
            decodeOk(in, Hex.bytes("00 A1 01 61 40 00 71 00000007 45 00 45 52 09"), LENIENT, new DataHandler() {
                @Override
                public void onDescriptor(Decoder d) {
                    Type t = d.type();
                    seen.add(t + (t == Type.STRING ? " " + d.getString() : t == Type.INT ? " " + d.getInt() : ""));
                }

                @Override
                public void onPrimitive(Decoder d) {
                    seen.add("value " + d.type());
                }

                @Override
                public void onListBegin(Decoder d) {
                    seen.add("value LIST");
                }
            });
            assertEquals(List.of("STRING a", "value NULL", "INT 7", "value LIST", "LIST", "value UINT"), seen);
        }
    }

    @Nested
    class GetterErrors {

        /** Runs {@code read} on the value at {@code offset} and returns what it threw. */
        private DecodeException getterError(InputBackend in, String hex, DecodeOptions options, int offset,
                                            java.util.function.Consumer<Decoder> read) {
            List<DecodeException> thrown = new ArrayList<>();
            decodeOk(in, Hex.bytes(hex), options, new EveryValue() {
                @Override
                protected void at(Decoder d) {
                    if (d.offset() == offset) {
                        thrown.add(assertThrows(DecodeException.class, () -> read.accept(d)));
                    }
                }
            });
            assertEquals(1, thrown.size(), hex);
            return thrown.get(0);
        }

        @ParameterizedTest
        @EnumSource(InputBackend.class)
        void shouldNameTheValueAGetterCannotAnswer(InputBackend in) {
            assertError(getterError(in, "40 A1 01 61", LENIENT, 1, Decoder::getInt), DecodeError.WRONG_TYPE, 1, 0xA1,
                0, "getInt on a string");
            assertError(getterError(in, "40 70 0000012C", LENIENT, 1, Decoder::getByte), DecodeError.OUT_OF_RANGE, 1,
                0x70, 0, "getByte on uint 300");
            assertError(getterError(in, "71 00000001", STRICT, 0, Decoder::getLong), DecodeError.WRONG_TYPE, 0, 0x71, 0,
                "strict getLong on an int");
            assertError(getterError(in, "E0 0A 02 71 00000001 00010000", LENIENT, 8, Decoder::getShort),
                DecodeError.OUT_OF_RANGE, 8, 0x71, 0, "getShort on an array element 65536");
            assertError(getterError(in, "A0 01 61", LENIENT, 0, Decoder::getString), DecodeError.WRONG_TYPE, 0, 0xA0, 0,
                "getString on binary");
            assertError(getterError(in, "A3 01 61", STRICT, 0, Decoder::getString), DecodeError.WRONG_TYPE, 0, 0xA3, 0,
                "strict getString on a symbol");
            assertError(getterError(in, "52 07", LENIENT, 0, Decoder::count), DecodeError.WRONG_TYPE, 0, 0x52, 0,
                "count() on a uint");
            assertError(getterError(in, "C0 01 00", LENIENT, 0, Decoder::elementType), DecodeError.WRONG_TYPE, 0, 0xC0,
                0, "elementType() on a list");
        }
    }

    // ====================================================================== limits

    @Nested
    class ZeroWidthArrays {

        @ParameterizedTest
        @EnumSource(InputBackend.class)
        void shouldRefuseBillionsOfNothingBeforeAnyCallback(InputBackend in) {
            for (int ctor = 0x40; ctor <= 0x45; ctor++) {
                String c = String.format("%02X", ctor);
                for (String hex : new String[] {"F0 00000005 FFFFFFFF " + c, "F0 00000005 00100001 " + c,
                    "F0 00000008 FFFFFFFF 00 53 24 " + c}) {
                    Counting counting = new Counting();
                    try (InputBackend.Source src = in.open(Hex.bytes(hex), LENIENT)) {
                        DecodeException e = assertThrows(DecodeException.class, () -> src.decoder().decode(counting));
                        assertError(e, DecodeError.LIMIT_EXCEEDED, 0, 0xF0, 0, in + " " + hex);
                        assertTrue(e.getMessage().contains("withMaxZeroWidthElements"), e.getMessage());
                    }
                    assertEquals(0, counting.callbacks, hex);
                }
            }
            assertError(decodeError(in, "C0 0B 01 F0 00000005 FFFFFFFF 40", LENIENT), DecodeError.LIMIT_EXCEEDED, 3,
                0xF0, 0, in.toString());
            assertError(decodeError(in, "F0 0000000E 00000001 F0 00000005 FFFFFFFF 40", LENIENT),
                DecodeError.LIMIT_EXCEEDED, 10, 0xF0, 0, in + " as an array element");
        }

        @ParameterizedTest
        @EnumSource(InputBackend.class)
        void shouldDecodeAThousandNulls(InputBackend in) {
            byte[] bytes = Hex.bytes("F0 00000005 000003E8 40");
            List<Integer> indexes = new ArrayList<>();
            decodeOk(in, bytes, LENIENT, new DataHandler() {
                @Override
                public void onNull(Decoder d) {
                    assertTrue(d.isArrayElement());
                    assertEquals(1, d.depth());
                    assertEquals(0, d.encodedSize());
                    indexes.add(d.index());
                }
            });
            assertEquals(1000, indexes.size());
            for (int i = 0; i < 1000; i++) {
                assertEquals(i, indexes.get(i));
            }
        }

        @ParameterizedTest
        @EnumSource(InputBackend.class)
        void shouldHonourMaxZeroWidthElements(InputBackend in) {
            byte[] thousand = Hex.bytes("F0 00000005 000003E8 40");
            assertEquals(1001, count(in, thousand, LENIENT.withMaxZeroWidthElements(1000)));
            assertError(decodeError(in, thousand, LENIENT.withMaxZeroWidthElements(999)), DecodeError.LIMIT_EXCEEDED, 0,
                0xF0, 0, in.toString());
            byte[] lists = Hex.bytes("E0 02 FF 45");
            assertEquals(1 + 255, count(in, lists, LENIENT.withMaxZeroWidthElements(255)));
            assertError(decodeError(in, lists, STRICT.withMaxZeroWidthElements(254)), DecodeError.LIMIT_EXCEEDED, 0,
                0xE0, 0, in.toString());
            byte[] empty = Hex.bytes("E0 02 00 40");
            assertEquals(2, decodeOk(in, empty, LENIENT.withMaxZeroWidthElements(0), null).callbacks());
            assertError(decodeError(in, "E0 02 01 40", LENIENT.withMaxZeroWidthElements(0)),
                DecodeError.LIMIT_EXCEEDED, 0, 0xE0, 0, in.toString());
        }
    }

    @Nested
    class Depth {

        @ParameterizedTest
        @EnumSource(InputBackend.class)
        void shouldStopAtTheCompoundBeyondMaxDepth(InputBackend in) {
            String three = "C0 07 01 C0 04 01 C0 01 00";
            assertEquals(6, decodeOk(in, Hex.bytes(three), LENIENT.withMaxDepth(3), null).callbacks());
            assertError(decodeError(in, three, LENIENT.withMaxDepth(2)), DecodeError.LIMIT_EXCEEDED, 6, 0xC0, 0,
                in.toString());
            assertError(decodeError(in, three, STRICT.withMaxDepth(1)), DecodeError.LIMIT_EXCEEDED, 3, 0xC0, 0,
                in.toString());
            // an array of arrays: the inner array is an element, reported at its first byte with the element code
            String arrays = "E0 06 01 E0 03 01 50 07";
            assertEquals(5, decodeOk(in, Hex.bytes(arrays), LENIENT.withMaxDepth(2), null).callbacks());
            assertError(decodeError(in, arrays, LENIENT.withMaxDepth(1)), DecodeError.LIMIT_EXCEEDED, 4, 0xE0, 0,
                in.toString());
        }
    }

    // ====================================================================== huge declared sizes

    @Nested
    class HugeDeclaredSizes {

        private final long[] sizes = {0xFFFF_FFFFL, 0xFFFF_FFF0L, 0x8000_0000L, 0x7FFF_FFFFL};
        private final int[] codes = {FormatCode.STR32_UTF8, FormatCode.VBIN32, FormatCode.SYM32, FormatCode.LIST32,
            FormatCode.MAP32, FormatCode.ARRAY32};

        /** The value with a 4-byte size, then what a well-formed one would have after it, then a few bytes. */
        private byte[] value(int code, long size) {
            ByteBuffer b = ByteBuffer.allocate(16);
            b.put((byte) code).putInt((int) size);
            if (code >= FormatCode.LIST32) {
                b.putInt(1); // count
                b.put((byte) (code == FormatCode.ARRAY32 ? FormatCode.STR32_UTF8 : FormatCode.NULL));
            }
            b.put((byte) 0x61).put((byte) 0x62);
            return Arrays.copyOf(b.array(), b.position());
        }

        @ParameterizedTest
        @EnumSource(InputBackend.class)
        void shouldReportTruncationAtTopLevel(InputBackend in) {
            for (int code : codes) {
                for (long size : sizes) {
                    byte[] bytes = value(code, size);
                    long missing = 5 + size - bytes.length;
                    assertError(decodeError(in, bytes, LENIENT), DecodeError.TRUNCATED, 0, code, missing,
                        in + " " + Hex.text(bytes));
                    assertError(decodeError(in, bytes, STRICT), DecodeError.TRUNCATED, 0, code, missing,
                        in + " " + Hex.text(bytes));
                    // as a descriptor: reported at the described value's 0x00
                    byte[] described = concat(Hex.bytes("00"), bytes);
                    assertError(decodeError(in, described, LENIENT), DecodeError.TRUNCATED, 0, 0x00, missing,
                        in + " " + Hex.text(described));
                }
            }
        }

        @ParameterizedTest
        @EnumSource(InputBackend.class)
        void shouldReportSizeMismatchWhenNested(InputBackend in) {
            for (int code : codes) {
                for (long size : sizes) {
                    byte[] v = value(code, size);
                    byte[] list8 = concat(new byte[] {(byte) 0xC0, (byte) (v.length + 1), 1}, v);
                    assertError(decodeError(in, list8, LENIENT), DecodeError.SIZE_MISMATCH, 3, code, 0,
                        in + " " + Hex.text(list8));
                    ByteBuffer header = ByteBuffer.allocate(9).put((byte) 0xD0).putInt(v.length + 4).putInt(1);
                    byte[] list32 = concat(header.array(), v);
                    assertError(decodeError(in, list32, STRICT), DecodeError.SIZE_MISMATCH, 9, code, 0,
                        in + " " + Hex.text(list32));
                    // as an array element: the element's body starts with the size
                    byte[] body = Arrays.copyOfRange(v, 1, v.length);
                    ByteBuffer array = ByteBuffer.allocate(10).put((byte) 0xF0).putInt(body.length + 5).putInt(1)
                        .put((byte) code);
                    byte[] array32 = concat(array.array(), body);
                    assertError(decodeError(in, array32, LENIENT), DecodeError.SIZE_MISMATCH, 10, code, 0,
                        in + " " + Hex.text(array32));
                }
            }
        }

        @ParameterizedTest
        @EnumSource(InputBackend.class)
        void shouldAllocateNothingSizedByTheDeclaration(InputBackend in) {
            assumeTrue(Hostile.allocationMeasurable(), "thread allocation counting not supported");
            List<byte[]> inputs = new ArrayList<>();
            for (int code : codes) {
                byte[] v = value(code, 0xFFFF_FFFFL);
                inputs.add(v);
                inputs.add(concat(new byte[] {(byte) 0xC0, (byte) (v.length + 1), 1}, v));
                inputs.add(concat(Hex.bytes("00 B3 FFFFFFFF"), v));
            }
            inputs.add(Hex.bytes("F0 00000005 FFFFFFFF 40"));
            inputs.add(Hex.bytes("D0 00000004 FFFFFFFF"));
            inputs.add(Hex.bytes("F0 00000006 FFFFFFFF 50 00"));
            for (byte[] bytes : inputs) {
                for (DecodeOptions options : new DecodeOptions[] {LENIENT, STRICT}) {
                    try (InputBackend.Source src = in.open(bytes, options)) {
                        Counting counting = new Counting();
                        long least = Long.MAX_VALUE;
                        for (int round = 0; round < 5; round++) { // the first rounds may load classes
                            ScanningDecoder d = src.decoder();
                            long before = Hostile.allocatedBytes();
                            assertThrows(DecodeException.class, () -> d.decode(counting));
                            least = Math.min(least, Hostile.allocatedBytes() - before);
                        }
                        long bound = 64 * 1024;
                        long allocated = least;
                        assertTrue(allocated < bound, () -> in + " allocated " + allocated + " bytes decoding "
                            + Hex.text(bytes));
                    }
                }
            }
        }

        private byte[] concat(byte[] a, byte[] b) {
            byte[] out = Arrays.copyOf(a, a.length + b.length);
            System.arraycopy(b, 0, out, a.length, b.length);
            return out;
        }
    }

    static int count(InputBackend in, byte[] bytes, DecodeOptions options) {
        try (InputBackend.Source src = in.open(bytes, options)) {
            Counting counting = new Counting();
            src.decoder().decode(counting);
            return counting.callbacks;
        }
    }

    /** Counts callbacks (not the end ones) and reads nothing. */
    static final class Counting extends EveryValue.AndDescriptors {
        int callbacks;

        @Override
        protected void at(Decoder d) {
            callbacks++;
        }
    }
}
