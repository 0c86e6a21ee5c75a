package org.amqpcodec.api;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@link Symbol}: ASCII-only construction, value semantics, byte access and the CharSequence view. */
class SymbolTest {

    @Nested
    class ValueOf {

        @Test
        void shouldAcceptEveryAsciiCharacter() {
            StringBuilder sb = new StringBuilder();
            for (char c = 0; c <= 0x7F; c++) {
                sb.append(c);
            }
            Symbol s = Symbol.valueOf(sb.toString());
            assertEquals(128, s.length());
            for (int i = 0; i < 128; i++) {
                assertEquals((char) i, s.charAt(i));
                assertEquals((byte) i, s.byteAt(i));
            }
            assertEquals(sb.toString(), s.toString());
        }

        @Test
        void shouldAcceptTheEmptySymbol() {
            Symbol s = Symbol.valueOf("");
            assertEquals(0, s.length());
            assertEquals("", s.toString());
            assertArrayEquals(new byte[0], s.toAsciiBytes());
        }

        @ParameterizedTest
        @ValueSource(strings = {"caf\u00e9", "\u0080", "a\u00ffb", "x\u20ac", "\ud83d\ude00"})
        void shouldRejectNonAsciiWithTheCharacterAndIndex(String text) {
            int index = 0;
            while (text.charAt(index) <= 0x7F) {
                index++;
            }
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Symbol.valueOf(text));
            String expected = "U+" + String.format("%04X", (int) text.charAt(index)) + " at index " + index;
            assertTrue(e.getMessage().contains(expected), e.getMessage());
            assertTrue(e.getMessage().contains("ASCII"), e.getMessage());
        }

        @Test
        void shouldRejectNull() {
            assertThrows(NullPointerException.class, () -> Symbol.valueOf(null));
        }

