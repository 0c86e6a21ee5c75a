package org.amqpcodec.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import org.amqpcodec.api.DataHandler;
import org.amqpcodec.api.DecodeError;
import org.amqpcodec.api.DecodeException;
import org.amqpcodec.api.Decoder;
import org.amqpcodec.api.Symbol;
import org.amqpcodec.api.Type;
import org.amqpcodec.impl.testing.Hex;
import org.amqpcodec.impl.testing.InputBackend;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The cursor a decoder hands to its handler: what it says about each value (type, code, offset, size, depth,
 * index, flags, count, element type), how the handler steers the scan (skip, stop, decodeValue), and how misuse
 * fails (reentrancy, cursor calls outside callbacks, handler exceptions). Every test runs on every input backend;
 * offsets are relative to the wrapped region although each backend puts the bytes between junk.
 *
 * <p>Expected cursor traces are written one callback per line:
 * {@code <callback> <type> <code> @<offset>+<encodedSize> d<depth> i<index> [key] [elem] [desc] [n<count>]
 * [of <elementType> <elementCode>]}.
 */
class DecoderCursorTest {

    /**
     * One value of each shape, offsets in the left column:
     * <pre>
     *  0 described (descriptor smallulong 0x70 at 1) list8 at 3: true, smallint -1, str8 "hi"
     * 13 map32: sym "k" -> int 5, list0 (a key) -> sym "l"
     * 34 array8 of 3 smalluint
     * 41 array8 of 2 lists described by smallulong 0x23 (element descriptor at 45)
     * 56 nested described: descriptor sym "x" at 57, descriptor smallulong 1 at 61, null at 63
     * </pre>
     */
    static final String SAMPLE = "00 53 70 C0 08 03 41 54 FF A1 02 68 69"
        + " D1 00000010 00000004 A3 01 6B 71 00000005 45 A3 01 6C"
        + " E0 05 03 52 01 02 03"
        + " E0 0D 02 00 53 23 C0 03 02 43 44 03 02 43 44"
        + " 00 A3 01 78 00 53 01 40";

    static final String SAMPLE_TRACE = """
        descriptor ULONG 53 @1+2 d0 i0 desc
        listBegin LIST C0 @3+10 d0 i0 n3
        boolean BOOLEAN 41 @6+1 d1 i0
        int INT 54 @7+2 d1 i1
        string STRING A1 @9+4 d1 i2
        listEnd LIST C0 @3+10 d0 i0 n3
        mapBegin MAP D1 @13+21 d0 i1 n4
        symbol SYMBOL A3 @22+3 d1 i0 key
        int INT 71 @25+5 d1 i1
        listBegin LIST 45 @30+1 d1 i2 key n0
        listEnd LIST 45 @30+1 d1 i2 key n0
        symbol SYMBOL A3 @31+3 d1 i3
        mapEnd MAP D1 @13+21 d0 i1 n4
        arrayBegin ARRAY E0 @34+7 d0 i2 n3 of UINT 52
        uint UINT 52 @38+1 d1 i0 elem
        uint UINT 52 @39+1 d1 i1 elem
        uint UINT 52 @40+1 d1 i2 elem
        arrayEnd ARRAY E0 @34+7 d0 i2 n3 of UINT 52
        arrayBegin ARRAY E0 @41+15 d0 i3 n2 of LIST C0
        descriptor ULONG 53 @45+2 d1 i-1 desc
        listBegin LIST C0 @48+4 d1 i0 elem n2
        uint UINT 43 @50+1 d2 i0
        ulong ULONG 44 @51+1 d2 i1
        listEnd LIST C0 @48+4 d1 i0 elem n2
        listBegin LIST C0 @52+4 d1 i1 elem n2
        uint UINT 43 @54+1 d2 i0
        ulong ULONG 44 @55+1 d2 i1
        listEnd LIST C0 @52+4 d1 i1 elem n2
        arrayEnd ARRAY E0 @41+15 d0 i3 n2 of LIST C0
        descriptor SYMBOL A3 @57+3 d0 i4 desc
        descriptor ULONG 53 @61+2 d0 i4 desc
        null NULL 40 @63+1 d0 i4
        """;

    /** Records the cursor in every callback; optionally skips or stops at {@code <callback>@<offset>}. */
    static class Trace implements DataHandler {
        final List<String> lines = new ArrayList<>();
        String skipAt;
        String stopAt;
        boolean skipPrimitives;

        Trace() {
        }

        static Trace skipAt(String at) {
            Trace t = new Trace();
            t.skipAt = at;
            return t;
        }

        static Trace stopAt(String at) {
            Trace t = new Trace();
            t.stopAt = at;
            return t;
        }

        String text() {
            StringBuilder sb = new StringBuilder();
            lines.forEach(l -> sb.append(l).append('\n'));
            return sb.toString();
        }

