package org.amqpcodec.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.Map;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The format-code table against the reference (amqp-1.0-reference.md §1.2, §2): every one of the 256 byte
 * values, by name, definedness and width.
 */
class FormatCodeTest {

    /** code -> {encoding name, width}, written out from the reference's §2 table, independently of FormatCode. */
    private static final Map<Integer, Object[]> TABLE = new LinkedHashMap<>();

    static {
        row(0x00, "described", -1);
        row(0x40, "null", 0);
        row(0x41, "true", 0);
        row(0x42, "false", 0);
        row(0x43, "uint0", 0);
        row(0x44, "ulong0", 0);
        row(0x45, "list0", 0);
        row(0x50, "ubyte", 1);
        row(0x51, "byte", 1);
        row(0x52, "smalluint", 1);
        row(0x53, "smallulong", 1);
        row(0x54, "smallint", 1);
        row(0x55, "smalllong", 1);
        row(0x56, "boolean", 1);
        row(0x60, "ushort", 2);
        row(0x61, "short", 2);
        row(0x70, "uint", 4);
        row(0x71, "int", 4);
        row(0x72, "float", 4);
        row(0x73, "char", 4);
        row(0x74, "decimal32", 4);
        row(0x80, "ulong", 8);
        row(0x81, "long", 8);
        row(0x82, "double", 8);
        row(0x83, "timestamp", 8);
        row(0x84, "decimal64", 8);
        row(0x94, "decimal128", 16);
        row(0x98, "uuid", 16);
        row(0xA0, "vbin8", 1);
        row(0xA1, "str8-utf8", 1);
        row(0xA3, "sym8", 1);
        row(0xB0, "vbin32", 4);
        row(0xB1, "str32-utf8", 4);
        row(0xB3, "sym32", 4);
        row(0xC0, "list8", 1);
        row(0xC1, "map8", 1);
        row(0xD0, "list32", 4);
        row(0xD1, "map32", 4);
        row(0xE0, "array8", 1);
        row(0xF0, "array32", 4);
    }

    private static void row(int code, String name, int width) {
        TABLE.put(code, new Object[] {name, width});
    }

    @Test
    void shouldListFortyCodesInTheReferenceTable() {
        // 39 primitive encodings (reference §2) plus the described constructor 0x00
        assertEquals(40, TABLE.size());
    }

    @Test
    void shouldDescribeEveryByteValue() {
        for (int code = 0; code <= 0xFF; code++) {
            Object[] row = TABLE.get(code);
            String name = row == null ? "undefined" : (String) row[0];
            assertEquals(name + " (0x" + String.format("%02X", code) + ")", FormatCode.describe(code), "code " + code);
        }
    }

    @Test
    void shouldDescribeWithUpperCaseTwoDigitHex() {
        assertEquals("str8-utf8 (0xA1)", FormatCode.describe(0xA1));
        assertEquals("described (0x00)", FormatCode.describe(0x00));
        assertEquals("undefined (0x57)", FormatCode.describe(0x57));
        assertEquals("undefined (0x0F)", FormatCode.describe(0x0F));
        assertEquals("undefined (0xFF)", FormatCode.describe(0xFF));
    }

    @ParameterizedTest
    @ValueSource(ints = {-1, 256, 0x1A1, Integer.MIN_VALUE, Integer.MAX_VALUE})
    void shouldDescribeValuesOutsideAByteAsInvalid(int code) {
        assertEquals("invalid code (" + code + ")", FormatCode.describe(code));
        assertFalse(FormatCode.isDefined(code));
        assertEquals(-1, FormatCode.width(code));
    }

    @Test
    void shouldDefineExactlyTheReferenceCodes() {
        int defined = 0;
        for (int code = 0; code <= 0xFF; code++) {
            assertEquals(TABLE.containsKey(code), FormatCode.isDefined(code), "code " + code);
            if (FormatCode.isDefined(code)) {
                defined++;
            }
        }
        assertEquals(40, defined);
    }

    @Test
    void shouldGiveTheWidthOfEveryByteValue() {
        for (int code = 0; code <= 0xFF; code++) {
            Object[] row = TABLE.get(code);
            int width = row == null ? -1 : (Integer) row[1];
            assertEquals(width, FormatCode.width(code), FormatCode.describe(code));
        }
    }

