package org.amqpcodec.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;

import org.amqpcodec.api.DataHandler;
import org.amqpcodec.api.Decoder;
import org.amqpcodec.api.Encoder;
import org.amqpcodec.api.Symbol;
import org.amqpcodec.api.Type;
import org.amqpcodec.impl.testing.CopyHandler;
import org.amqpcodec.impl.testing.EveryValue;
import org.amqpcodec.impl.testing.Hex;
import org.amqpcodec.impl.testing.InputBackend;
import org.amqpcodec.impl.testing.OutputBackend;
import org.amqpcodec.impl.testing.Val;
import org.amqpcodec.impl.testing.ValBuilder;
import org.amqpcodec.impl.testing.ValGen;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link Decoder#copyEncodedTo(Encoder)}: the raw bytes of a primitive, a compound, an array element (made a
 * complete value with the array's element constructor and element descriptor) and a descriptor, copied from
 * every input backend into every output backend in both flavours, and into an {@link Encoder} that is not one of
 * this library's. Handlers that re-encode a message by copying reproduce it byte for byte.
 */
class CopyEncodedToTest {

    /** A message touching every shape: performative, sections, arrays of every kind, nested described values. */
    static void writeMessage(Encoder e) {
        e.putDescriptor(0x14).putList().putUint(0).putUint(1).putBinary(new byte[] {1, 2, 3, 4}).putUint(0)
            .putBoolean(true).putNull().end();
        e.putDescriptor(0x70).putList().putBoolean(true).putUbyte(4).end();
        e.putDescriptor(0x73).putList().putUuid(0x0123456789ABCDEFL, -2L).putNull().putString("queue://a")
            .putNull().putNull().putNull().putSymbol("text/plain").putNull().putTimestamp(-1311704463521L).end();
        e.putDescriptor(0x74).putMap().putString("k1").putInt(-5).putString("k2").putDouble(-0.0)
            .putString("long").putString("\u00E9".repeat(200)).putString("empty").putMap().end().end();
        e.putDescriptor(0x77).putList();
        e.putArray(Type.INT).putInt(1).putInt(-2).putInt(300).end();
        e.putArray(Type.ULONG).putUlong(0).putUlong(255).end();
        e.putArray(Type.STRING).putString("a").putString("b".repeat(300)).end();
        e.putArray(Type.SYMBOL).putSymbol("x").end();
        e.putArray(Type.BOOLEAN).putBoolean(true).putBoolean(false).end();
        e.putArray(Type.NULL).putNull().putNull().putNull().end();
        e.putArray(Type.LIST).putDescriptor(0x23).putList().putUint(0).putUlong(0).end().putList().end().end();
        e.putArray(Type.ARRAY).putArray(Type.INT).putInt(1).putInt(2).end().putArray(Type.STRING).putString("s").end()
            .end();
        e.putArray(Type.MAP).putMap().putSymbol("a").putString("b").end().putMap().end().end();
        e.putArray(Type.ARRAY).putDescriptor().putSymbol("x").putArray(Type.UBYTE).putUbyte(7).end().end();
        e.putArray(Type.UUID).end();
        e.putArray(Type.LIST).end();
        e.putDescriptor().putSymbol("outer").putDescriptor(5).putMap().putSymbol("in").putChar(0x1F600).end();
        e.putDescriptor(0x0000468C00000004L).putDecimal128(0x3040000000000000L, 1);
        e.end();
    }

    /** The hand-written message, then generated values (fixed seeds, so failures reproduce). */
    static void writeAll(Encoder e) {
        writeMessage(e);
        for (Val v : GENERATED) {
            v.encode(e);
        }
    }

    static final List<Val> GENERATED = new ArrayList<>();

    static {
        for (long seed = 1; seed <= 25; seed++) {
            GENERATED.add(new ValGen(seed).value());
        }
    }

    static byte[] encode(EncoderFlavour flavour, Consumer<Encoder> writer) {
        ByteArrayEncoder e = new ByteArrayEncoder(flavour);
        writer.accept(e);
        return e.toByteArray();
    }