        void record(String callback, Decoder d) {
            StringBuilder sb = new StringBuilder(callback).append(' ').append(d.type()).append(' ')
                .append(String.format("%02X", d.formatCode())).append(" @").append(d.offset()).append('+')
                .append(d.encodedSize()).append(" d").append(d.depth()).append(" i").append(d.index());
            if (d.isMapKey()) {
                sb.append(" key");
            }
            if (d.isArrayElement()) {
                sb.append(" elem");
            }
            if (d.isDescriptor()) {
                sb.append(" desc");
            } else if (d.type().isCompound()) {
                sb.append(" n").append(d.count());
                if (d.type() == Type.ARRAY) {
                    sb.append(" of ").append(d.elementType()).append(' ')
                        .append(String.format("%02X", d.elementFormatCode()));
                }
            }
            lines.add(sb.toString());
            String at = callback + "@" + d.offset();
            if (at.equals(skipAt)) {
                d.skip();
            }
            if (at.equals(stopAt)) {
                d.stop();
            }
        }

        void primitive(String callback, Decoder d) {
            record(callback, d);
            if (skipPrimitives) {
                d.skip();
            }
        }

        @Override
        public void onPrimitive(Decoder d) {
            primitive("primitive", d); // every typed callback is overridden: this line means a missed dispatch
        }

        @Override
        public void onNull(Decoder d) {
            primitive("null", d);
        }

        @Override
        public void onBoolean(Decoder d) {
            primitive("boolean", d);
        }

        @Override
        public void onUbyte(Decoder d) {
            primitive("ubyte", d);
        }

        @Override
        public void onUshort(Decoder d) {
            primitive("ushort", d);
        }

        @Override
        public void onUint(Decoder d) {
            primitive("uint", d);
        }

        @Override
        public void onUlong(Decoder d) {
            primitive("ulong", d);
        }

        @Override
        public void onByte(Decoder d) {
            primitive("byte", d);
        }

        @Override
        public void onShort(Decoder d) {
            primitive("short", d);
        }

        @Override
        public void onInt(Decoder d) {
            primitive("int", d);
        }

        @Override
        public void onLong(Decoder d) {
            primitive("long", d);
        }

        @Override
        public void onFloat(Decoder d) {
            primitive("float", d);
        }

        @Override
        public void onDouble(Decoder d) {
            primitive("double", d);
        }

        @Override
        public void onDecimal32(Decoder d) {
            primitive("decimal32", d);
        }

        @Override
        public void onDecimal64(Decoder d) {
            primitive("decimal64", d);
        }

        @Override
        public void onDecimal128(Decoder d) {
            primitive("decimal128", d);
        }

        @Override
        public void onChar(Decoder d) {
            primitive("char", d);
        }

        @Override
        public void onTimestamp(Decoder d) {
            primitive("timestamp", d);
        }

        @Override
        public void onUuid(Decoder d) {
            primitive("uuid", d);
        }

        @Override
        public void onBinary(Decoder d) {
            primitive("binary", d);
        }

        @Override
        public void onString(Decoder d) {
            primitive("string", d);
        }

        @Override
        public void onSymbol(Decoder d) {
            primitive("symbol", d);
        }

        @Override
        public void onListBegin(Decoder d) {
            record("listBegin", d);
        }

        @Override
        public void onListEnd(Decoder d) {
            record("listEnd", d);
        }

        @Override
        public void onMapBegin(Decoder d) {
            record("mapBegin", d);
        }

        @Override
        public void onMapEnd(Decoder d) {
            record("mapEnd", d);
        }

        @Override
        public void onArrayBegin(Decoder d) {
            record("arrayBegin", d);
        }

        @Override
        public void onArrayEnd(Decoder d) {
            record("arrayEnd", d);
        }

        @Override
        public void onDescriptor(Decoder d) {
            record("descriptor", d);
        }
    }

    static String trace(InputBackend in, String hex) {
        try (InputBackend.Source src = in.open(Hex.bytes(hex))) {
            Trace t = new Trace();
            assertTrue(src.decoder().decode(t), "a full scan reaches the end");
            return t.text();
        }
    }

    /** The lines of {@code text} except those from {@code first} to {@code last} (0-based, inclusive). */
    static String without(String text, int first, int last) {
        List<String> lines = new ArrayList<>(Arrays.asList(text.split("\n")));
        lines.subList(first, last + 1).clear();
        return String.join("\n", lines) + "\n";
    }

    /** The first {@code n} lines of {@code text}. */
    static String head(String text, int n) {
        return String.join("\n", Arrays.asList(text.split("\n")).subList(0, n)) + "\n";
    }

    @Nested
    class WhatAndWhere {

        @ParameterizedTest
        @EnumSource(InputBackend.class)
        void shouldDescribeEveryValueOfTheSample(InputBackend in) {
            assertEquals(SAMPLE_TRACE, trace(in, SAMPLE));
        }

