package org.amqpcodec.api;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * An AMQP symbol: an immutable string of 7-bit ASCII characters (AMQP 1.0 part 1, section 1.6.21),
 * used for descriptors, map keys of annotations, capabilities and error conditions.
 *
 * <p>A symbol keeps both its {@code String} form and its encoded ASCII bytes, so encoding it is a
 * copy of bytes it already holds and comparing it with encoded input ({@link Decoder#dataEquals(Symbol)})
 * needs no decoding. Create symbols once (as constants, or through the decoder's symbol cache,
 * {@link Decoder#getSymbol()}) and reuse them.
 *
 * <p>Instances are immutable and safe to share between threads. Two symbols are equal when their
 * characters are equal.
 *
 * @since 0.1
 */
public final class Symbol implements Comparable<Symbol>, CharSequence {

    private final String string;
    private final byte[] ascii;

    private Symbol(String string, byte[] ascii) {
        this.string = string;
        this.ascii = ascii;
    }

    /**
     * The symbol with the characters of {@code value}.
     *
     * @param value the characters, each 0x00..0x7F
     * @return a new symbol
     * @throws IllegalArgumentException if a character is not 7-bit ASCII
     * @throws NullPointerException if value is null
     */
    public static Symbol valueOf(String value) {
        int n = value.length();
        byte[] bytes = new byte[n];
        for (int i = 0; i < n; i++) {
            char c = value.charAt(i);
            if (c > 0x7F) {
                throw new IllegalArgumentException(
                    "symbol characters must be 7-bit ASCII; found U+" + String.format("%04X", (int) c) + " at index " + i);
            }
            bytes[i] = (byte) c;
        }
        return new Symbol(value, bytes);
    }

    /**
     * The symbol with the given ASCII bytes. The bytes are copied.
     *
     * @param bytes the array holding the symbol's bytes
     * @param offset index of the first byte in {@code bytes}
     * @param length number of bytes
     * @return a new symbol
     * @throws IllegalArgumentException if a byte is not 7-bit ASCII
     * @throws IndexOutOfBoundsException if the range is outside {@code bytes}
     */
    public static Symbol fromAscii(byte[] bytes, int offset, int length) {
        if (offset < 0 || length < 0 || offset > bytes.length - length) {
            throw new IndexOutOfBoundsException("range [" + offset + ", " + offset + "+" + length + ") outside array of "
                + bytes.length);
        }
        byte[] copy = Arrays.copyOfRange(bytes, offset, offset + length);
        for (int i = 0; i < length; i++) {
            if (copy[i] < 0) {
                throw new IllegalArgumentException("symbol bytes must be 7-bit ASCII; found 0x"
                    + Integer.toHexString(copy[i] & 0xFF).toUpperCase() + " at index " + i);
            }
        }
        return new Symbol(new String(copy, StandardCharsets.US_ASCII), copy);
    }

    /**
     * The number of characters, which is also the number of encoded bytes.
     *
     * @return the length, 0 or more
     */
    @Override
    public int length() {
        return ascii.length;
    }

    /**
     * The character at an index.
     *
     * @param index 0..length()-1
     * @return the character, 0x00..0x7F
     */
    @Override
    public char charAt(int index) {
        return (char) ascii[index];
    }

    /**
     * The ASCII byte at an index.
     *
     * @param index 0..length()-1
     * @return the byte, 0x00..0x7F
     */
    public byte byteAt(int index) {
        return ascii[index];
    }

    /**
     * A sub-sequence of the characters, as a {@code String}. Allocates.
     *
     * @param start index of the first character
     * @param end index after the last character
     * @return the characters as a String
     */
    @Override
    public CharSequence subSequence(int start, int end) {
        return string.subSequence(start, end);
    }

    /**
     * Copies the ASCII bytes into {@code dst}. Does not allocate.
     *
     * @param srcIndex index of the first of this symbol's bytes to copy
     * @param dst the array to copy into
     * @param dstIndex index in {@code dst} of the first byte written
     * @param length number of bytes to copy
     * @throws IndexOutOfBoundsException if either range is out of bounds
     */
    public void getBytes(int srcIndex, byte[] dst, int dstIndex, int length) {
        System.arraycopy(ascii, srcIndex, dst, dstIndex, length);
    }

    /**
     * A copy of the ASCII bytes. Allocates; prefer {@link #getBytes(int, byte[], int, int)}.
     *
     * @return a new array of {@link #length()} bytes
     */
    public byte[] toAsciiBytes() {
        return ascii.clone();
    }

    /**
     * Whether {@code bytes[offset, offset+length)} holds exactly this symbol's bytes. Does not allocate.
     *
     * @param bytes the array to compare with
     * @param offset index of the first byte to compare
     * @param length number of bytes; the result is false when it differs from {@link #length()}
     * @return true if the bytes are equal
     */
    public boolean contentEquals(byte[] bytes, int offset, int length) {
        return length == ascii.length && Arrays.equals(ascii, 0, length, bytes, offset, offset + length);
    }

    /**
     * The symbol as a String (the same instance every time).
     *
     * @return the characters
     */
    @Override
    public String toString() {
        return string;
    }

    @Override
    public int compareTo(Symbol other) {
        return string.compareTo(other.string);
    }

    @Override
    public boolean equals(Object o) {
        return o == this || o instanceof Symbol && ((Symbol) o).string.equals(string);
    }

    @Override
    public int hashCode() {
        return string.hashCode();
    }
}
