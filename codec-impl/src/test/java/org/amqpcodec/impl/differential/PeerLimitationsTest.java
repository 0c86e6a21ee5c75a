package org.amqpcodec.impl.differential;

import java.util.Arrays;
import java.util.Date;
import java.util.List;
import java.util.Map;

import org.amqpcodec.impl.testing.Hex;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Pins, with exact bytes, each peer behaviour that the differential corpus works around ({@link Peer#generator},
 * {@link Restrictions.Rule}, the converters' choice of Java types). If a peer upgrade changes one of these, its
 * test fails and the workaround can be narrowed or dropped.
 */
class PeerLimitationsTest {

    /** Decodes hex with one peer, or checks that it rejects it. */
    abstract static class WithPeer {

        final Peer peer;

        WithPeer(Peer peer) {
            this.peer = peer;
        }

        Object decode(String hex) {
            return peer.decode(Hex.bytes(hex));
        }

        void assertRejects(String hex, String message) {
            RuntimeException e = assertThrows(RuntimeException.class, () -> decode(hex));
            assertTrue(String.valueOf(e.getMessage()).contains(message), e::toString);
        }
    }

    @Nested
    class ProtonJ extends WithPeer {

        ProtonJ() {
            super(new ProtonJPeer());
        }

        @Test
        void shouldKeepOnlyTheLow16BitsOfAChar() {
            assertEquals('\uF600', decode("73 0001F600")); // U+1F600; see Peer#generator
        }

        @Test
        void shouldDecodeDefinedDescriptorsToTypedClassesOnly() {
            assertRejects("00 53 24 54 01", "Incorrect type found in Accepted type encoding"); // DEFINED_DESCRIPTOR
            assertRejects("00 53 70 54 01", "Incorrect type found in Header encoding");
            assertEquals("x", assertInstanceOf(org.apache.qpid.proton.amqp.messaging.AmqpValue.class,
                decode("00 53 77 A1 01 78")).getValue());
        }

        @Test
        void shouldRejectAnArrayOfNullsWithElements() { // NULL_ARRAY_ELEMENTS
            assertRejects("E0 02 03 40", "0-width-element limit");
            assertThrows(IllegalArgumentException.class, () -> peer.encode(new Void[2]));
            assertEquals(0, assertInstanceOf(Void[].class, decode("E0 02 00 40")).length);
        }

        @Test
        void shouldLoseTheDescriptorOfAnEmptyDescribedArray() { // EMPTY_DESCRIBED_ARRAY
            assertEquals(0, assertInstanceOf(Object[].class, decode("E0 06 00 00 A3 01 78 83")).length);
        }

        @Test
        void shouldKeepOneEntryOfDuplicateKeys() { // DUPLICATE_KEY
            assertEquals(Map.of(1, 1), decode("C1 09 04 54 01 54 02 54 01 54 01"));
        }

        /**
         * Why our COMPACT encoder writes descriptor 0 as {@code 53 00}, never as the legal {@code 44}: Proton-J
         * rejects it, though its own encoder writes it.
         */
        @Test
        void shouldRejectADescriptorWrittenAsUlong0ThatItWritesItself() {
            assertRejects("00 44 54 01", "Reserved non-ulong/non-symbol described-type descriptors");
            assertInstanceOf(org.apache.qpid.proton.amqp.DescribedType.class, decode("00 53 00 54 01"));
            assertEquals("00 44 54 01", Hex.text(peer.encode(new org.apache.qpid.proton.amqp.UnknownDescribedType(
                org.apache.qpid.proton.amqp.UnsignedLong.valueOf(0), 1))));
        }

        @Test
        void shouldNotEncodeAnArrayOfDescribedValues() { // DESCRIBED_ARRAY
            assertThrows(NullPointerException.class, () -> peer.encode(
                new org.apache.qpid.proton.amqp.DescribedType[] {new org.apache.qpid.proton.amqp.UnknownDescribedType(
                    org.apache.qpid.proton.amqp.Symbol.valueOf("x"), 1)}));
        }

        @Test
        void shouldMisSizeTheLoneElementOfANestedArrayOfArrays() { // SINGLE_NESTED_ARRAY_OF_ARRAYS
            byte[] bytes = peer.encode(new Object[][] {new Object[][] {new Integer[] {1, 2}}});
            // the innermost size should be 0000000D
            assertEquals(Hex.text(Hex.bytes("E0 1C 01 F0 | 00000016 00000001 F0 | 00000016 00000002 71 00000001"
                + " 00000002")), Hex.text(bytes));
        }

        @Test
        void shouldNotEncodeAPrimitiveArrayInsideAList() { // ProtonJConverter boxes nested arrays
            assertThrows(ClassCastException.class, () -> peer.encode(List.of((Object) new int[] {1})));
            assertEquals(Hex.text(Hex.bytes("C0 0D 01 E0 0A 02 71 00000001 00000002")),
                Hex.text(peer.encode(List.of((Object) new Integer[] {1, 2}))));
        }

        @Test
        void shouldNotEncodeAnEmptyObjectArray() { // ProtonJConverter uses Object[][] for arrays of arrays
            assertThrows(NullPointerException.class, () -> peer.encode(new Object[0]));
            assertEquals("E0 02 00 F0", Hex.text(peer.encode(new Object[0][])));
        }
    }

    @Nested
    class ProtonJ2 extends WithPeer {

        ProtonJ2() {
            super(new ProtonJ2Peer());
        }

        @Test
        void shouldKeepOnlyTheLow16BitsOfAChar() {
            assertEquals('\uF600', decode("73 0001F600")); // U+1F600; see Peer#generator
        }

        @Test
        void shouldDecodeDefinedDescriptorsToTypedClassesOnly() {
            assertRejects("00 53 24 54 01", "Expected list encoding"); // DEFINED_DESCRIPTOR
            assertEquals("x", assertInstanceOf(org.apache.qpid.protonj2.types.messaging.AmqpValue.class,
                decode("00 53 77 A1 01 78")).getValue());
        }

        @Test
        void shouldRejectAnArrayOfNullsWithElementsAndEncodeNone() { // NULL_ARRAY_ELEMENTS, NULL_ARRAY
            assertRejects("E0 02 03 40", "greater than the amount of data available");
            assertThrows(IllegalArgumentException.class, () -> peer.encode(new Void[0]));
        }

        @Test
        void shouldLoseTheDescriptorOfAnEmptyDescribedArray() { // EMPTY_DESCRIBED_ARRAY
            assertEquals(0, assertInstanceOf(Object[].class, decode("E0 06 00 00 A3 01 78 83")).length);
            assertThrows(ArrayIndexOutOfBoundsException.class,
                () -> peer.encode(new org.apache.qpid.protonj2.types.messaging.AmqpValue<?>[0]));
        }

        @Test
        void shouldDecodeATimestampToALong() { // ProtonJ2Converter.view, DUPLICATE_KEY
            assertEquals(5L, decode("83 0000000000000005"));
            assertEquals(Map.of(5L, 2), decode("C1 17 04 83 0000000000000005 54 01 81 0000000000000005 54 02"));
            assertArrayEquals(new Long[] {5L}, assertInstanceOf(Long[].class, decode("E0 0A 01 83 0000000000000005")));
            assertArrayEquals(new long[] {5L}, assertInstanceOf(long[].class, decode("E0 0A 01 81 0000000000000005")));
        }

        @Test
        void shouldWriteAnArrayOfTimestampsAsAnArrayOfLongs() { // TIMESTAMP_ARRAY
            assertEquals(Hex.text(Hex.bytes("F0 00000015 00000002 81 0000000000000005 FFFFFFFFFFFFFFFF")),
                Hex.text(peer.encode(new Date[] {new Date(5), new Date(-1)})));
        }

        @Test
        void shouldEncodeOnlyItsOwnDescribedArrays() { // DESCRIBED_ARRAY
            assertThrows(IllegalArgumentException.class, () -> peer.encode(
                new org.apache.qpid.protonj2.types.DescribedType[] {
                    new org.apache.qpid.protonj2.types.UnknownDescribedType(
                        org.apache.qpid.protonj2.types.Symbol.valueOf("x"), 1)}));
            assertEquals(Hex.text(Hex.bytes("F0 0000000C 00000001 00 53 77 71 00000001")), Hex.text(peer.encode(
                new org.apache.qpid.protonj2.types.messaging.AmqpValue<?>[] {
                    new org.apache.qpid.protonj2.types.messaging.AmqpValue<>(1)})));
        }

        @Test
        void shouldNotEncodeANullAfterTheFirstElementOfAList() { // NULL_AFTER_FIRST_IN_LIST
            assertThrows(NullPointerException.class, () -> peer.encode(Arrays.asList(1, null)));
            assertEquals(Hex.text(Hex.bytes("D0 00000007 00000002 40 54 01")),
                Hex.text(peer.encode(Arrays.asList(null, 1))));
        }

        @Test
        void shouldNotEncodeAnEmptyArrayOfArrays() { // EMPTY_ARRAY_OF_ARRAYS
            assertThrows(IllegalArgumentException.class, () -> peer.encode(new Object[0]));
            assertThrows(ArrayIndexOutOfBoundsException.class, () -> peer.encode(new Object[0][]));
        }

        @Test
        void shouldNotEncodeFloatOrCharArraysInsideAnArray() { // ProtonJ2Converter boxes those
            assertThrows(ClassCastException.class, () -> peer.encode(new Object[] {new float[] {1f}}));
            assertThrows(ClassCastException.class, () -> peer.encode(new Object[] {new char[] {'a'}}));
            assertEquals(Hex.text(Hex.bytes("F0 00000012 00000001 F0 | 00000009 00000001 72 3F800000")),
                Hex.text(peer.encode(new Object[] {new Float[] {1f}})));
        }
    }
}