        @ParameterizedTest
        @EnumSource(InputBackend.class)
        void shouldDescribeArraysOfArraysWithElementSizesWithoutTheSharedConstructor(InputBackend in) {
            // reference §3.3 (proton-c): [[1, 2], [3]] as array32 of array32 of int
            String hex = "F0 00000023 00000002 F0 | 0000000D 00000002 71 00000001 00000002"
                + " | 00000009 00000001 71 00000003";
            assertEquals("""
                arrayBegin ARRAY F0 @0+40 d0 i0 n2 of ARRAY F0
                arrayBegin ARRAY F0 @10+17 d1 i0 elem n2 of INT 71
                int INT 71 @19+4 d2 i0 elem
                int INT 71 @23+4 d2 i1 elem
                arrayEnd ARRAY F0 @10+17 d1 i0 elem n2 of INT 71
                arrayBegin ARRAY F0 @27+13 d1 i1 elem n1 of INT 71
                int INT 71 @36+4 d2 i0 elem
                arrayEnd ARRAY F0 @27+13 d1 i1 elem n1 of INT 71
                arrayEnd ARRAY F0 @0+40 d0 i0 n2 of ARRAY F0
                """, trace(in, hex));
        }

        @ParameterizedTest
        @EnumSource(InputBackend.class)
        void shouldReportArraySizesWhenMoreInputFollows(InputBackend in) {
            // an array that is not the last value: its size must come from its own size field
            assertEquals("""
                arrayBegin ARRAY E0 @0+6 d0 i0 n2 of UBYTE 50
                ubyte UBYTE 50 @4+1 d1 i0 elem
                ubyte UBYTE 50 @5+1 d1 i1 elem
                arrayEnd ARRAY E0 @0+6 d0 i0 n2 of UBYTE 50
                null NULL 40 @6+1 d0 i1
                null NULL 40 @7+1 d0 i2
                """, trace(in, "E0 04 02 50 07 08 40 40"));
        }

        @ParameterizedTest
        @EnumSource(InputBackend.class)
        void shouldDescribeMapsInsideArraysWithTheirKeys(InputBackend in) {
            assertEquals("""
                arrayBegin ARRAY E0 @0+12 d0 i0 n1 of MAP C1
                mapBegin MAP C1 @4+8 d1 i0 elem n2
                symbol SYMBOL A3 @6+3 d2 i0 key
                string STRING A1 @9+3 d2 i1
                mapEnd MAP C1 @4+8 d1 i0 elem n2
                arrayEnd ARRAY E0 @0+12 d0 i0 n1 of MAP C1
                """, trace(in, "E0 0A 01 C1 07 02 A3 01 61 A1 01 62"));
        }

        @ParameterizedTest
        @EnumSource(InputBackend.class)
        void shouldPlaceZeroWidthElementsAtTheEndOfTheArrayWithSizeZero(InputBackend in) {
            assertEquals("""
                arrayBegin ARRAY E0 @0+4 d0 i0 n3 of NULL 40
                null NULL 40 @4+0 d1 i0 elem
                null NULL 40 @4+0 d1 i1 elem
                null NULL 40 @4+0 d1 i2 elem
                arrayEnd ARRAY E0 @0+4 d0 i0 n3 of NULL 40
                boolean BOOLEAN 41 @4+1 d0 i1
                """, trace(in, "E0 02 03 40 41"));
        }

        @ParameterizedTest
        @EnumSource(InputBackend.class)
        void shouldDescribeWideFormsAndDescribedValuesInsideCompounds(InputBackend in) {
            // list32 holding: described (ulong 0x0000468C00000004) str32 "a", then a map8 whose value is described
            String hex = "D0 0000001E 00000002 00 80 0000468C00000004 B1 00000001 61"
                + " C1 08 02 A3 01 6B 00 53 01 40";
            assertEquals("""
                listBegin LIST D0 @0+35 d0 i0 n2
                descriptor ULONG 80 @10+9 d1 i0 desc
                string STRING B1 @19+6 d1 i0
                mapBegin MAP C1 @25+10 d1 i1 n2
                symbol SYMBOL A3 @28+3 d2 i0 key
                descriptor ULONG 53 @32+2 d2 i1 desc
                null NULL 40 @34+1 d2 i1
                mapEnd MAP C1 @25+10 d1 i1 n2
                listEnd LIST D0 @0+35 d0 i0 n2
                """, trace(in, hex));
        }

        @ParameterizedTest
        @EnumSource(InputBackend.class)
        void shouldCountTopLevelValuesAsTheirIndex(InputBackend in) {
            assertEquals("""
                uint UINT 43 @0+1 d0 i0
                string STRING A1 @1+2 d0 i1
                listBegin LIST 45 @3+1 d0 i2 n0
                listEnd LIST 45 @3+1 d0 i2 n0
                descriptor ULONG 44 @5+1 d0 i3 desc
                null NULL 40 @6+1 d0 i3
                """, trace(in, "43 A1 00 45 00 44 40"));
        }

