package org.amqpcodec.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/** {@link Type}: which type every format code encodes, each type's widest code, and its classification. */
class TypeTest {

    /** code -> type, from the reference's §2 table (first column), independently of Type's own table. */
    private static final Map<Integer, Type> BY_CODE = new HashMap<>();
    /** The one-size-fits-all encoding of each type. */
    private static final Map<Type, Integer> WIDEST = new EnumMap<>(Type.class);

    static {
        codes(Type.NULL, 0x40, 0x40);
        codes(Type.BOOLEAN, 0x56, 0x56, 0x41, 0x42);
        codes(Type.UBYTE, 0x50, 0x50);
        codes(Type.USHORT, 0x60, 0x60);
        codes(Type.UINT, 0x70, 0x70, 0x52, 0x43);
        codes(Type.ULONG, 0x80, 0x80, 0x53, 0x44);
        codes(Type.BYTE, 0x51, 0x51);
        codes(Type.SHORT, 0x61, 0x61);
        codes(Type.INT, 0x71, 0x71, 0x54);
        codes(Type.LONG, 0x81, 0x81, 0x55);
        codes(Type.FLOAT, 0x72, 0x72);
        codes(Type.DOUBLE, 0x82, 0x82);
        codes(Type.DECIMAL32, 0x74, 0x74);
        codes(Type.DECIMAL64, 0x84, 0x84);
        codes(Type.DECIMAL128, 0x94, 0x94);
        codes(Type.CHAR, 0x73, 0x73);
        codes(Type.TIMESTAMP, 0x83, 0x83);
        codes(Type.UUID, 0x98, 0x98);
        codes(Type.BINARY, 0xB0, 0xA0, 0xB0);
        codes(Type.STRING, 0xB1, 0xA1, 0xB1);
        codes(Type.SYMBOL, 0xB3, 0xA3, 0xB3);
        codes(Type.LIST, 0xD0, 0x45, 0xC0, 0xD0);
        codes(Type.MAP, 0xD1, 0xC1, 0xD1);
        codes(Type.ARRAY, 0xF0, 0xE0, 0xF0);
    }

    private static void codes(Type type, int widest, int... codes) {
        WIDEST.put(type, widest);
        for (int code : codes) {
            BY_CODE.put(code, type);
        }
    }

    @Test
    void shouldCoverEveryTypeAndThe39PrimitiveCodes() {
        assertEquals(EnumSet.allOf(Type.class), WIDEST.keySet());
        assertEquals(39, BY_CODE.size());
    }

    @Test
    void shouldMapEveryByteValueToItsType() {
        for (int code = 0; code <= 0xFF; code++) {
            assertSame(BY_CODE.get(code), Type.ofFormatCode(code), FormatCode.describe(code));
        }
    }

    @Test
    void shouldMapEveryDefinedPrimitiveCodeAndNothingElse() {
        for (int code = 0; code <= 0xFF; code++) {
            boolean primitive = FormatCode.isDefined(code) && code != FormatCode.DESCRIBED;
            assertEquals(primitive, Type.ofFormatCode(code) != null, FormatCode.describe(code));
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {-1, 256, 0x140, Integer.MIN_VALUE, Integer.MAX_VALUE, FormatCode.DESCRIBED, 0x57, 0xA2})
    void shouldHaveNoTypeForDescribedUndefinedOrOutOfRangeCodes(int code) {
        assertNull(Type.ofFormatCode(code));
    }

    @ParameterizedTest
    @EnumSource(Type.class)
    void shouldGiveTheWidestFormatCode(Type type) {
        assertEquals(WIDEST.get(type), type.widestFormatCode());
        assertSame(type, Type.ofFormatCode(type.widestFormatCode()));
    }

    @ParameterizedTest
    @EnumSource(Type.class)
    void shouldPickTheWidestAmongTheTypesEncodings(Type type) {
        // among a type's codes the widest has the largest size field or value width (boolean: the one with a byte)
        int widest = type.widestFormatCode();
        for (Map.Entry<Integer, Type> e : BY_CODE.entrySet()) {
            if (e.getValue() == type) {
                assertTrue(FormatCode.width(e.getKey()) <= FormatCode.width(widest), FormatCode.describe(e.getKey()));
            }
        }
    }

    @Test
    void shouldClassifyFixedWidthTypes() {
        Set<Type> fixed = EnumSet.range(Type.NULL, Type.UUID);
        for (Type t : Type.values()) {
            assertEquals(fixed.contains(t), t.isFixedWidth(), t.name());
            // fixed-width types are exactly those whose codes have subcategory 0x4..0x9
            int nibble = t.widestFormatCode() >>> 4;
            assertEquals(nibble >= 0x4 && nibble <= 0x9, t.isFixedWidth(), t.name());
        }
        assertEquals(18, fixed.size());
    }

    @Test
    void shouldClassifyVariableWidthTypes() {
        Set<Type> variable = EnumSet.of(Type.BINARY, Type.STRING, Type.SYMBOL);
        for (Type t : Type.values()) {
            assertEquals(variable.contains(t), t.isVariableWidth(), t.name());
        }
    }

    @Test
    void shouldClassifyCompoundTypes() {
        Set<Type> compound = EnumSet.of(Type.LIST, Type.MAP, Type.ARRAY);
        for (Type t : Type.values()) {
            assertEquals(compound.contains(t), t.isCompound(), t.name());
        }
    }

    @Test
    void shouldClassifyIntegerTypes() {
        Set<Type> integers = EnumSet.of(Type.UBYTE, Type.USHORT, Type.UINT, Type.ULONG, Type.BYTE, Type.SHORT,
            Type.INT, Type.LONG);
        for (Type t : Type.values()) {
            assertEquals(integers.contains(t), t.isInteger(), t.name());
        }
        // boolean, char and timestamp answer integer getters but are not integers
        assertTrue(!Type.BOOLEAN.isInteger() && !Type.CHAR.isInteger() && !Type.TIMESTAMP.isInteger());
    }

    @Test
    void shouldPutEveryTypeInExactlyOneWidthClass() {
        for (Type t : Type.values()) {
            int classes = (t.isFixedWidth() ? 1 : 0) + (t.isVariableWidth() ? 1 : 0) + (t.isCompound() ? 1 : 0);
            assertEquals(1, classes, t.name());
        }
    }
}
