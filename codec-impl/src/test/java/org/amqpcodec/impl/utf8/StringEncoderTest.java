package org.amqpcodec.impl.utf8;

import java.util.Arrays;
import java.util.Random;

import org.junit.jupiter.api.Test;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The bulk string encoder writes exactly the JDK's UTF-8, at every length around its threshold, with the first
 * non-ASCII char anywhere, over sub-ranges, into changing arrays, and rejects unpaired surrogates at the index
 * the chars had in the string.
 */
class StringEncoderTest {

    private static final String[] NON_ASCII = {"\u00e9", "\u00ff", "\u0100", "\u07ff", "\u0800", "\u6771", "\uffff",
        "\uD83D\uDC4B", "\uDBFF\uDFFF"};

    private final StringEncoder encoder = new StringEncoder();

    @Test
    void asciiOfEveryLengthAroundTheThresholdAndBeyond() {
        StringBuilder sb = new StringBuilder();
        for (int n = 0; n <= 300; n++) {
            assertEncodes(sb.toString());
            sb.append((char) (0x20 + n % 0x5F));
        }
        assertEncodes("y".repeat(70_000));
    }

    @Test
    void theFirstNonAsciiCharAnywhere() {
        for (String special : NON_ASCII) {
            for (int n : new int[] {StringEncoder.BULK_MIN - 1, StringEncoder.BULK_MIN, 35, 64, 200}) {
                for (int at = 0; at <= n; at++) {
                    String ascii = "a".repeat(n);
                    assertEncodes(ascii.substring(0, at) + special + ascii.substring(at));
                }
            }
        }
    }

    @Test
    void randomMixesAndSubRanges() {
        long seed = new Random().nextLong();
        Random random = new Random(seed);
        for (int round = 0; round < 3000; round++) {
            StringBuilder sb = new StringBuilder();
            int n = random.nextInt(400);
            boolean mostlyAscii = random.nextBoolean();
            while (sb.length() < n) {
                if (mostlyAscii && random.nextInt(10) > 0) {
                    sb.append((char) random.nextInt(0x80));
                } else {
                    sb.append(NON_ASCII[random.nextInt(NON_ASCII.length)]);
                }
            }
            String s = sb.toString();
            String message = "seed " + seed + ", round " + round;
            assertEncodes(s, message);
            // a sub-range that does not split a surrogate pair
            int from = random.nextInt(s.length() + 1);
            int to = from + random.nextInt(s.length() - from + 1);
            if (from > 0 && from < s.length() && Character.isLowSurrogate(s.charAt(from))) {
                from--;
            }
            if (to < s.length() && to > from && Character.isHighSurrogate(s.charAt(to - 1))) {
                to--;
            }
            byte[] expected = s.substring(from, to).getBytes(UTF_8);
            byte[] dst = new byte[3 * (to - from) + 3];
            int end = encoder.encode(s, from, to, dst, 3);
            assertArrayEquals(expected, Arrays.copyOfRange(dst, 3, end), message + ", range " + from + ".." + to);
        }
    }

    @Test
    void otherCharSequencesTakeTheCharByCharPath() {
        String s = "a".repeat(40) + "\u00e9\u6771\uD83D\uDC4B";
        byte[] dst = new byte[3 * s.length()];
        int end = encoder.encode(new StringBuilder(s), 0, s.length(), dst, 0);
        assertArrayEquals(s.getBytes(UTF_8), Arrays.copyOf(dst, end));
    }

    @Test
    void unpairedSurrogatesAreRefusedAtTheirIndexInTheString() {
        String prefix = "p".repeat(30);
        for (String bad : new String[] {"\uD800", "\uDC00", "\uD83Dx", "\uDE00\uD83D"}) {
            String s = prefix + "\u00e9" + bad + "tail".repeat(10);
            int expectedIndex = s.indexOf(bad.charAt(0));
            for (int from : new int[] {0, 5}) {
                IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> encoder.encode(s, from, s.length(), new byte[3 * s.length()], 0));
                assertTrue(e.getMessage().contains("at index " + expectedIndex), e.getMessage());
            }
            // a high surrogate as the last char of the range is unpaired within it
            String high = prefix + "\uD83D";
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> encoder.encode(high + "\uDC4B", 0, high.length(), new byte[3 * high.length()], 0));
            assertTrue(e.getMessage().contains("at index " + prefix.length()), e.getMessage());
        }
        // and the encoder is still good afterwards
        assertEncodes(prefix + "\uD83D\uDC4B");
    }

    @Test
    void keepsNoStateBetweenStringsOrArrays() {
        byte[] a = new byte[4096];
        byte[] b = new byte[4096];
        String x = "x".repeat(100) + "\u00e9";
        String y = "\u6771".repeat(50);
        for (int i = 0; i < 10; i++) {
            int endA = encoder.encode(x, 0, x.length(), a, i);
            int endB = encoder.encode(y, 0, y.length(), b, 2 * i);
            assertArrayEquals(x.getBytes(UTF_8), Arrays.copyOfRange(a, i, endA));
            assertArrayEquals(y.getBytes(UTF_8), Arrays.copyOfRange(b, 2 * i, endB));
        }
    }

    private void assertEncodes(String s) {
        assertEncodes(s, "length " + s.length());
    }

    private void assertEncodes(String s, String message) {
        byte[] expected = s.getBytes(UTF_8);
        byte[] dst = new byte[3 * s.length() + 5];
        Arrays.fill(dst, (byte) 0x5A);
        int end = encoder.encode(s, 0, s.length(), dst, 5);
        assertEquals(5 + expected.length, end, message);
        assertArrayEquals(expected, Arrays.copyOfRange(dst, 5, end), message);
        for (int i = 0; i < 5; i++) {
            assertEquals(0x5A, dst[i], message + ": wrote before the offset");
        }
        assertEquals(Utf8.encode(s, 0, s.length(), new byte[3 * s.length()], 0), expected.length, message);
    }
}