        @ParameterizedTest
        @EnumSource(InputBackend.class)
        void shouldRejectCompoundQueriesOnOtherValues(InputBackend in) {
            List<DecodeError> errors = new ArrayList<>();
            DataHandler h = new DataHandler() {
                @Override
                public void onPrimitive(Decoder d) {
                    errors.add(assertThrows(DecodeException.class, d::count).error());
                    errors.add(assertThrows(DecodeException.class, d::elementType).error());
                    errors.add(assertThrows(DecodeException.class, d::elementFormatCode).error());
                }

                @Override
                public void onListBegin(Decoder d) {
                    errors.add(assertThrows(DecodeException.class, d::elementType).error());
                    errors.add(assertThrows(DecodeException.class, d::elementFormatCode).error());
                }

                @Override
                public void onDescriptor(Decoder d) {
                    errors.add(assertThrows(DecodeException.class, d::count).error());
                }
            };
            try (InputBackend.Source src = in.open(Hex.bytes("71 00000001 00 53 01 45"))) {
                src.decoder().decode(h);
            }
            assertEquals(List.of(DecodeError.WRONG_TYPE, DecodeError.WRONG_TYPE, DecodeError.WRONG_TYPE,
                DecodeError.WRONG_TYPE, DecodeError.WRONG_TYPE, DecodeError.WRONG_TYPE), errors);
        }
    }

    @Nested
    class Skip {

        @ParameterizedTest
        @EnumSource(InputBackend.class)
        void shouldSkipAListWithoutItsItemsOrItsEnd(InputBackend in) {
            String hex = "C0 05 02 52 01 52 02 54 07";
            try (InputBackend.Source src = in.open(Hex.bytes(hex))) {
                Trace t = Trace.skipAt("listBegin@0");
                assertTrue(src.decoder().decode(t));
                assertEquals("""
                    listBegin LIST C0 @0+7 d0 i0 n2
                    int INT 54 @7+2 d0 i1
                    """, t.text());
            }
        }

        @ParameterizedTest
        @EnumSource(InputBackend.class)
        void shouldContinueTheParentAfterSkippingANestedList(InputBackend in) {
            String hex = "C0 0A 03 52 01 C0 03 01 52 02 52 03";
            try (InputBackend.Source src = in.open(Hex.bytes(hex))) {
                Trace t = Trace.skipAt("listBegin@5");
                assertTrue(src.decoder().decode(t));
                assertEquals("""
                    listBegin LIST C0 @0+12 d0 i0 n3
                    uint UINT 52 @3+2 d1 i0
                    listBegin LIST C0 @5+5 d1 i1 n1
                    uint UINT 52 @10+2 d1 i2
                    listEnd LIST C0 @0+12 d0 i0 n3
                    """, t.text());
            }
        }

        @ParameterizedTest
        @EnumSource(InputBackend.class)
        void shouldSkipAMap(InputBackend in) {
            try (InputBackend.Source src = in.open(Hex.bytes("C1 05 02 A3 01 61 41 40"))) {
                Trace t = Trace.skipAt("mapBegin@0");
                assertTrue(src.decoder().decode(t));
                assertEquals("""
                    mapBegin MAP C1 @0+7 d0 i0 n2
                    null NULL 40 @7+1 d0 i1
                    """, t.text());
            }
        }

        @ParameterizedTest
        @EnumSource(InputBackend.class)
        void shouldSkipAnArrayWithoutItsElementDescriptorOrElements(InputBackend in) {
            String hex = "E0 0D 02 00 53 23 C0 03 02 43 44 03 02 43 44 40";
            try (InputBackend.Source src = in.open(Hex.bytes(hex))) {
                Trace t = Trace.skipAt("arrayBegin@0");
                assertTrue(src.decoder().decode(t));
                assertEquals("""
                    arrayBegin ARRAY E0 @0+15 d0 i0 n2 of LIST C0
                    null NULL 40 @15+1 d0 i1
                    """, t.text());
            }
        }

        @ParameterizedTest
        @EnumSource(InputBackend.class)
        void shouldSkipTheWholeArrayFromItsElementDescriptor(InputBackend in) {
            String hex = "E0 0D 02 00 53 23 C0 03 02 43 44 03 02 43 44 40";
            try (InputBackend.Source src = in.open(Hex.bytes(hex))) {
                Trace t = Trace.skipAt("descriptor@4");
                assertTrue(src.decoder().decode(t));
                assertEquals("""
                    arrayBegin ARRAY E0 @0+15 d0 i0 n2 of LIST C0
                    descriptor ULONG 53 @4+2 d1 i-1 desc
                    null NULL 40 @15+1 d0 i1
                    """, t.text());
            }
        }

        @ParameterizedTest
        @EnumSource(InputBackend.class)
        void shouldSkipTheWholeDescribedValueFromItsDescriptor(InputBackend in) {
            try (InputBackend.Source src = in.open(Hex.bytes(SAMPLE))) {
                Trace t = Trace.skipAt("descriptor@1");
                assertTrue(src.decoder().decode(t));
                assertEquals(without(SAMPLE_TRACE, 1, 5), t.text());
            }
        }

        @ParameterizedTest
        @EnumSource(InputBackend.class)
        void shouldSkipADescribedItemAndContinueItsList(InputBackend in) {
            try (InputBackend.Source src = in.open(Hex.bytes("C0 08 02 00 53 01 C0 01 00 41"))) {
                Trace t = Trace.skipAt("descriptor@4");
                assertTrue(src.decoder().decode(t));
                assertEquals("""
                    listBegin LIST C0 @0+10 d0 i0 n2
                    descriptor ULONG 53 @4+2 d1 i0 desc
                    boolean BOOLEAN 41 @9+1 d1 i1
                    listEnd LIST C0 @0+10 d0 i0 n2
                    """, t.text());
            }
        }

