package org.amqpcodec.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;

import org.amqpcodec.api.Encoder;
import org.amqpcodec.api.Type;
import org.amqpcodec.impl.testing.Hex;
import org.amqpcodec.impl.testing.InputBackend;
import org.amqpcodec.impl.testing.OutputBackend;
import org.amqpcodec.impl.testing.Val;
import org.amqpcodec.impl.testing.ValBuilder;
import org.amqpcodec.impl.testing.ValGen;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * decode(encode(v)) == v, exactly, for the boundaries of the reference's §8 checklist, encoded with both
 * flavours into every output backend and decoded from every input backend (all cases as consecutive top-level
 * values of one input); every output backend writes the same bytes for a flavour; FAST and COMPACT decode to the
 * same value and COMPACT is never longer. Then a seeded property run over generated trees: the seed is printed,
 * and {@code -Droundtrip.seed=... -Droundtrip.trees=...} reruns or lengthens it.
 */
class RoundTripTest {

    /** A value, and how to write it (usually its own encode). */
    record Case(String label, Val value, Consumer<Encoder> writer) {

        @Override
        public String toString() {
            return label;
        }
    }

    static final List<Case> CASES = new ArrayList<>();

    static void add(String label, Val v) {
        CASES.add(new Case(label, v, v::encode));
    }

    static void add(String label, Val v, Consumer<Encoder> writer) {
        CASES.add(new Case(label, v, writer));
    }

    static Val of(Type t, Object value) {
        return Val.of(t, value);
    }

    static List<Val> nulls(int n) {
        return new ArrayList<>(Collections.nCopies(n, of(Type.NULL, null)));
    }