    /** Rebuilds lists and maps with the encoder and copies everything else (arrays whole). */
    static class StructuralCopier implements DataHandler {
        final Encoder out;
        int copies;

        StructuralCopier(Encoder out) {
            this.out = out;
        }

        @Override
        public void onDescriptor(Decoder d) {
            out.putDescriptor();
            d.copyEncodedTo(out);
            copies++;
        }

        @Override
        public void onPrimitive(Decoder d) {
            d.copyEncodedTo(out);
            copies++;
        }

        @Override
        public void onListBegin(Decoder d) {
            out.putList();
        }

        @Override
        public void onListEnd(Decoder d) {
            out.end();
        }

        @Override
        public void onMapBegin(Decoder d) {
            out.putMap();
        }

        @Override
        public void onMapEnd(Decoder d) {
            out.end();
        }

        @Override
        public void onArrayBegin(Decoder d) {
            d.copyEncodedTo(out);
            d.skip();
            copies++;
        }
    }

    /** Copies every array element, at any depth, as a standalone top-level value. */
    static final class ElementCopier extends EveryValue {
        final Encoder out;
        int copied;

        ElementCopier(Encoder out) {
            this.out = out;
        }

        @Override
        protected void at(Decoder d) {
            if (d.isArrayElement()) {
                d.copyEncodedTo(out);
                copied++;
            }
        }
    }

    /** Copies every descriptor (including array element descriptors) as a standalone top-level value. */
    static final class DescriptorCopier implements DataHandler {
        final Encoder out;

        DescriptorCopier(Encoder out) {
            this.out = out;
        }

        @Override
        public void onDescriptor(Decoder d) {
            d.copyEncodedTo(out);
        }
    }

    /** The elements of every array in {@code v}, in scan order, each described by its array's element descriptor. */
    static void elements(Val v, List<Val> out) {
        Val p = v.plain();
        if (p.type == Type.ARRAY) {
            for (Val item : p.items) {
                out.add(p.descriptor == null ? item : Val.described(p.descriptor, item));
                elements(item, out);
            }
        } else if (p.type == Type.LIST || p.type == Type.MAP) {
            for (Val item : p.items) {
                elements(item, out);
            }
        }
    }

    /** An Encoder that is not one of this library's: it forwards every call, counting putEncoded. */
    static final class Foreign {
        final Encoder encoder;
        int putEncodedCalls;