        @ParameterizedTest
        @EnumSource(InputBackend.class)
        void shouldSkipNestedDescribedValuesFromTheOuterDescriptor(InputBackend in) {
            try (InputBackend.Source src = in.open(Hex.bytes("00 A3 01 78 00 53 01 C0 02 01 40 41"))) {
                Trace t = Trace.skipAt("descriptor@1");
                assertTrue(src.decoder().decode(t));
                assertEquals("""
                    descriptor SYMBOL A3 @1+3 d0 i0 desc
                    boolean BOOLEAN 41 @11+1 d0 i1
                    """, t.text());
            }
        }

        @ParameterizedTest
        @EnumSource(InputBackend.class)
        void shouldSkipOnlyTheInnerDescribedValueFromTheInnerDescriptor(InputBackend in) {
            try (InputBackend.Source src = in.open(Hex.bytes("00 A3 01 78 00 53 01 C0 02 01 40 41"))) {
                Trace t = Trace.skipAt("descriptor@5");
                assertTrue(src.decoder().decode(t));
                assertEquals("""
                    descriptor SYMBOL A3 @1+3 d0 i0 desc
                    descriptor ULONG 53 @5+2 d0 i0 desc
                    boolean BOOLEAN 41 @11+1 d0 i1
                    """, t.text());
            }
        }

        @ParameterizedTest
        @EnumSource(InputBackend.class)
        void shouldIgnoreSkipOnPrimitives(InputBackend in) {
            try (InputBackend.Source src = in.open(Hex.bytes(SAMPLE))) {
                Trace t = new Trace();
                t.skipPrimitives = true;
                assertTrue(src.decoder().decode(t));
                assertEquals(SAMPLE_TRACE, t.text());
            }
        }

        @ParameterizedTest
        @EnumSource(InputBackend.class)
        void shouldIgnoreSkipInEndCallbacks(InputBackend in) {
            // skip() in an end callback has nothing left to skip; it must not leak into the values after it
            try (InputBackend.Source src = in.open(Hex.bytes(SAMPLE))) {
                Trace t = new Trace() {
                    @Override
                    public void onListEnd(Decoder d) {
                        super.onListEnd(d);
                        d.skip();
                    }

                    @Override
                    public void onMapEnd(Decoder d) {
                        super.onMapEnd(d);
                        d.skip();
                    }

                    @Override
                    public void onArrayEnd(Decoder d) {
                        super.onArrayEnd(d);
                        d.skip();
                    }
                };
                assertTrue(src.decoder().decode(t));
                assertEquals(SAMPLE_TRACE, t.text());
            }
        }
    }

    @Nested
    class Stop {

        /** Where the scan stands after stop() in each callback of the sample (documented on Decoder#stop). */
        static final Map<String, Integer> POSITIONS = new LinkedHashMap<>();

        static {
            POSITIONS.put("descriptor@1", 3);   // after the descriptor value
            POSITIONS.put("listBegin@3", 6);    // after the list8 header (code, size, count)
            POSITIONS.put("int@7", 9);          // after the value, inside the list
            POSITIONS.put("listEnd@3", 13);     // after the list
            POSITIONS.put("mapBegin@13", 22);   // after the map32 header
            POSITIONS.put("listBegin@30", 31);  // after list0 (its whole header)
            POSITIONS.put("arrayBegin@34", 38); // after the array header, element constructor included
            POSITIONS.put("uint@39", 40);       // after an element's body
            POSITIONS.put("arrayBegin@41", 48); // after the header: element descriptor and constructor included
            POSITIONS.put("descriptor@61", 63); // after the inner descriptor of a nested described value
            POSITIONS.put("null@63", 64);       // after the last value: still a stop, so decode returns false
        }

        @ParameterizedTest
        @EnumSource(InputBackend.class)
        void shouldStopAfterTheCurrentValueOrHeader(InputBackend in) {
            try (InputBackend.Source src = in.open(Hex.bytes(SAMPLE))) {
                for (Map.Entry<String, Integer> e : POSITIONS.entrySet()) {
                    Trace t = Trace.stopAt(e.getKey());
                    Decoder d = src.decoder();
                    assertFalse(d.decode(t), e.getKey());
                    assertEquals(e.getValue(), d.position(), e.getKey());
                    assertEquals(64 - e.getValue(), d.remaining(), e.getKey());
                    // the callbacks up to the one that stopped, and none after it
                    String callback = e.getKey().substring(0, e.getKey().indexOf('@'));
                    String offset = e.getKey().substring(e.getKey().indexOf('@') + 1);
                    String last = t.lines.get(t.lines.size() - 1);
                    assertTrue(last.startsWith(callback + " ") && last.contains(" @" + offset + "+"),
                        e.getKey() + ": " + last);
                    assertEquals(head(SAMPLE_TRACE, t.lines.size()), t.text(), e.getKey());
                }
            }
        }