    @Test
    void shouldGiveWidthsThatFollowTheSubcategoryNibble() {
        // reference §1.2: 0x4..0x9 fixed 0/1/2/4/8/16; 0xA/0xC/0xE one-byte size; 0xB/0xD/0xF four-byte size
        int[] bySubcategory = {-1, -1, -1, -1, 0, 1, 2, 4, 8, 16, 1, 4, 1, 4, 1, 4};
        for (int code = 1; code <= 0xFF; code++) {
            if (FormatCode.isDefined(code)) {
                assertEquals(bySubcategory[code >>> 4], FormatCode.width(code), FormatCode.describe(code));
            }
        }
    }

    @Test
    void shouldNotDefineAnyExtensionCode() {
        // no 0xXF code is defined by AMQP 1.0, and nothing in 0x01..0x3F is a constructor
        for (int code = 0; code <= 0xFF; code++) {
            if ((code & 0x0F) == 0x0F || (code >= 0x01 && code <= 0x3F)) {
                assertFalse(FormatCode.isDefined(code), FormatCode.describe(code));
            }
        }
    }

    @Nested
    class Constants {

        @Test
        void shouldHaveTheSpecificationValues() {
            int[][] pairs = {
                {FormatCode.DESCRIBED, 0x00}, {FormatCode.NULL, 0x40}, {FormatCode.BOOLEAN_TRUE, 0x41},
                {FormatCode.BOOLEAN_FALSE, 0x42}, {FormatCode.UINT0, 0x43}, {FormatCode.ULONG0, 0x44},
                {FormatCode.LIST0, 0x45}, {FormatCode.UBYTE, 0x50}, {FormatCode.BYTE, 0x51},
                {FormatCode.SMALLUINT, 0x52}, {FormatCode.SMALLULONG, 0x53}, {FormatCode.SMALLINT, 0x54},
                {FormatCode.SMALLLONG, 0x55}, {FormatCode.BOOLEAN, 0x56}, {FormatCode.USHORT, 0x60},
                {FormatCode.SHORT, 0x61}, {FormatCode.UINT, 0x70}, {FormatCode.INT, 0x71}, {FormatCode.FLOAT, 0x72},
                {FormatCode.CHAR, 0x73}, {FormatCode.DECIMAL32, 0x74}, {FormatCode.ULONG, 0x80},
                {FormatCode.LONG, 0x81}, {FormatCode.DOUBLE, 0x82}, {FormatCode.TIMESTAMP, 0x83},
                {FormatCode.DECIMAL64, 0x84}, {FormatCode.DECIMAL128, 0x94}, {FormatCode.UUID, 0x98},
                {FormatCode.VBIN8, 0xA0}, {FormatCode.STR8_UTF8, 0xA1}, {FormatCode.SYM8, 0xA3},
                {FormatCode.VBIN32, 0xB0}, {FormatCode.STR32_UTF8, 0xB1}, {FormatCode.SYM32, 0xB3},
                {FormatCode.LIST8, 0xC0}, {FormatCode.MAP8, 0xC1}, {FormatCode.LIST32, 0xD0},
                {FormatCode.MAP32, 0xD1}, {FormatCode.ARRAY8, 0xE0}, {FormatCode.ARRAY32, 0xF0},
            };
            assertEquals(TABLE.size(), pairs.length);
            for (int[] p : pairs) {
                assertEquals(p[1], p[0]);
                assertTrue(TABLE.containsKey(p[0]), FormatCode.describe(p[0]));
            }
        }

        @Test
        void shouldNameEachConstantAfterItsDescription() {
            assertEquals("list0 (0x45)", FormatCode.describe(FormatCode.LIST0));
            assertEquals("smalllong (0x55)", FormatCode.describe(FormatCode.SMALLLONG));
            assertEquals("array32 (0xF0)", FormatCode.describe(FormatCode.ARRAY32));
            assertEquals("array8 (0xE0)", FormatCode.describe(FormatCode.ARRAY8));
        }
    }
}