    static byte[] bytes(int n) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) (i * 31 + 7); // every byte value appears
        }
        return b;
    }

    static String ascii(int n) {
        StringBuilder sb = new StringBuilder(n);
        for (int i = 0; i < n; i++) {
            sb.append((char) (i % 128)); // 0x00..0x7F, NUL and DEL included
        }
        return sb.toString();
    }

    static final String[] UNITS = {null, "a", "\u00E9", "\u20AC", "\uD83D\uDE00"};

    /** A string of exactly {@code length} UTF-8 bytes: as many {@code unit}-byte characters as fit, ASCII filling. */
    static String utf8(int unit, int length, boolean wideFirst) {
        String wide = UNITS[unit].repeat(length / unit);
        String fill = "z".repeat(length % unit);
        String s = wideFirst ? wide + fill : fill + wide;
        assertEquals(length, s.getBytes(StandardCharsets.UTF_8).length);
        return s;
    }

    /** The primitive boundaries of each type, used alone and as array elements. */
    static final Map<Type, List<Val>> PRIMITIVES = new EnumMap<>(Type.class);

    static void primitives(Type t, Object... values) {
        List<Val> vals = new ArrayList<>();
        for (Object v : values) {
            vals.add(of(t, v));
        }
        PRIMITIVES.put(t, vals);
    }

    static {
        primitives(Type.NULL, (Object) null);
        primitives(Type.BOOLEAN, true, false);
        primitives(Type.UBYTE, 0, 1, 127, 128, 255);
        primitives(Type.USHORT, 0, 255, 256, 32768, 65535);
        primitives(Type.UINT, 0L, 1L, 255L, 256L, 0x7FFF_FFFFL, 0x8000_0000L, 0xFFFF_FFFFL);
        primitives(Type.ULONG, 0L, 1L, 255L, 256L, Long.MAX_VALUE, Long.MIN_VALUE, -1L);
        primitives(Type.BYTE, (byte) -128, (byte) -1, (byte) 0, (byte) 127);
        primitives(Type.SHORT, Short.MIN_VALUE, (short) -129, (short) -128, (short) 0, (short) 127, (short) 128,
            Short.MAX_VALUE);
        primitives(Type.INT, Integer.MIN_VALUE, -129, -128, -1, 0, 127, 128, Integer.MAX_VALUE);
        primitives(Type.LONG, Long.MIN_VALUE, Integer.MIN_VALUE - 1L, -129L, -128L, 0L, 127L, 128L, Long.MAX_VALUE);
        primitives(Type.FLOAT, 0, 0x8000_0000, 0x7FC0_0000, 0x7F80_0001, 0xFFC0_0001, 0x7FBF_FFFF, 0x7FFF_FFFF,
            0x7F80_0000, 0xFF80_0000, 1, 0x7F7F_FFFF, 0x0080_0000, Float.floatToRawIntBits(1.5f));
        primitives(Type.DOUBLE, 0L, 0x8000_0000_0000_0000L, 0x7FF8_0000_0000_0000L, 0x7FF0_0000_0000_0001L,
            0xFFF8_0000_0000_0001L, 0x7FFF_FFFF_FFFF_FFFFL, 0x7FF0_0000_0000_0000L, 0xFFF0_0000_0000_0000L, 1L,
            0x7FEF_FFFF_FFFF_FFFFL, 0x0010_0000_0000_0000L, Double.doubleToRawLongBits(-0.1));
        primitives(Type.DECIMAL32, 0, 0x3280_0001, 0xFFFF_FFFF, 0x7800_0000, 0x7C00_0000, 0x8000_0000);
        primitives(Type.DECIMAL64, 0L, 0x31C0_0000_0000_0001L, -1L, 0x7800_0000_0000_0000L, 0x7C00_0000_0000_0001L);
        primitives(Type.DECIMAL128, new long[] {0, 0}, new long[] {0x3040_0000_0000_0000L, 1}, new long[] {-1, -1},
            new long[] {0x7C00_0000_0000_0000L, 0}, new long[] {Long.MIN_VALUE, Long.MAX_VALUE});
        primitives(Type.CHAR, 0, 0x41, 0x7F, 0x80, 0x7FF, 0x800, 0xD7FF, 0xE000, 0xFFFD, 0xFFFF, 0x10000, 0x1F600,
            0x10FFFF);
        primitives(Type.TIMESTAMP, 0L, -1L, 1311704463521L, -1311704463521L, -86_400_000L, Long.MIN_VALUE,
            Long.MAX_VALUE);
        primitives(Type.UUID, new long[] {0, 0}, new long[] {-1, -1},
            new long[] {0xF81D_4FAE_7DEC_11D0L, 0xA765_00A0_C91E_6BF6L}, new long[] {Long.MIN_VALUE, Long.MAX_VALUE});
        primitives(Type.BINARY, bytes(0), bytes(1), bytes(254), bytes(255), bytes(256));
        primitives(Type.SYMBOL, ascii(0), ascii(1), ascii(254), ascii(255), ascii(256));
        List<Object> strings = new ArrayList<>();
        for (int unit = 1; unit <= 4; unit++) {
            for (int length : new int[] {0, 1, 85, 86, 254, 255, 256}) {
                strings.add(utf8(unit, length, true));
                strings.add(utf8(unit, length, false));
            }
        }
        // char counts at the compact encoder's reservation edges: 85 chars of 3 bytes fit str8, 86 may not
        strings.add("\u20AC".repeat(85));
        strings.add("\u20AC".repeat(86));
        strings.add("\u00E9".repeat(128));
        strings.add("\uD83D\uDE00".repeat(43));
        strings.add("\uD83D\uDE00".repeat(128));
        strings.add("a".repeat(255) + "\u00E9");
        strings.add("\u20AC".repeat(300));
        strings.add("\u0000\uFFFF\uFEFF\uD800\uDC00\uDBFF\uDFFF");
        primitives(Type.STRING, strings.toArray());

        for (Map.Entry<Type, List<Val>> e : PRIMITIVES.entrySet()) {
            for (Val v : e.getValue()) {
                add(e.getKey() + " " + v, v);
            }
        }

        // lists: list0, then item bodies of 254/255/256 bytes (compact: list8 up to 254) and counts 254/255/256
        add("list0", Val.list());
        for (int body : new int[] {254, 255, 256}) {
            add("list with a " + body + "-byte vbin8 item body", Val.list(of(Type.BINARY, bytes(body - 2))));
            add("list of " + body + " nulls", Val.list(nulls(body)));
        }
        add("list of 127 smalluint", Val.list(Collections.nCopies(127, of(Type.UINT, 200L))));
        add("nested empty lists and maps", Val.list(Val.list(Val.list()), Val.map(Val.list(), Val.map())));
        List<Val> mixed = new ArrayList<>();
        PRIMITIVES.values().forEach(vs -> mixed.add(vs.get(vs.size() - 1)));
        add("list of one of each primitive", Val.list(mixed));

        // maps: body 254/255/256 (key sym "k" = 3 bytes, vbin8 value = 2 + n) and counts 254/256
        add("empty map", Val.map());
        for (int body : new int[] {254, 255, 256}) {
            add("map with a " + body + "-byte body", Val.map(of(Type.SYMBOL, "k"), of(Type.BINARY, bytes(body - 5))));
        }
        add("map of count 254", Val.map(nulls(254)));
        add("map of count 256", Val.map(nulls(256)));
        add("map with compound keys", Val.map(Val.list(of(Type.INT, 1)), Val.map(), Val.map(), Val.list()));

        // arrays of every primitive type: the boundaries, each alone, and empty
        for (Map.Entry<Type, List<Val>> e : PRIMITIVES.entrySet()) {
            Type t = e.getKey();
            add("array<" + t + "> of the boundaries", Val.array(t, null, e.getValue()));
            add("array<" + t + "> of the first boundary", Val.array(t, null, List.of(e.getValue().get(0))));
        }
        for (Type t : Type.values()) {
            add("empty array<" + t + ">", Val.array(t, null, List.of()));
            add("empty described array<" + t + ">", Val.array(t, of(Type.ULONG, 0x24L), List.of()));
        }
        // narrowing decisions at the edge: all fit the 1-byte form, or one does not
        add("array<UINT> all small", Val.array(Type.UINT, null, List.of(of(Type.UINT, 0L), of(Type.UINT, 255L))));
        add("array<UINT> one 256", Val.array(Type.UINT, null, List.of(of(Type.UINT, 0L), of(Type.UINT, 256L))));
        add("array<INT> -128..127", Val.array(Type.INT, null, List.of(of(Type.INT, -128), of(Type.INT, 127))));
        add("array<INT> one 128", Val.array(Type.INT, null, List.of(of(Type.INT, -128), of(Type.INT, 128))));
        add("array<LONG> one -129", Val.array(Type.LONG, null, List.of(of(Type.LONG, 0L), of(Type.LONG, -129L))));
        add("array<ULONG> all small", Val.array(Type.ULONG, null, List.of(of(Type.ULONG, 7L))));
        add("array<STRING> 255 and 256 bytes", Val.array(Type.STRING, null,
            List.of(of(Type.STRING, "s".repeat(255)), of(Type.STRING, "t".repeat(256)))));
        add("array<SYMBOL> of 255 bytes", Val.array(Type.SYMBOL, null, List.of(of(Type.SYMBOL, ascii(255)))));
        for (int n : new int[] {1, 3, 255, 256}) {
            add("array<NULL> of " + n, Val.array(Type.NULL, null, nulls(n)));
        }
        add("array<BOOLEAN> of 256", Val.array(Type.BOOLEAN, null, Collections.nCopies(256, of(Type.BOOLEAN, true))));
        // arrays of described lists, of lists with empty elements, of lists at the 254/255 body edge
        Val received = Val.list(of(Type.UINT, 0L), of(Type.ULONG, 0L));
        add("array of described lists (received)", Val.array(Type.LIST, of(Type.ULONG, 0x23L),
            List.of(received, received)));
        add("array of symbolically described lists", Val.array(Type.LIST, of(Type.SYMBOL, "amqp:accepted:list"),
            List.of(Val.list(), Val.list())));
        add("array of lists with empty elements", Val.array(Type.LIST, null,
            List.of(Val.list(), Val.list(of(Type.UINT, 1L)), Val.list())));
        add("array of empty lists", Val.array(Type.LIST, null, List.of(Val.list(), Val.list())));
        for (int body : new int[] {254, 255}) {
            add("array of lists with " + body + "-byte bodies", Val.array(Type.LIST, null,
                List.of(Val.list(of(Type.BINARY, bytes(body - 2))), Val.list())));
        }
        add("array of 256 lists", Val.array(Type.LIST, null, Collections.nCopies(256, Val.list())));
        // arrays of arrays (each inner array has its own element constructor), of maps
        add("array of arrays", Val.array(Type.ARRAY, null, List.of(
            Val.array(Type.INT, null, List.of(of(Type.INT, 1), of(Type.INT, 2))),
            Val.array(Type.INT, null, List.of(of(Type.INT, 3))))));
        add("array of arrays of other element types", Val.array(Type.ARRAY, null, List.of(
            Val.array(Type.INT, null, List.of(of(Type.INT, 300))),
            Val.array(Type.STRING, null, List.of(of(Type.STRING, "s"))),
            Val.array(Type.NULL, null, nulls(2)),
            Val.array(Type.LIST, of(Type.ULONG, 0x24L), List.of(Val.list())),
            Val.array(Type.UUID, null, List.of()))));
        add("array of arrays of arrays", Val.array(Type.ARRAY, null, List.of(Val.array(Type.ARRAY, null,
            List.of(Val.array(Type.BOOLEAN, null, List.of(of(Type.BOOLEAN, false))))))));
        add("array of maps", Val.array(Type.MAP, null, List.of(Val.map(),
            Val.map(of(Type.SYMBOL, "a"), of(Type.STRING, "b")), Val.map(nulls(256)))));
        add("described array of maps", Val.array(Type.MAP, of(Type.SYMBOL, "x-opt"), List.of(Val.map())));

        // described values: ulong (0, small, wide) and symbolic descriptors; nested; inside compounds
        for (long code : new long[] {0, 0x24, 255, 256, 0x0000468C00000004L, -1}) {
            add("described by ulong " + Long.toUnsignedString(code), Val.described(of(Type.ULONG, code),
                Val.list(of(Type.STRING, "x"))));
        }
        for (String symbol : new String[] {"", "amqp:accepted:list", ascii(256)}) {
            add("described by symbol of " + symbol.length(), Val.described(of(Type.SYMBOL, symbol),
                of(Type.NULL, null)));
        }
        add("nested described", Val.described(of(Type.SYMBOL, "outer"), Val.described(of(Type.ULONG, 0x77L),
            Val.described(of(Type.ULONG, 256L), Val.map(of(Type.SYMBOL, "k"), of(Type.INT, 1))))));
        add("described values inside a map", Val.map(Val.described(of(Type.ULONG, 1L), of(Type.STRING, "key")),
            Val.described(of(Type.SYMBOL, "v"), Val.array(Type.INT, of(Type.ULONG, 2L), List.of(of(Type.INT, 5))))));
        add("described array", Val.described(of(Type.ULONG, 0x75L), Val.array(Type.BINARY, null,
            List.of(of(Type.BINARY, bytes(3))))));
        for (long code : new long[] {0x24, 0x1234, -1}) {
            add("putDescriptor(" + Long.toHexString(code) + ")", Val.described(of(Type.ULONG, code), Val.list()),
                e -> e.putDescriptor(code).putList().end());
        }
    }

    static Stream<Arguments> combinations() {
        List<Arguments> all = new ArrayList<>();
        for (EncoderFlavour f : EncoderFlavour.values()) {
            for (OutputBackend out : OutputBackend.values()) {
                for (InputBackend in : InputBackend.values()) {
                    all.add(Arguments.of(f, out, in));
                }
            }
        }
        return all.stream();
    }

    /** What a growable byte[] encoder writes for all the cases, per flavour. */
    static final Map<EncoderFlavour, byte[]> REFERENCE = new EnumMap<>(EncoderFlavour.class);

    static {
        for (EncoderFlavour f : EncoderFlavour.values()) {
            REFERENCE.put(f, encodeOne(f, e -> CASES.forEach(c -> c.writer().accept(e))));
        }
    }

    static List<Val> decode(InputBackend in, byte[] bytes) {
        try (InputBackend.Source src = in.open(bytes)) {
            ValBuilder b = new ValBuilder();
            assertTrue(src.decoder().decode(b));
            return b.values();
        }
    }

    static String cut(Object o) {
        String s = String.valueOf(o);
        return s.length() > 300 ? s.substring(0, 300) + "..." : s;
    }

    @ParameterizedTest(name = "{0} {1} -> {2}")
    @MethodSource("combinations")
    void shouldRoundTripEveryBoundary(EncoderFlavour flavour, OutputBackend out, InputBackend in) {
        byte[] reference = REFERENCE.get(flavour);
        byte[] bytes;
        // fixed outputs as big as the FAST encoding: COMPACT reserves wide and narrows at end(), so it may need
        // more room while encoding than its final size
        try (OutputBackend.Sink sink = out.open(flavour, REFERENCE.get(EncoderFlavour.FAST).length)) {
            CASES.forEach(c -> c.writer().accept(sink.encoder()));
            bytes = sink.finish();
        }
        assertTrue(Arrays.equals(reference, bytes), () -> out + " wrote other bytes than a byte[] encoder, first at "
            + Arrays.mismatch(reference, bytes));
        List<Val> decoded = decode(in, bytes);
        assertEquals(CASES.size(), decoded.size());
        for (int i = 0; i < CASES.size(); i++) {
            Case c = CASES.get(i);
            if (!c.value().equals(decoded.get(i))) {
                assertEquals(cut(c.value()), cut(decoded.get(i)), c.label());
                assertEquals(c.value(), decoded.get(i), c.label());
            }
        }
    }

    static byte[] encodeOne(EncoderFlavour flavour, Consumer<Encoder> writer) {
        ByteArrayEncoder e = new ByteArrayEncoder(flavour);
        writer.accept(e);
        return e.toByteArray();
    }

    @Test
    void shouldDecodeBothFlavoursToTheSameValueWithCompactNeverLonger() {
        for (Case c : CASES) {
            byte[] fast = encodeOne(EncoderFlavour.FAST, c.writer());
            byte[] compact = encodeOne(EncoderFlavour.COMPACT, c.writer());
            assertEquals(List.of(c.value()), decode(InputBackend.BYTE_ARRAY, fast), c.label());
            assertEquals(List.of(c.value()), decode(InputBackend.BYTE_ARRAY, compact), c.label());
            assertTrue(compact.length <= fast.length, c.label() + ": COMPACT " + compact.length + " > FAST "
                + fast.length);
        }
    }

    /** The constructor each flavour picks at the boundaries the cases above sit on. */
    @Test
    void shouldPickTheExpectedFormOnEachSideOfTheBoundaries() {
        String[][] forms = {
            // case label, FAST constructor, COMPACT constructor
            {"list0", "D0", "45"},
            {"list with a 254-byte vbin8 item body", "D0", "C0"},
            {"list with a 255-byte vbin8 item body", "D0", "D0"},
            {"list of 254 nulls", "D0", "C0"},
            {"list of 255 nulls", "D0", "D0"},
            {"empty map", "D1", "C1"},
            {"map with a 254-byte body", "D1", "C1"},
            {"map with a 255-byte body", "D1", "D1"},
            {"map of count 254", "D1", "C1"},
            {"map of count 256", "D1", "D1"},
            {"array<NULL> of 255", "F0", "E0"},
            {"array<NULL> of 256", "F0", "F0"},
            {"BINARY binary(" + Hex.text(bytes(255)) + ")", "B0", "A0"},
            {"BINARY binary(" + Hex.text(bytes(256)) + ")", "B0", "B0"},
            {"SYMBOL :" + ascii(255), "B3", "A3"},
            {"SYMBOL :" + ascii(256), "B3", "B3"},
            {"STRING \"" + "\u20AC".repeat(85) + "\"", "B1", "A1"},
            {"STRING \"" + "\u20AC".repeat(86) + "\"", "B1", "B1"},
            {"STRING \"" + utf8(4, 255, false) + "\"", "B1", "A1"},
            {"STRING \"" + utf8(4, 256, true) + "\"", "B1", "B1"},
            {"UINT uint(255)", "70", "52"},
            {"UINT uint(0)", "70", "43"},
            {"ULONG ulong(0)", "80", "44"},
            {"INT int(-128)", "71", "54"},
            {"INT int(128)", "71", "71"},
            {"LONG long(-129)", "81", "81"},
            {"BOOLEAN boolean(true)", "41", "41"},
        };
        for (String[] f : forms) {
            Case c = CASES.stream().filter(x -> x.label().equals(f[0])).findFirst()
                .orElseThrow(() -> new AssertionError("no case " + cut(f[0])));
            assertEquals(f[1], Hex.text(encodeOne(EncoderFlavour.FAST, c.writer()), 0, 1), "FAST " + cut(f[0]));
            assertEquals(f[2], Hex.text(encodeOne(EncoderFlavour.COMPACT, c.writer()), 0, 1), "COMPACT " + cut(f[0]));
        }
        // element constructors of lists with bodies on each side of the edge (the arrays themselves are array32)
        String[][] elements = {
            {"array of lists with 254-byte bodies", "F0", "C0"},
            {"array of lists with 255-byte bodies", "F0", "D0"},
        };
        for (String[] f : elements) {
            Case c = CASES.stream().filter(x -> x.label().equals(f[0])).findFirst().orElseThrow();
            byte[] compact = encodeOne(EncoderFlavour.COMPACT, c.writer());
            assertEquals(f[1] + " " + f[2], Hex.text(compact, 0, 1) + " " + Hex.text(compact, 9, 1), f[0]);
        }
    }

    @Test
    void shouldRoundTripGeneratedTrees() {
        long seed = Long.getLong("roundtrip.seed", 0x5EED_2024L);
        int trees = Integer.getInteger("roundtrip.trees", 3000);
        System.out.println("RoundTripTest.shouldRoundTripGeneratedTrees: seed=" + seed + " trees=" + trees
            + " (rerun with -Droundtrip.seed=" + seed + ")");
        OutputBackend[] outs = OutputBackend.values();
        InputBackend[] ins = InputBackend.values();
        for (int i = 0; i < trees; i++) {
            long treeSeed = seed + i;
            Val v = new ValGen(treeSeed).value();
            // rotate through every pairing of output and input backend over the run
            OutputBackend out = outs[i % outs.length];
            InputBackend in = ins[(i / outs.length) % ins.length];
            byte[] fast = encodeOne(EncoderFlavour.FAST, v::encode);
            byte[] compact = encodeOne(EncoderFlavour.COMPACT, v::encode);
            String where = "tree seed " + treeSeed + " via " + out + " -> " + in + ": " + cut(v);
            try (OutputBackend.Sink f = out.open(EncoderFlavour.FAST, fast.length);
                 OutputBackend.Sink c = out.open(EncoderFlavour.COMPACT, fast.length)) {
                v.encode(f.encoder());
                v.encode(c.encoder());
                assertTrue(Arrays.equals(fast, f.finish()), "FAST bytes differ from byte[] for " + where);
                assertTrue(Arrays.equals(compact, c.finish()), "COMPACT bytes differ from byte[] for " + where);
            }
            assertEquals(List.of(v), decode(in, fast), "FAST " + where);
            assertEquals(List.of(v), decode(in, compact), "COMPACT " + where);
            assertTrue(compact.length <= fast.length, "COMPACT longer than FAST for " + where);
        }
    }
}