        Foreign(Encoder target) {
            this.encoder = (Encoder) Proxy.newProxyInstance(Encoder.class.getClassLoader(),
                new Class<?>[] {Encoder.class}, (proxy, method, args) -> {
                    if (method.getName().equals("putEncoded")) {
                        putEncodedCalls++;
                    }
                    try {
                        Object result = method.invoke(target, args);
                        return result == target ? proxy : result;
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
        }
    }

    static Stream<Arguments> combinations() {
        List<Arguments> all = new ArrayList<>();
        for (InputBackend in : InputBackend.values()) {
            for (OutputBackend out : OutputBackend.values()) {
                for (EncoderFlavour f : EncoderFlavour.values()) {
                    all.add(Arguments.of(in, out, f));
                }
            }
        }
        return all.stream();
    }

    static byte[] copy(InputBackend in, byte[] bytes, OutputBackend out, EncoderFlavour flavour,
                       java.util.function.Function<Encoder, DataHandler> handler) {
        // element copies repeat constructors and nested arrays: room for several times the input
        try (InputBackend.Source src = in.open(bytes);
             OutputBackend.Sink sink = out.open(flavour, 4 * bytes.length + 64)) {
            assertTrue(src.decoder().decode(handler.apply(sink.encoder())));
            return sink.finish();
        }
    }

    static void assertSameBytes(byte[] expected, byte[] actual) {
        if (!java.util.Arrays.equals(expected, actual)) {
            int i = java.util.Arrays.mismatch(expected, actual);
            int from = Math.max(0, i - 16);
            assertEquals(Hex.text(expected, from, Math.min(48, expected.length - from)),
                Hex.text(actual, from, Math.min(48, Math.max(0, actual.length - from))),
                "first difference at offset " + i + " of " + expected.length + " (actual " + actual.length + ")");
        }
    }

    @ParameterizedTest(name = "{0} -> {1} {2}")
    @MethodSource("combinations")
    void shouldReproduceAMessageByCopyingEveryTopLevelValue(InputBackend in, OutputBackend out, EncoderFlavour f) {
        byte[] message = encode(f, CopyEncodedToTest::writeAll);
        assertSameBytes(message, copy(in, message, out, f, CopyHandler::new));
    }

    @ParameterizedTest(name = "{0} -> {1} {2}")
    @MethodSource("combinations")
    void shouldReproduceAMessageByRebuildingCompoundsAndCopyingTheRest(InputBackend in, OutputBackend out,
                                                                     EncoderFlavour f) {
        byte[] message = encode(f, CopyEncodedToTest::writeAll);
        assertSameBytes(message, copy(in, message, out, f, StructuralCopier::new));
    }

    @ParameterizedTest(name = "{0} -> {1} {2}")
    @MethodSource("combinations")
    void shouldCopyArrayElementsAsCompleteValues(InputBackend in, OutputBackend out, EncoderFlavour f) {
        byte[] message = encode(f, CopyEncodedToTest::writeAll);
        ValBuilder original = new ValBuilder();
        try (InputBackend.Source src = in.open(message)) {
            src.decoder().decode(original);
        }
        List<Val> expected = new ArrayList<>();
        original.values().forEach(v -> elements(v, expected));
        assertTrue(expected.size() > 30, "the message has elements of many kinds: " + expected.size());

        byte[] copies = copy(in, message, out, f, ElementCopier::new);
        ValBuilder decoded = new ValBuilder();
        try (InputBackend.Source src = in.open(copies)) {
            assertTrue(src.decoder().decode(decoded));
        }
        assertEquals(expected, decoded.values());
    }

    @ParameterizedTest(name = "{0} -> {1} {2}")
    @MethodSource("combinations")
    void shouldCopyIntoAnEncoderOfAnotherImplementation(InputBackend in, OutputBackend out, EncoderFlavour f) {
        byte[] message = encode(f, CopyEncodedToTest::writeAll);
        Foreign[] foreign = new Foreign[1];
        StructuralCopier[] copier = new StructuralCopier[1];
        byte[] copied = copy(in, message, out, f, e -> {
            foreign[0] = new Foreign(e);
            copier[0] = new StructuralCopier(foreign[0].encoder);
            return copier[0];
        });
        assertSameBytes(message, copied);
        assertTrue(copier[0].copies > 0);
        assertEquals(copier[0].copies, foreign[0].putEncodedCalls, "each copy is one Encoder.putEncoded call");
    }

    /** Element copies spelled out: the array's constructor (and element descriptor) comes first. */
    @ParameterizedTest
    @EnumSource(InputBackend.class)
    void shouldPrefixElementCopiesWithTheArraysConstructor(InputBackend in) {
        assertElementCopies(in, "E0 04 02 52 01 02", "52 01", "52 02");
        assertElementCopies(in, "E0 02 03 40", "40", "40", "40");
        assertElementCopies(in, "E0 04 02 56 01 00", "56 01", "56 00");
        assertElementCopies(in, "E0 0D 02 00 53 23 C0 03 02 43 44 03 02 43 44",
            "00 53 23 C0 03 02 43 44", "00 53 23 C0 03 02 43 44");
        assertElementCopies(in, "F0 00000023 00000002 F0 | 0000000D 00000002 71 00000001 00000002"
                + " | 00000009 00000001 71 00000003",
            "F0 0000000D 00000002 71 00000001 00000002", "71 00000001", "71 00000002",
            "F0 00000009 00000001 71 00000003", "71 00000003");
        assertElementCopies(in, "E0 0A 01 00 A3 01 78 E0 03 01 52 07", "00 A3 01 78 E0 03 01 52 07", "52 07");
        assertElementCopies(in, "E0 09 01 00 53 01 00 53 02 52 05", "00 53 01 00 53 02 52 05");
    }

    static void assertElementCopies(InputBackend in, String array, String... copies) {
        try (InputBackend.Source src = in.open(Hex.bytes(array))) {
            List<String> got = new ArrayList<>();
            assertTrue(src.decoder().decode(new EveryValue() {
                @Override
                protected void at(Decoder d) {
                    if (d.isArrayElement()) {
                        ByteArrayEncoder e = new ByteArrayEncoder(EncoderFlavour.FAST);
                        d.copyEncodedTo(e);
                        got.add(Hex.text(e.toByteArray()));
                    }
                }
            }));
            List<String> want = new ArrayList<>();
            for (String c : copies) {
                want.add(Hex.text(Hex.bytes(c)));
            }
            assertEquals(want, got, array);
        }
    }

    @ParameterizedTest
    @EnumSource(InputBackend.class)
    void shouldCopyOnlyTheDescriptorValueInOnDescriptor(InputBackend in) {
        String hex = "00 53 24 45 | 00 A3 02 61 62 00 80 0000468C00000004 40"
            + " | E0 0D 02 00 53 23 C0 03 02 43 44 03 02 43 44";
        for (EncoderFlavour f : EncoderFlavour.values()) {
            byte[] copies = copy(in, Hex.bytes(hex), OutputBackend.BYTE_ARRAY_GROWABLE, f, DescriptorCopier::new);
            assertEquals(Hex.text(Hex.bytes("53 24 A3 02 61 62 80 0000468C00000004 53 23")), Hex.text(copies));
        }
    }

    @ParameterizedTest
    @EnumSource(InputBackend.class)
    void shouldCopyPrimitivesAndCompoundsExactlyAsEncoded(InputBackend in) {
        // non-minimal encodings stay as they are: a copy is of bytes, not of values
        String hex = "70 00000001 | 80 0000000000000000 | D0 00000004 00000000 | B3 00000001 78 | C1 01 00";
        List<String> got = new ArrayList<>();
        try (InputBackend.Source src = in.open(Hex.bytes(hex))) {
            assertTrue(src.decoder().decode(new EveryValue() {
                @Override
                protected void at(Decoder d) {
                    ByteArrayEncoder e = new ByteArrayEncoder(EncoderFlavour.COMPACT);
                    d.copyEncodedTo(e);
                    assertEquals(d.encodedSize(), e.position());
                    got.add(Hex.text(e.toByteArray()));
                }
            }));
        }
        assertEquals(List.of("70 00 00 00 01", "80 00 00 00 00 00 00 00 00", "D0 00 00 00 04 00 00 00 00",
            "B3 00 00 00 01 78", "C1 01 00"), got);
    }

    @ParameterizedTest
    @EnumSource(InputBackend.class)
    void shouldCopySymbolsComparedByDataEqualsWithoutDecodingThem(InputBackend in) {
        // a routing-style handler: copy only the values whose key matches, never decoding a string
        byte[] bytes = encode(EncoderFlavour.COMPACT, e -> {
            e.putMap().putSymbol("skip").putString("no").putSymbol("take").putList().putInt(1).end()
                .putSymbol("taken").putString("not me").end();
            e.putMap().putSymbol("take").putString("yes").end();
        });
        Symbol take = Symbol.valueOf("take");
        try (InputBackend.Source src = in.open(bytes)) {
            ByteArrayEncoder out = new ByteArrayEncoder(EncoderFlavour.COMPACT);
            boolean[] wanted = {false};
            assertTrue(src.decoder().decode(new DataHandler() {
                @Override
                public void onPrimitive(Decoder d) {
                    if (d.isMapKey()) {
                        wanted[0] = d.dataEquals(take);
                    } else if (wanted[0]) {
                        d.copyEncodedTo(out);
                    }
                }

                @Override
                public void onListBegin(Decoder d) {
                    if (wanted[0]) {
                        d.copyEncodedTo(out);
                        d.skip();
                    }
                }
            }));
            assertEquals(Hex.text(Hex.bytes("C0 03 01 54 01 A1 03 79 65 73")), Hex.text(out.toByteArray()));
        }
    }
}