        @ParameterizedTest
        @EnumSource(InputBackend.class)
        void shouldStopInTheElementDescriptorAfterTheArrayHeader(InputBackend in) {
            // the element descriptor is part of the array's header: the scan stops after the element constructor
            try (InputBackend.Source src = in.open(Hex.bytes(SAMPLE))) {
                Trace t = Trace.stopAt("descriptor@45");
                Decoder d = src.decoder();
                assertFalse(d.decode(t));
                assertEquals(48, d.position());
                assertEquals(head(SAMPLE_TRACE, 20), t.text());
            }
        }

        @ParameterizedTest
        @EnumSource(InputBackend.class)
        void shouldResumeAfterAStopBetweenTopLevelValues(InputBackend in) {
            String[] atEnds = {"listEnd@3", "mapEnd@13", "arrayEnd@34", "arrayEnd@41"};
            try (InputBackend.Source src = in.open(Hex.bytes(SAMPLE))) {
                for (String at : atEnds) {
                    Decoder d = src.decoder();
                    Trace first = Trace.stopAt(at);
                    assertFalse(d.decode(first));
                    Trace rest = new Trace();
                    assertTrue(d.decode(rest), at);
                    assertEquals(64, d.position());
                    assertEquals(SAMPLE_TRACE, first.text() + rest.text(), at);
                }
            }
        }

        @ParameterizedTest
        @EnumSource(InputBackend.class)
        void shouldResumeAtTheDescribedValueAfterAStopInItsDescriptor(InputBackend in) {
            try (InputBackend.Source src = in.open(Hex.bytes("00 53 24 45 40"))) {
                Decoder d = src.decoder();
                Trace first = Trace.stopAt("descriptor@1");
                assertFalse(d.decode(first));
                assertEquals(3, d.position());
                Trace rest = new Trace();
                assertTrue(d.decode(rest));
                // indexes left out: once resumed, the scan cannot know the list was the described value
                assertEquals("""
                    listBegin LIST 45 @3+1 d0 n0
                    listEnd LIST 45 @3+1 d0 n0
                    null NULL 40 @4+1 d0
                    """, rest.text().replaceAll(" i\\d+", ""));
            }
        }
    }

    @Nested
    class DecodeValue {

        /** A transfer performative (list8 of handle 0, delivery-id 1) and two data sections "hi" and "!". */
        static final String FRAME_BODY = "00 53 14 C0 04 02 43 52 01 | 00 53 75 A0 02 68 69 | 00 53 75 A0 01 21";

        @ParameterizedTest
        @EnumSource(InputBackend.class)
        void shouldScanOneTopLevelValueAtATime(InputBackend in) {
            try (InputBackend.Source src = in.open(Hex.bytes(FRAME_BODY))) {
                Decoder d = src.decoder();
                Trace performative = new Trace();
                assertTrue(d.decodeValue(performative));
                assertEquals("""
                    descriptor ULONG 53 @1+2 d0 i0 desc
                    listBegin LIST C0 @3+6 d0 i0 n2
                    uint UINT 43 @6+1 d1 i0
                    uint UINT 52 @7+2 d1 i1
                    listEnd LIST C0 @3+6 d0 i0 n2
                    """, performative.text());
                assertEquals(9, d.position());
                assertEquals(13, d.remaining());

                Trace section = new Trace();
                assertTrue(d.decodeValue(section));
                assertEquals("""
                    descriptor ULONG 53 @10+2 d0 i1 desc
                    binary BINARY A0 @12+4 d0 i1
                    """, section.text());
                assertEquals(16, d.position());

                Trace payload = new Trace();
                assertTrue(d.decode(payload));
                assertEquals("""
                    descriptor ULONG 53 @17+2 d0 i2 desc
                    binary BINARY A0 @19+3 d0 i2
                    """, payload.text());

                Trace none = new Trace();
                assertFalse(d.decodeValue(none), "no bytes left");
                assertEquals(List.of(), none.lines);
                assertEquals(22, d.position());
            }
        }

        @ParameterizedTest
        @EnumSource(InputBackend.class)
        void shouldAnswerFalseOnEmptyInput(InputBackend in) {
            try (InputBackend.Source src = in.open(new byte[0])) {
                Trace t = new Trace();
                assertFalse(src.decoder().decodeValue(t));
                assertTrue(src.decoder().decode(t), "decode of nothing reaches the end at once");
                assertEquals(List.of(), t.lines);
            }
        }

        @ParameterizedTest
        @EnumSource(InputBackend.class)
        void shouldAnswerFalseWhenTheHandlerStopsInsideTheValue(InputBackend in) {
            try (InputBackend.Source src = in.open(Hex.bytes(FRAME_BODY))) {
                Decoder d = src.decoder();
                assertFalse(d.decodeValue(Trace.stopAt("listBegin@3")));
                assertEquals(6, d.position());
            }
        }
    }

    @Nested
    class Misuse {

        static final Map<String, Consumer<Decoder>> CURSOR_CALLS = new LinkedHashMap<>();