        @Test
        void shouldKeepTheSameStringInstance() {
            String text = "amqp:accepted:list";
            Symbol s = Symbol.valueOf(text);
            assertSame(text, s.toString());
            assertSame(s.toString(), s.toString());
        }
    }

    @Nested
    class FromAscii {

        @Test
        void shouldCopyTheRange() {
            byte[] bytes = "xxamqp:open:listyy".getBytes(StandardCharsets.US_ASCII);
            Symbol s = Symbol.fromAscii(bytes, 2, 14);
            assertEquals("amqp:open:list", s.toString());
            bytes[2] = 'Z';
            assertEquals("amqp:open:list", s.toString());
            assertEquals('a', s.charAt(0));
            assertEquals(Symbol.valueOf("amqp:open:list"), s);
        }

        @Test
        void shouldAcceptAnEmptyRange() {
            assertEquals(Symbol.valueOf(""), Symbol.fromAscii(new byte[3], 3, 0));
        }

        @ParameterizedTest
        @ValueSource(ints = {0x80, 0xC3, 0xFF})
        void shouldRejectNonAsciiBytesWithTheByteAndIndex(int b) {
            byte[] bytes = {'z', 'a', 'b', (byte) b, 'c'};
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Symbol.fromAscii(bytes, 1, 4));
            String expected = "0x" + String.format("%02X", b) + " at index 2";
            assertTrue(e.getMessage().contains(expected), e.getMessage());
            assertTrue(e.getMessage().contains("ASCII"), e.getMessage());
        }

        @Test
        void shouldIgnoreNonAsciiBytesOutsideTheRange() {
            byte[] bytes = {(byte) 0xFF, 'o', 'k', (byte) 0x80};
            assertEquals("ok", Symbol.fromAscii(bytes, 1, 2).toString());
        }

        @Test
        void shouldRejectRangesOutsideTheArray() {
            byte[] bytes = new byte[4];
            assertThrows(IndexOutOfBoundsException.class, () -> Symbol.fromAscii(bytes, -1, 2));
            assertThrows(IndexOutOfBoundsException.class, () -> Symbol.fromAscii(bytes, 0, -1));
            assertThrows(IndexOutOfBoundsException.class, () -> Symbol.fromAscii(bytes, 3, 2));
            assertThrows(IndexOutOfBoundsException.class, () -> Symbol.fromAscii(bytes, 5, 0));
            assertThrows(IndexOutOfBoundsException.class,
                () -> Symbol.fromAscii(bytes, Integer.MAX_VALUE, Integer.MAX_VALUE));
        }
    }

    @Nested
    class ValueSemantics {

        @Test
        void shouldBeEqualByCharacters() {
            Symbol a = Symbol.valueOf("amqp:accepted:list");
            Symbol b = Symbol.fromAscii("amqp:accepted:list".getBytes(StandardCharsets.US_ASCII), 0, 18);
            assertNotSame(a, b);
            assertEquals(a, b);
            assertEquals(b, a);
            assertEquals(a, a);
            assertEquals(a.hashCode(), b.hashCode());
            assertEquals("amqp:accepted:list".hashCode(), a.hashCode());
        }

        @Test
        void shouldDifferByAnyCharacterOrLength() {
            Symbol a = Symbol.valueOf("amqp:accepted:list");
            assertNotEquals(a, Symbol.valueOf("amqp:accepted:lisT"));
            assertNotEquals(a, Symbol.valueOf("amqp:accepted:lis"));
            assertNotEquals(a, Symbol.valueOf("amqp:accepted:list "));
            assertNotEquals(a, Symbol.valueOf(""));
        }

        @Test
        void shouldNotEqualOtherTypes() {
            Symbol a = Symbol.valueOf("abc");
            assertFalse(a.equals("abc"));
            assertFalse(a.equals(new StringBuilder("abc")));
            assertFalse(a.equals(null));
        }

        @Test
        void shouldOrderLikeItsString() {
            List<String> strings = List.of("b", "a", "", "ab", "B", "aa", "a:b", "~", "\u0000");
            List<Symbol> symbols = new ArrayList<>();
            strings.forEach(s -> symbols.add(Symbol.valueOf(s)));
            Collections.sort(symbols);
            List<String> sorted = new ArrayList<>(strings);
            Collections.sort(sorted);
            List<String> fromSymbols = new ArrayList<>();
            symbols.forEach(s -> fromSymbols.add(s.toString()));
            assertEquals(sorted, fromSymbols);
            for (String x : strings) {
                for (String y : strings) {
                    assertEquals(Integer.signum(x.compareTo(y)),
                        Integer.signum(Symbol.valueOf(x).compareTo(Symbol.valueOf(y))), x + " vs " + y);
                }
            }
        }
    }

    @Nested
    class Bytes {

        @Test
        void shouldCopyBytesIntoARange() {
            Symbol s = Symbol.valueOf("abcdef");
            byte[] dst = new byte[8];
            s.getBytes(1, dst, 2, 4);
            assertArrayEquals(new byte[] {0, 0, 'b', 'c', 'd', 'e', 0, 0}, dst);
        }

        @Test
        void shouldRejectOutOfBoundsCopies() {
            Symbol s = Symbol.valueOf("abc");
            assertThrows(IndexOutOfBoundsException.class, () -> s.getBytes(1, new byte[8], 0, 3));
            assertThrows(IndexOutOfBoundsException.class, () -> s.getBytes(0, new byte[2], 0, 3));
            assertThrows(IndexOutOfBoundsException.class, () -> s.getBytes(-1, new byte[8], 0, 1));
        }

        @Test
        void shouldReturnAFreshCopyOfTheBytes() {
            Symbol s = Symbol.valueOf("sym");
            byte[] copy = s.toAsciiBytes();
            assertArrayEquals("sym".getBytes(StandardCharsets.US_ASCII), copy);
            copy[0] = 'X';
            assertArrayEquals("sym".getBytes(StandardCharsets.US_ASCII), s.toAsciiBytes());
            assertEquals("sym", s.toString());
        }

        @Test
        void shouldCompareContentWithARange() {
            Symbol s = Symbol.valueOf("amqp:open:list");
            byte[] bytes = "..amqp:open:list..".getBytes(StandardCharsets.US_ASCII);
            assertTrue(s.contentEquals(bytes, 2, 14));
            assertFalse(s.contentEquals(bytes, 2, 13)); // a prefix is not equal
            assertFalse(s.contentEquals(bytes, 2, 15));
            assertFalse(s.contentEquals(bytes, 1, 14));
            assertFalse(Symbol.valueOf("amqp:open:lisT").contentEquals(bytes, 2, 14));
            assertTrue(Symbol.valueOf("").contentEquals(bytes, 5, 0));
        }
    }

    @Nested
    class AsCharSequence {

        @Test
        void shouldExposeLengthCharsAndSubSequences() {
            Symbol s = Symbol.valueOf("amqp:open:list");
            CharSequence cs = s;
            assertEquals(14, cs.length());
            assertEquals('o', cs.charAt(5));
            assertEquals("open", cs.subSequence(5, 9).toString());
            assertEquals("", cs.subSequence(3, 3).toString());
            assertEquals("amqp:open:list", cs.toString());
            assertTrue("amqp:open:list".contentEquals(cs));
        }

        @Test
        void shouldRejectIndexesOutsideTheSymbol() {
            Symbol s = Symbol.valueOf("abc");
            assertThrows(IndexOutOfBoundsException.class, () -> s.charAt(3));
            assertThrows(IndexOutOfBoundsException.class, () -> s.charAt(-1));
            assertThrows(IndexOutOfBoundsException.class, () -> s.subSequence(2, 4));
            assertThrows(IndexOutOfBoundsException.class, () -> s.subSequence(2, 1));
        }
    }
}
