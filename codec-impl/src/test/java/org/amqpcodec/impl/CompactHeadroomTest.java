package org.amqpcodec.impl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.Arrays;

import org.amqpcodec.api.OutputFullException;
import org.amqpcodec.api.Type;
import org.amqpcodec.impl.testing.Val;
import org.amqpcodec.impl.testing.ValGen;
import org.junit.jupiter.api.Test;

/**
 * The compact encoder reserves narrow headers and widens on overflow, so a fixed output needs no more room than
 * the result takes: exactly its size, or two bytes more while an empty list's list8 reservation has not yet
 * become list0. Arrays included: their elements start narrow and are widened in place when one does not fit.
 */
class CompactHeadroomTest {

    private static final long SEED = 0xC0FFEEL;

    @Test
    void shouldEncodeIntoAnOutputOfExactlyTheEncodedSize() {
        ValGen gen = new ValGen(SEED);
        int exact = 0;
        for (int i = 0; i < 2000; i++) {
            Val v = gen.value();
            byte[] expected = growable(v);
            int room = expected.length + (hasEmptyList(v) ? 2 : 0);
            if (room == expected.length) {
                exact++;
            }
            byte[] out = new byte[room + 8];
            ByteArrayEncoder fixed = new ByteArrayEncoder(EncoderFlavour.COMPACT).wrap(out, 4, room);
            v.encode(fixed);
            assertEquals(expected.length, fixed.finish(), "seed " + SEED + " tree " + i + ": " + v);
            assertArrayEquals(expected, Arrays.copyOfRange(out, 4, 4 + expected.length), "tree " + i);

            ByteBuffer direct = ByteBuffer.allocateDirect(room);
            ByteBufferEncoder bb = new ByteBufferEncoder(EncoderFlavour.COMPACT).wrap(direct);
            v.encode(bb);
            assertEquals(expected.length, bb.finish(), "tree " + i);
        }
        assertTrue(exact > 1000, "most trees have no empty list and must fit exactly: " + exact);
    }

    @Test
    void shouldWidenAnArraysElementsInPlaceWithoutHeadroom() {
        // 200 small ints then one that needs four bytes: 1 + 200 + 1 narrow, then all widened to 4 bytes each
        Val v = Val.array(Type.INT, null, java.util.stream.IntStream.rangeClosed(0, 200)
            .mapToObj(i -> Val.of(Type.INT, i == 200 ? 100_000 : i)).collect(java.util.stream.Collectors.toList()));
        byte[] expected = growable(v);
        assertEquals(9 + 1 + 201 * 4, expected.length); // array32: 201 elements of 0x71
        byte[] out = new byte[expected.length];
        ByteArrayEncoder fixed = new ByteArrayEncoder(EncoderFlavour.COMPACT).wrap(out);
        v.encode(fixed);
        assertEquals(expected.length, fixed.finish());
        assertArrayEquals(expected, out);

        ByteArrayEncoder tooSmall = new ByteArrayEncoder(EncoderFlavour.COMPACT).wrap(new byte[expected.length - 1]);
        OutputFullException e = assertThrows(OutputFullException.class, () -> v.encode(tooSmall));
        assertTrue(e.requiredCapacity() <= expected.length, e.getMessage());
    }

    private static byte[] growable(Val v) {
        ByteArrayEncoder e = new ByteArrayEncoder(EncoderFlavour.COMPACT);
        v.encode(e);
        e.finish();
        return e.toByteArray();
    }

    private static boolean hasEmptyList(Val v) {
        if (v.isDescribed()) {
            return hasEmptyList(v.descriptor) || hasEmptyList(v.described);
        }
        if (v.items == null) {
            return false;
        }
        if (v.type == Type.LIST && v.items.isEmpty()) {
            return true;
        }
        return v.items.stream().anyMatch(CompactHeadroomTest::hasEmptyList)
            || v.descriptor != null && hasEmptyList(v.descriptor);
    }
}