        static {
            CURSOR_CALLS.put("type", Decoder::type);
            CURSOR_CALLS.put("formatCode", Decoder::formatCode);
            CURSOR_CALLS.put("offset", Decoder::offset);
            CURSOR_CALLS.put("encodedSize", Decoder::encodedSize);
            CURSOR_CALLS.put("depth", Decoder::depth);
            CURSOR_CALLS.put("index", Decoder::index);
            CURSOR_CALLS.put("isMapKey", Decoder::isMapKey);
            CURSOR_CALLS.put("isArrayElement", Decoder::isArrayElement);
            CURSOR_CALLS.put("isDescriptor", Decoder::isDescriptor);
            CURSOR_CALLS.put("count", Decoder::count);
            CURSOR_CALLS.put("elementType", Decoder::elementType);
            CURSOR_CALLS.put("elementFormatCode", Decoder::elementFormatCode);
            CURSOR_CALLS.put("skip", Decoder::skip);
            CURSOR_CALLS.put("stop", Decoder::stop);
            CURSOR_CALLS.put("getBoolean", Decoder::getBoolean);
            CURSOR_CALLS.put("getUbyte", Decoder::getUbyte);
            CURSOR_CALLS.put("getUshort", Decoder::getUshort);
            CURSOR_CALLS.put("getUint", Decoder::getUint);
            CURSOR_CALLS.put("getUlong", Decoder::getUlong);
            CURSOR_CALLS.put("getByte", Decoder::getByte);
            CURSOR_CALLS.put("getShort", Decoder::getShort);
            CURSOR_CALLS.put("getInt", Decoder::getInt);
            CURSOR_CALLS.put("getLong", Decoder::getLong);
            CURSOR_CALLS.put("getFloat", Decoder::getFloat);
            CURSOR_CALLS.put("getDouble", Decoder::getDouble);
            CURSOR_CALLS.put("getChar", Decoder::getChar);
            CURSOR_CALLS.put("getTimestamp", Decoder::getTimestamp);
            CURSOR_CALLS.put("getUuid", Decoder::getUuid);
            CURSOR_CALLS.put("getDecimal32Bits", Decoder::getDecimal32Bits);
            CURSOR_CALLS.put("getDecimal64Bits", Decoder::getDecimal64Bits);
            CURSOR_CALLS.put("getDecimal128High", Decoder::getDecimal128High);
            CURSOR_CALLS.put("getBits", Decoder::getBits);
            CURSOR_CALLS.put("dataLength", Decoder::dataLength);
            CURSOR_CALLS.put("copyData(byte[])", d -> d.copyData(new byte[8], 0));
            CURSOR_CALLS.put("copyData(ByteBuffer)", d -> d.copyData(ByteBuffer.allocate(8)));
            CURSOR_CALLS.put("dataEquals(byte[])", d -> d.dataEquals(new byte[1], 0, 1));
            CURSOR_CALLS.put("dataEquals(Symbol)", d -> d.dataEquals(Symbol.valueOf("a")));
            CURSOR_CALLS.put("getString", Decoder::getString);
            CURSOR_CALLS.put("getCachedString", Decoder::getCachedString);
            CURSOR_CALLS.put("getSymbol", Decoder::getSymbol);
            CURSOR_CALLS.put("getBinary", Decoder::getBinary);
            CURSOR_CALLS.put("copyEncodedTo", d -> d.copyEncodedTo(new ByteArrayEncoder(EncoderFlavour.FAST)));
        }

        static void assertNoCursor(Decoder d, String when) {
            for (Map.Entry<String, Consumer<Decoder>> call : CURSOR_CALLS.entrySet()) {
                assertThrows(IllegalStateException.class, () -> call.getValue().accept(d),
                    call.getKey() + " " + when);
            }
        }

        @ParameterizedTest
        @EnumSource(InputBackend.class)
        void shouldRefuseCursorCallsOutsideCallbacks(InputBackend in) {
            try (InputBackend.Source src = in.open(Hex.bytes("A1 02 68 69"))) {
                Decoder d = src.decoder();
                assertNoCursor(d, "before decode");
                assertEquals(0, d.position());
                Decoder[] kept = new Decoder[1];
                assertTrue(d.decode(new DataHandler() {
                    @Override
                    public void onString(Decoder cursor) {
                        assertEquals("hi", cursor.getString()); // the same calls work inside
                        kept[0] = cursor;
                    }
                }));
                assertNoCursor(d, "after decode");
                assertNoCursor(kept[0], "through a cursor kept by the handler");
                assertFalse(d.decodeValue(new Trace()));
                assertNoCursor(d, "after decodeValue found no value");
            }
        }

        @ParameterizedTest
        @EnumSource(InputBackend.class)
        void shouldRefuseCursorCallsAfterAStop(InputBackend in) {
            try (InputBackend.Source src = in.open(Hex.bytes(SAMPLE))) {
                Decoder d = src.decoder();
                assertFalse(d.decode(Trace.stopAt("int@7")));
                assertNoCursor(d, "after a stop");
            }
        }

