package org.amqpcodec.impl.utf8;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * UTF-8 length, encoding and validation, on {@code byte[]}, with an ASCII fast path.
 *
 * <p>Well-formed UTF-8 is as in Unicode 15, table 3-7 (RFC 3629): no overlong forms, no surrogates
 * (U+D800..U+DFFF), nothing above U+10FFFF. Encoding rejects an unpaired surrogate rather than replacing
 * it, because AMQP strings must be valid Unicode (AMQP 1.0 part 1, section 1.6.20).
 */
public final class Utf8 {

    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);
    private static final long ASCII_MASK = 0x8080808080808080L;

    private Utf8() {
    }

    /**
     * The number of UTF-8 bytes of {@code s[from, to)}.
     *
     * @throws IllegalArgumentException at an unpaired surrogate
     */
    public static int encodedLength(CharSequence s, int from, int to) {
        int n = to - from;
        int i = from;
        while (i < to && s.charAt(i) < 0x80) {
            i++;
        }
        for (; i < to; i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                continue;
            }
            if (c < 0x800) {
                n += 1;
            } else if (!Character.isSurrogate(c)) {
                n += 2;
            } else {
                checkPair(s, i, to);
                n += 2; // two chars, four bytes
                i++;
            }
        }
        return n;
    }

    /**
     * Encodes {@code s[from, to)} into {@code dst} from {@code offset}; the caller guarantees room for
     * {@code 3 * (to - from)} bytes.
     *
     * @return the index after the last byte written
     * @throws IllegalArgumentException at an unpaired surrogate
     */
    public static int encode(CharSequence s, int from, int to, byte[] dst, int offset) {
        int p = offset;
        int i = from;
        // ASCII prefix: one compare and one store per char
        for (; i < to; i++) {
            char c = s.charAt(i);
            if (c >= 0x80) {
                break;
            }
            dst[p++] = (byte) c;
        }
        return i == to ? p : encodeNonAscii(s, i, to, dst, p);
    }

    private static int encodeNonAscii(CharSequence s, int from, int to, byte[] dst, int offset) {
        int p = offset;
        for (int i = from; i < to; i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                dst[p++] = (byte) c;
            } else if (c < 0x800) {
                dst[p++] = (byte) (0xC0 | c >>> 6);
                dst[p++] = (byte) (0x80 | c & 0x3F);
            } else if (!Character.isSurrogate(c)) {
                dst[p++] = (byte) (0xE0 | c >>> 12);
                dst[p++] = (byte) (0x80 | c >>> 6 & 0x3F);
                dst[p++] = (byte) (0x80 | c & 0x3F);
            } else {
                checkPair(s, i, to);
                int cp = Character.toCodePoint(c, s.charAt(++i));
                dst[p++] = (byte) (0xF0 | cp >>> 18);
                dst[p++] = (byte) (0x80 | cp >>> 12 & 0x3F);
                dst[p++] = (byte) (0x80 | cp >>> 6 & 0x3F);
                dst[p++] = (byte) (0x80 | cp & 0x3F);
            }
        }
        return p;
    }

    /**
     * Encodes {@code c[from, to)} into {@code dst} from {@code offset}, as {@link #encode(CharSequence, int, int,
     * byte[], int)} does; the chars came from a string at {@code base}, which error messages count from.
     *
     * @return the index after the last byte written
     * @throws IllegalArgumentException at an unpaired surrogate
     */
    static int encode(char[] c, int from, int to, byte[] dst, int offset, int base) {
        int p = offset;
        for (int i = from; i < to; i++) {
            char ch = c[i];
            if (ch < 0x80) {
                dst[p++] = (byte) ch;
            } else if (ch < 0x800) {
                dst[p++] = (byte) (0xC0 | ch >>> 6);
                dst[p++] = (byte) (0x80 | ch & 0x3F);
            } else if (!Character.isSurrogate(ch)) {
                dst[p++] = (byte) (0xE0 | ch >>> 12);
                dst[p++] = (byte) (0x80 | ch >>> 6 & 0x3F);
                dst[p++] = (byte) (0x80 | ch & 0x3F);
            } else {
                if (!Character.isHighSurrogate(ch) || i + 1 >= to || !Character.isLowSurrogate(c[i + 1])) {
                    throw unpaired(ch, base + i);
                }
                int cp = Character.toCodePoint(ch, c[++i]);
                dst[p++] = (byte) (0xF0 | cp >>> 18);
                dst[p++] = (byte) (0x80 | cp >>> 12 & 0x3F);
                dst[p++] = (byte) (0x80 | cp >>> 6 & 0x3F);
                dst[p++] = (byte) (0x80 | cp & 0x3F);
            }
        }
        return p;
    }

    private static IllegalArgumentException unpaired(char c, int index) {
        return new IllegalArgumentException("unpaired surrogate U+" + Integer.toHexString(c).toUpperCase()
            + " at index " + index + " cannot be encoded as UTF-8");
    }

    private static void checkPair(CharSequence s, int i, int to) {
        char c = s.charAt(i);
        if (Character.isHighSurrogate(c) && i + 1 < to && Character.isLowSurrogate(s.charAt(i + 1))) {
            return;
        }
        throw unpaired(c, i);
    }

    /**
     * The end of a chunk of {@code s} that starts at {@code from} and holds at most {@code maxChars} chars,
     * not splitting a surrogate pair.
     */
    public static int chunkEnd(CharSequence s, int from, int to, int maxChars) {
        if (to - from <= maxChars) {
            return to;
        }
        int end = from + maxChars;
        return Character.isHighSurrogate(s.charAt(end - 1)) ? end - 1 : end;
    }

    /**
     * Whether {@code a[from, to)} is all 7-bit ASCII. Reads eight bytes at a time.
     */
    public static boolean isAscii(byte[] a, int from, int to) {
        int i = from;
        for (; i + 8 <= to; i += 8) {
            if (((long) LONG.get(a, i) & ASCII_MASK) != 0) {
                return false;
            }
        }
        for (; i < to; i++) {
            if (a[i] < 0) {
                return false;
            }
        }
        return true;
    }

    /**
     * The index of the first byte in {@code a[from, to)} that does not begin a complete, well-formed UTF-8
     * sequence within the range, or {@code to} if the whole range is well-formed. A result within three
     * bytes of {@code to} may be a sequence cut by the end of the range rather than a malformed one.
     */
    public static int firstInvalid(byte[] a, int from, int to) {
        int i = from;
        while (i < to) {
            if (i + 8 <= to && ((long) LONG.get(a, i) & ASCII_MASK) == 0) {
                i += 8;
                continue;
            }
            int b = a[i];
            if (b >= 0) {
                i++;
                continue;
            }
            b &= 0xFF;
            if (b < 0xC2) {
                return i; // a continuation byte, or the lead of an overlong two-byte form
            }
            if (b < 0xE0) {
                if (i + 1 >= to || !continuation(a[i + 1])) {
                    return i;
                }
                i += 2;
            } else if (b < 0xF0) {
                if (i + 2 >= to) {
                    return i;
                }
                int b1 = a[i + 1] & 0xFF;
                int lo = b == 0xE0 ? 0xA0 : 0x80; // E0 80..9F would be overlong
                int hi = b == 0xED ? 0x9F : 0xBF; // ED A0..BF would be a surrogate
                if (b1 < lo || b1 > hi || !continuation(a[i + 2])) {
                    return i;
                }
                i += 3;
            } else if (b < 0xF5) {
                if (i + 3 >= to) {
                    return i;
                }
                int b1 = a[i + 1] & 0xFF;
                int lo = b == 0xF0 ? 0x90 : 0x80; // F0 80..8F would be overlong
                int hi = b == 0xF4 ? 0x8F : 0xBF; // F4 90.. would exceed U+10FFFF
                if (b1 < lo || b1 > hi || !continuation(a[i + 2]) || !continuation(a[i + 3])) {
                    return i;
                }
                i += 4;
            } else {
                return i;
            }
        }
        return to;
    }

    private static boolean continuation(byte b) {
        return (b & 0xC0) == 0x80;
    }
}
