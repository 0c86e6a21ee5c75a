package org.amqpcodec.impl.utf8;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetEncoder;
import java.nio.charset.StandardCharsets;

/**
 * Encodes {@code String}s as UTF-8 into a {@code byte[]} at the speed of the JDK's own intrinsics, without
 * allocating: the chars are copied out with {@link String#getChars} (a vectorized copy) into a reused array,
 * the JDK's US-ASCII {@link CharsetEncoder} narrows the ASCII run (a vectorized loop over heap buffers), and
 * {@link Utf8} encodes whatever follows the first non-ASCII char. Short strings and other {@code CharSequence}s
 * go straight to {@link Utf8#encode}, which is faster below {@link #BULK_MIN} chars.
 *
 * <p>One per encoder; not thread-safe. The wrappers it keeps are reused, so steady-state encoding allocates
 * nothing.
 */
public final class StringEncoder {

    /** Strings shorter than this are encoded char by char: the bulk path's fixed cost is not worth it. */
    public static final int BULK_MIN = 24;

    private final CharsetEncoder ascii = StandardCharsets.US_ASCII.newEncoder();
    private char[] chars = new char[0];
    private CharBuffer in = CharBuffer.wrap(chars);
    private byte[] wrapped;
    private ByteBuffer out;

    /**
     * Encodes {@code s[from, to)} into {@code dst} from {@code offset}; the caller guarantees room for
     * {@code 3 * (to - from)} bytes.
     *
     * @return the index after the last byte written
     * @throws IllegalArgumentException at an unpaired surrogate
     */
    public int encode(CharSequence s, int from, int to, byte[] dst, int offset) {
        int n = to - from;
        if (n < BULK_MIN || !(s instanceof String)) {
            return Utf8.encode(s, from, to, dst, offset);
        }
        char[] c = chars;
        if (c.length < n) {
            c = new char[Math.max(n, Math.max(256, 2 * c.length))];
            chars = c;
            in = CharBuffer.wrap(c);
        }
        ((String) s).getChars(from, to, c, 0);
        ByteBuffer o = out;
        if (dst != wrapped) {
            o = ByteBuffer.wrap(dst);
            out = o;
            wrapped = dst;
        }
        CharBuffer i = in;
        i.limit(n).position(0);
        o.limit(dst.length).position(offset);
        // stops at the first char that is not ASCII (or at the end); never at the end of input, so no reset
        ascii.encode(i, o, false);
        int done = i.position();
        int p = o.position();
        return done == n ? p : Utf8.encode(c, done, n, dst, p, from);
    }
}