        @ParameterizedTest
        @EnumSource(InputBackend.class)
        void shouldRefuseReentrantScansAndKeepScanning(InputBackend in) {
            try (InputBackend.Source src = in.open(Hex.bytes(SAMPLE))) {
                List<String> refused = new ArrayList<>();
                Trace t = new Trace() {
                    @Override
                    public void onListBegin(Decoder d) {
                        super.onListBegin(d);
                        refused.add(assertThrows(IllegalStateException.class, () -> d.decode(new Trace()))
                            .getClass().getSimpleName());
                        refused.add(assertThrows(IllegalStateException.class, () -> d.decodeValue(new Trace()))
                            .getClass().getSimpleName());
                        refused.add(assertThrows(IllegalStateException.class, src::decoder)
                            .getClass().getSimpleName()); // wrapping new input mid-scan
                    }
                };
                assertTrue(src.decoder().decode(t));
                assertEquals(SAMPLE_TRACE, t.text(), "the refused calls left the scan intact");
                assertEquals(4 * 3, refused.size(), "four lists in the sample, three refusals each");
            }
        }

        /** Wraps other input (junk of the decoder's own kind) with the decoder behind {@code d}. */
        static void wrapOther(Decoder d) {
            byte[] junk = new byte[80];
            Arrays.fill(junk, (byte) 0x01); // 0x01 is no constructor: a scan that read it would fail
            if (d instanceof ByteArrayDecoder) {
                ((ByteArrayDecoder) d).wrap(junk);
            } else if (d instanceof ByteBufferDecoder) {
                ((ByteBufferDecoder) d).wrap(ByteBuffer.wrap(junk));
            } else {
                ((org.amqpcodec.impl.netty.NettyDecoder) d).wrap(io.netty.buffer.Unpooled.wrappedBuffer(junk));
            }
        }

        @ParameterizedTest
        @EnumSource(InputBackend.class)
        void shouldRefuseToWrapOtherInputMidScanWithoutDisturbingTheScan(InputBackend in) {
            try (InputBackend.Source src = in.open(Hex.bytes(SAMPLE))) {
                Decoder d = src.decoder();
                int[] refused = new int[1];
                Trace t = new Trace() {
                    @Override
                    public void onMapBegin(Decoder cursor) {
                        super.onMapBegin(cursor);
                        assertThrows(IllegalStateException.class, () -> wrapOther(cursor));
                        refused[0]++;
                    }
                };
                assertTrue(d.decode(t));
                assertEquals(1, refused[0]);
                assertEquals(SAMPLE_TRACE, t.text(), "the refused wrap must not replace the input being scanned");
            }
        }

        @ParameterizedTest
        @EnumSource(InputBackend.class)
        void shouldPropagateAReentrantScanFailureFromTheHandler(InputBackend in) {
            try (InputBackend.Source src = in.open(Hex.bytes(SAMPLE))) {
                Decoder d = src.decoder();
                Trace t = new Trace() {
                    @Override
                    public void onMapBegin(Decoder cursor) {
                        cursor.decode(new Trace());
                    }
                };
                assertThrows(IllegalStateException.class, () -> d.decode(t));
                Trace again = new Trace();
                assertTrue(src.decoder().decode(again));
                assertEquals(SAMPLE_TRACE, again.text());
            }
        }

        static final class HandlerFailure extends RuntimeException {
            private static final long serialVersionUID = 1L;

            HandlerFailure(String message) {
                super(message);
            }
        }

        @ParameterizedTest
        @EnumSource(InputBackend.class)
        void shouldPropagateHandlerExceptionsUnchangedAndStayUsable(InputBackend in) {
            String[] throwAt = {"string@9", "listBegin@48", "descriptor@45", "descriptor@61", "mapEnd@13", "null@63"};
            try (InputBackend.Source src = in.open(Hex.bytes(SAMPLE))) {
                for (String at : throwAt) {
                    HandlerFailure failure = new HandlerFailure(at);
                    Trace t = new Trace() {
                        @Override
                        void record(String callback, Decoder d) {
                            super.record(callback, d);
                            if ((callback + "@" + d.offset()).equals(at)) {
                                throw failure;
                            }
                        }
                    };
                    Decoder d = src.decoder();
                    assertSame(failure, assertThrows(HandlerFailure.class, () -> d.decode(t)));
                    assertNoCursor(d, "after a handler exception at " + at);

                    Trace again = new Trace();
                    assertTrue(src.decoder().decode(again), at);
                    assertEquals(SAMPLE_TRACE, again.text(), "decoder reused after an exception at " + at);
                }
                Decoder d = src.decoder();
                AssertionError error = new AssertionError("an Error, not an exception");
                assertSame(error, assertThrows(AssertionError.class, () -> d.decode(new DataHandler() {
                    @Override
                    public void onSymbol(Decoder cursor) {
                        throw error;
                    }
                })));
                Trace again = new Trace();
                assertTrue(src.decoder().decode(again));
                assertEquals(SAMPLE_TRACE, again.text());
            }
        }
    }
}
