package org.amqpcodec.impl;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Objects;

import org.amqpcodec.api.DecodeOptions;
import org.amqpcodec.api.EncodeException;
import org.amqpcodec.api.Encoder;
import org.amqpcodec.api.FormatCode;
import org.amqpcodec.api.OutputFullException;
import org.amqpcodec.api.Symbol;
import org.amqpcodec.api.Type;
import org.amqpcodec.impl.utf8.StringEncoder;
import org.amqpcodec.impl.utf8.Utf8;

/**
 * The serial encoder, written once for every output: values are written in order, compounds reserve room
 * for their size and count and fill it in on {@link #end()}. The output backends ({@link ByteArrayEncoder},
 * {@link ByteBufferEncoder}, {@code NettyEncoder}) are final subclasses that supply byte access.
 *
 * <h2>Flavours</h2>
 * <ul>
 *   <li>{@link EncoderFlavour#FAST} writes the forms that need no decision: {@code list32}, {@code map32},
 *       {@code array32}, {@code str32}, {@code sym32}, {@code vbin32} and the fixed-width integer forms
 *       ({@code 0x70}, {@code 0x71}, {@code 0x80}, {@code 0x81}). Booleans are {@code 0x41}/{@code 0x42}
 *       and ulong descriptors {@code 0x53 xx}, as every peer writes them.</li>
 *   <li>{@link EncoderFlavour#COMPACT} writes the smallest legal form: {@code list0}, {@code list8},
 *       {@code map8}, {@code array8} when size and count fit a byte; {@code uint0}, {@code ulong0},
 *       {@code smalluint}, {@code smallulong}, {@code smallint}, {@code smalllong}; {@code str8},
 *       {@code sym8}, {@code vbin8}. It reserves the one-byte size and, when a compound or string outgrows it,
 *       moves the body to widen it. Arrays work the same way: elements start in the narrow form
 *       ({@code 0x52}/{@code 0x53}/{@code 0x54}/{@code 0x55}, 8-bit sizes) and, at the first element that does not
 *       fit it, the elements written so far are widened in place, once. So a fixed output needs no more room
 *       than the result takes, but for the two bytes an empty list reserves until it ends as {@code list0}.
 *       Zero-width element
 *       constructors ({@code 0x41}-{@code 0x45}) are never chosen for arrays, because hardened peers reject
 *       arrays whose count exceeds their bytes; arrays of nulls, which have no other form, use {@code 0x40}. An
 *       empty array carries the wide element constructor.</li>
 * </ul>
 *
 * <p>Not thread-safe. Reusable: {@link #reset()} (or the backend's {@code wrap}) starts over.
 */
public abstract class SerialEncoder implements Encoder {

    /**
     * Default of the nesting limit: lists, maps and arrays open at once; the decoder's default, so what a default
     * encoder writes a default decoder reads. Unfinished described values have a limit of the same size of their own.
     */
    public static final int DEFAULT_MAX_DEPTH = DecodeOptions.DEFAULT_MAX_DEPTH;

    // modes of a frame: what the next value is
    private static final int PLAIN = 0;            // top level, list item or map item
    private static final int ARRAY = 1;            // array element: body only
    private static final int DESCRIBED = 2;        // descriptor (count 0) or described value (count 1)
    private static final int ARRAY_DESCRIPTOR = 3; // the element descriptor of an array

    // header forms of an open compound
    private static final int FORM_FAST = 0;    // code, size32, count32: 9 bytes
    private static final int FORM_COMPACT = 1; // code, size8, count8: 3 bytes
    private static final int FORM_ELEMENT = 2; // size32, count32 (an array element has no code): 8 bytes
    private static final int FORM_ELEMENT_NARROW = 3; // size8, count8, for compact arrays' narrow elements: 2 bytes

    private static final int NO_KIND = -1;
    private static final int STRIDE = 8;
    private static final Type[] TYPES = Type.values();

    private final boolean compact;
    private final int maxDepth;

    /** Absolute index of the first byte of the output region. */
    protected int origin;
    /** Absolute index of the next byte to write. */
    protected int pos;
    /** Absolute index after the last byte that may be written without growing. */
    protected int limit;

    // the current frame; the enclosing ones are saved in stack
    private int mode;
    private int count;
    private int start;
    private int kind;
    private int form;
    private int elemType;
    private int ctorPos;
    private boolean describedArray;
    /** Arrays: whether elements are written in the wide form (always in FAST; in COMPACT once one did not fit). */
    private boolean elemWide;

    private int depth;
    private int compounds;
    private int[] stack = new int[16 * STRIDE];
    private byte[] scratch;
    private StringEncoder strings;
    private int[] offsets = new int[16];

    /**
     * @param flavour fast or compact
     * @param maxDepth the nesting limit: lists, maps and arrays open at once (and, separately, unfinished described
     *        values)
     */
    protected SerialEncoder(EncoderFlavour flavour, int maxDepth) {
        if (maxDepth < 1) {
            throw new IllegalArgumentException("maxDepth must be at least 1: " + maxDepth);
        }
        this.compact = Objects.requireNonNull(flavour, "flavour") == EncoderFlavour.COMPACT;
        this.maxDepth = maxDepth;
        this.kind = NO_KIND;
    }

    // ------------------------------------------------------------------ backend

    /**
     * Makes room for {@code needed} bytes from {@link #pos} if the output can grow, updating {@link #limit}.
     *
     * @return false if the output cannot hold them
     */
    protected abstract boolean grow(int needed);

    /** Writes one byte at an absolute index. */
    protected abstract void put8(int index, int value);

    /** Writes a big-endian short at an absolute index. */
    protected abstract void put16(int index, int value);

    /** Writes a big-endian int at an absolute index. */
    protected abstract void put32(int index, int value);

    /** Writes a big-endian long at an absolute index. */
    protected abstract void put64(int index, long value);

    /** Reads back one byte, 0..255. */
    protected abstract int get8(int index);

    /** Copies {@code src[offset, offset+length)} to an absolute index. */
    protected abstract void putBytes(int index, byte[] src, int offset, int length);

    /** Copies {@code length} bytes of {@code src} from its absolute index {@code srcIndex}; src is not changed. */
    protected abstract void putBytes(int index, ByteBuffer src, int srcIndex, int length);

    /** Moves {@code length} bytes within the output; the ranges may overlap. */
    protected abstract void move(int from, int to, int length);

    /**
     * Encodes {@code s[from, to)} as UTF-8 at an absolute index, with room for three bytes a char.
     *
     * @return the index after the last byte written
     * @throws IllegalArgumentException at an unpaired surrogate
     */
    protected abstract int writeUtf8(int index, CharSequence s, int from, int to);

    /**
     * Encodes {@code s[0, n)}, fewer than {@link StringEncoder#BULK_MIN} chars, as UTF-8 at an absolute index, with
     * room for three bytes a char. The inlined path of {@link #putString}: kept apart from {@link #writeUtf8}, so
     * that what the JIT inlines for short strings never includes the bulk path of long ones.
     *
     * @return the index after the last byte written
     * @throws IllegalArgumentException at an unpaired surrogate
     */
    protected abstract int writeShortUtf8(int index, CharSequence s, int n);

    /** Writes the symbol's bytes at an absolute index. */
    protected abstract void writeSymbol(int index, Symbol symbol);

    // ------------------------------------------------------------------ helpers for backends

    /** A reusable scratch array of at least {@code size} bytes, for backends without a backing array. */
    protected final byte[] scratch(int size) {
        byte[] s = scratch;
        if (s == null || s.length < size) {
            s = new byte[Math.max(size, 4096)];
            scratch = s;
        }
        return s;
    }

    /**
     * Encodes {@code s[from, to)} as UTF-8 into {@code dst} from {@code offset}, with room for three bytes a
     * char; the {@link #writeUtf8} of backends with a backing array.
     *
     * @return the index in {@code dst} after the last byte written
     * @throws IllegalArgumentException at an unpaired surrogate
     */
    protected final int encodeUtf8(CharSequence s, int from, int to, byte[] dst, int offset) {
        if (to - from < StringEncoder.BULK_MIN) {
            return Utf8.encode(s, from, to, dst, offset);
        }
        StringEncoder e = strings;
        if (e == null) {
            e = new StringEncoder();
            strings = e;
        }
        return e.encode(s, from, to, dst, offset);
    }

    /** {@link #writeUtf8} for backends without a backing array: encodes in chunks through scratch. */
    protected final int writeUtf8ViaScratch(int index, CharSequence s, int from, int to) {
        byte[] buf = scratch(4096);
        int p = index;
        int i = from;
        while (i < to) {
            int chunkEnd = Utf8.chunkEnd(s, i, to, buf.length / 3);
            int n = encodeUtf8(s, i, chunkEnd, buf, 0);
            putBytes(p, buf, 0, n);
            p += n;
            i = chunkEnd;
        }
        return p;
    }

    /** {@link #move} for backends without a backing array: copies through scratch, safe for overlaps. */
    protected final void moveViaScratch(int from, int to, int length) {
        byte[] buf = scratch(4096);
        int chunk = buf.length;
        if (to > from) {
            for (int done = 0; done < length; ) {
                int n = Math.min(chunk, length - done);
                int src = from + length - done - n;
                copyOut(src, buf, n);
                putBytes(src + (to - from), buf, 0, n);
                done += n;
            }
        } else {
            for (int done = 0; done < length; ) {
                int n = Math.min(chunk, length - done);
                copyOut(from + done, buf, n);
                putBytes(to + done, buf, 0, n);
                done += n;
            }
        }
    }

    /** Reads back {@code n} bytes from an absolute index into {@code dst}. Backends may override for speed. */
    protected void copyOut(int index, byte[] dst, int n) {
        for (int i = 0; i < n; i++) {
            dst[i] = (byte) get8(index + i);
        }
    }

    // ------------------------------------------------------------------ state

    /**
     * The bytes written so far, from the start of the output region.
     *
     * @return the count of bytes
     */
    public final int position() {
        return pos - origin;
    }

    @Override
    public final int depth() {
        return depth;
    }

    /**
     * The flavour this encoder writes.
     *
     * @return fast or compact
     */
    public final EncoderFlavour flavour() {
        return compact ? EncoderFlavour.COMPACT : EncoderFlavour.FAST;
    }

    /**
     * Starts over at the beginning of the output region, forgetting what was written and any open compound.
     *
     * @return this encoder
     */
    public SerialEncoder reset() {
        pos = origin;
        depth = 0;
        compounds = 0;
        mode = PLAIN;
        count = 0;
        kind = NO_KIND;
        return this;
    }

    /**
     * Checks that every compound and described value is complete and returns the number of bytes written.
     * Backends also publish the result (a {@code ByteBuffer}'s position, a {@code ByteBuf}'s writer index).
     *
     * @return the encoded length in bytes, from the start of the output region
     * @throws EncodeException if a compound or described value is still open
     */
    public int finish() {
        if (depth != 0) {
            throw new EncodeException("finish() with " + depth + " compound or described value(s) still open; the"
                + " innermost is " + frameName() + " started at offset " + (start - origin));
        }
        return pos - origin;
    }

    /** Makes sure {@code n} bytes fit from {@code pos}, growing the output or throwing. */
    protected final void need(int n) {
        if (limit - pos < n) {
            growOrFail(n); // out of line: every put inlines need(), so it must stay a few bytecodes
        }
    }

    private void growOrFail(int n) {
        if (!grow(n)) {
            throw new OutputFullException(pos - origin, n, maxLimit() - origin);
        }
    }

    private void needLong(long n) {
        if (n > Integer.MAX_VALUE - 16) {
            throw new OutputFullException(pos - origin, n, maxLimit() - origin);
        }
        need((int) n);
    }

    /** The absolute index the output can grow to at most (for error messages); fixed outputs: {@link #limit}. */
    protected long maxLimit() {
        return limit;
    }

    private void push(int newMode, int newKind, int newForm, int newStart) {
        int d = depth;
        if (newKind != NO_KIND ? compounds >= maxDepth : d - compounds >= maxDepth) {
            throw new EncodeException("nesting limit of " + maxDepth + (newKind != NO_KIND ? " lists, maps and arrays"
                : " unfinished described values") + " reached; raise it with the encoder's maxDepth");
        }
        if (newKind != NO_KIND) {
            compounds++;
        }
        int i = d * STRIDE;
        int[] s = stack;
        if (i + STRIDE > s.length) {
            s = Arrays.copyOf(s, s.length * 2);
            stack = s;
        }
        s[i] = mode;
        s[i + 1] = count;
        s[i + 2] = start;
        s[i + 3] = kind;
        s[i + 4] = form;
        s[i + 5] = elemType;
        s[i + 6] = ctorPos;
        s[i + 7] = (describedArray ? 1 : 0) | (elemWide ? 2 : 0);
        depth = d + 1;
        mode = newMode;
        count = 0;
        start = newStart;
        kind = newKind;
        form = newForm;
        ctorPos = -1;
        describedArray = false;
    }

    private void pop() {
        if (kind != NO_KIND) {
            compounds--;
        }
        int d = depth - 1;
        int i = d * STRIDE;
        int[] s = stack;
        mode = s[i];
        count = s[i + 1];
        start = s[i + 2];
        kind = s[i + 3];
        form = s[i + 4];
        elemType = s[i + 5];
        ctorPos = s[i + 6];
        describedArray = (s[i + 7] & 1) != 0;
        elemWide = (s[i + 7] & 2) != 0;
        depth = d;
    }

    /** One value is complete in the current frame. */
    private Encoder done() {
        count++;
        if (mode >= DESCRIBED) {
            completeDescribed();
        }
        return this;
    }

    private void completeDescribed() {
        while (true) {
            if (mode == DESCRIBED) {
                if (count < 2) {
                    return;
                }
                pop();
                count++; // the described value is one value of its parent
            } else if (mode == ARRAY_DESCRIPTOR) {
                pop();
                describedArray = true;
                return;
            } else {
                return;
            }
        }
    }

    /**
     * Checks a value of type {@code t} against the current frame. Returns true if it is an array element, to
     * be written as a body without constructor (the element constructor is written before the first one).
     */
    private boolean element(Type t) {
        switch (mode) {
            case ARRAY:
                if (t.ordinal() != elemType) {
                    throw new EncodeException("an array of " + TYPES[elemType] + " cannot take a " + t
                        + " element: every element of an array has the array's type");
                }
                if (ctorPos < 0) {
                    writeElementConstructor();
                }
                return true;
            case DESCRIBED:
            case ARRAY_DESCRIPTOR:
                if (count == 0 && t != Type.ULONG && t != Type.SYMBOL) {
                    throw new EncodeException("a descriptor must be a ulong or a symbol, not " + t);
                }
                return false;
            default:
                return false;
        }
    }

    private void writeElementConstructor() {
        need(1);
        ctorPos = pos;
        put8(pos++, elemWide ? TYPES[elemType].widestFormatCode() : narrowCode(TYPES[elemType]));
    }

    /** The one-byte-size or one-byte-value form of a type's elements, or -1 if it has none to choose. */
    private static int narrowCode(Type t) {
        switch (t) {
            case UINT: return FormatCode.SMALLUINT;
            case ULONG: return FormatCode.SMALLULONG;
            case INT: return FormatCode.SMALLINT;
            case LONG: return FormatCode.SMALLLONG;
            case BINARY: return FormatCode.VBIN8;
            case STRING: return FormatCode.STR8_UTF8;
            case SYMBOL: return FormatCode.SYM8;
            case LIST: return FormatCode.LIST8;
            case MAP: return FormatCode.MAP8;
            case ARRAY: return FormatCode.ARRAY8;
            default: return -1;
        }
    }

    // ---- compact arrays: widening the elements written so far, once, when one does not fit the narrow form

    /** Integer elements: one byte each so far, now {@code width} bytes each (sign- or zero-extended). */
    private void widenFixed(int width, boolean signed) {
        int first = ctorPos + 1;
        int n = count;
        need(n * (width - 1));
        // backwards: element i moves to first + i * width, which is never below a byte not yet read
        for (int i = n - 1; i >= 0; i--) {
            int b = get8(first + i);
            long v = signed ? (byte) b : b;
            if (width == 4) {
                put32(first + i * width, (int) v);
            } else {
                put64(first + i * width, v);
            }
        }
        pos = first + n * width;
        wideConstructor();
    }

    /**
     * Variable or compound elements: each of the {@code count} elements between the element constructor and
     * {@code tail} has a narrow header of {@code narrow} bytes (a size byte, and for compounds a count byte);
     * they get the wide header ({@code wide} bytes). The bytes from {@code tail} to {@code pos} (an element
     * already written wide) move after them.
     */
    private void widenElements(int narrow, int wide, int tail) {
        int first = ctorPos + 1;
        int n = count;
        int[] at = offsets;
        if (at.length < n) {
            at = new int[Math.max(n, 2 * at.length)];
            offsets = at;
        }
        for (int i = 0, p = first; i < n; i++) {
            at[i] = p;
            p += narrow + bodyLength(p, narrow);
        }
        int delta = wide - narrow;
        need(n * delta);
        move(tail, tail + n * delta, pos - tail);
        // backwards: element i moves right by i * delta plus its wider header, past every byte not yet read
        for (int i = n - 1; i >= 0; i--) {
            int p = at[i];
            int body = bodyLength(p, narrow);
            int items = narrow == 2 ? get8(p + 1) : 0;
            int q = p + i * delta;
            move(p + narrow, q + wide, body);
            if (narrow == 2) {
                put32(q, body + 4);
                put32(q + 4, items);
            } else {
                put32(q, body);
            }
        }
        pos += n * delta;
        wideConstructor();
    }

    /** The bytes after a narrow element header: its data, or a compound's items (the size counts the count). */
    private int bodyLength(int p, int narrow) {
        int size = get8(p);
        return narrow == 2 ? size - 1 : size;
    }

    private void wideConstructor() {
        put8(ctorPos, TYPES[elemType].widestFormatCode());
        elemWide = true;
    }

    private String frameName() {
        switch (mode) {
            case DESCRIBED:
                return count == 0 ? "a described value awaiting its descriptor" : "a described value awaiting its value";
            case ARRAY_DESCRIPTOR:
                return "an array awaiting its element descriptor";
            default:
                return kind == NO_KIND ? "nothing" : "a " + TYPES[kind].name().toLowerCase();
        }
    }

    // ------------------------------------------------------------------ fixed width
    //
    // Each put is "if this is an array element, write the body; else write constructor and body". element()
    // also enforces the array's type and the descriptor's type, so it runs before any narrowing decision.

    @Override
    public final Encoder putNull() {
        if (mode != PLAIN && element(Type.NULL)) {
            if (++count == 0) {
                count--;
                throw new EncodeException("an array cannot hold more than 2^32-1 elements");
            }
            return this;
        }
        return full0(FormatCode.NULL);
    }

    @Override
    public final Encoder putBoolean(boolean value) {
        if (mode != PLAIN && element(Type.BOOLEAN)) {
            return body1(value ? 1 : 0);
        }
        return full0(value ? FormatCode.BOOLEAN_TRUE : FormatCode.BOOLEAN_FALSE);
    }

    @Override
    public final Encoder putUbyte(int value) {
        if ((value & ~0xFF) != 0) {
            throw new EncodeException("ubyte out of range 0..255: " + value);
        }
        if (mode != PLAIN && element(Type.UBYTE)) {
            return body1(value);
        }
        return full1(FormatCode.UBYTE, value);
    }

    @Override
    public final Encoder putByte(byte value) {
        if (mode != PLAIN && element(Type.BYTE)) {
            return body1(value);
        }
        return full1(FormatCode.BYTE, value);
    }

    @Override
    public final Encoder putUshort(int value) {
        if ((value & ~0xFFFF) != 0) {
            throw new EncodeException("ushort out of range 0..65535: " + value);
        }
        if (mode != PLAIN && element(Type.USHORT)) {
            return body2(value);
        }
        return full2(FormatCode.USHORT, value);
    }

    @Override
    public final Encoder putShort(short value) {
        if (mode != PLAIN && element(Type.SHORT)) {
            return body2(value);
        }
        return full2(FormatCode.SHORT, value);
    }

    @Override
    public final Encoder putUint(long value) {
        if ((value & ~0xFFFF_FFFFL) != 0) {
            throw new EncodeException("uint out of range 0..4294967295: " + value);
        }
        if (mode != PLAIN && element(Type.UINT)) {
            if (!elemWide) {
                if (value <= 0xFF) {
                    return body1((int) value);
                }
                widenFixed(4, false);
            }
            return body4((int) value);
        }
        if (compact && value <= 0xFF) {
            return value == 0 ? full0(FormatCode.UINT0) : full1(FormatCode.SMALLUINT, (int) value);
        }
        return full4(FormatCode.UINT, (int) value);
    }

    @Override
    public final Encoder putInt(int value) {
        if (mode != PLAIN && element(Type.INT)) {
            if (!elemWide) {
                if (value == (byte) value) {
                    return body1(value);
                }
                widenFixed(4, true);
            }
            return body4(value);
        }
        return compact && value == (byte) value ? full1(FormatCode.SMALLINT, value) : full4(FormatCode.INT, value);
    }

    @Override
    public final Encoder putFloat(float value) {
        if (mode != PLAIN && element(Type.FLOAT)) {
            return body4(Float.floatToRawIntBits(value));
        }
        return full4(FormatCode.FLOAT, Float.floatToRawIntBits(value));
    }

    @Override
    public final Encoder putDecimal32(int bits) {
        if (mode != PLAIN && element(Type.DECIMAL32)) {
            return body4(bits);
        }
        return full4(FormatCode.DECIMAL32, bits);
    }

    @Override
    public final Encoder putChar(int codePoint) {
        if (codePoint < 0 || codePoint > Character.MAX_CODE_POINT
            || (codePoint >= Character.MIN_SURROGATE && codePoint <= Character.MAX_SURROGATE)) {
            throw new EncodeException("char must be a Unicode scalar value (0..0x10FFFF, not a surrogate): 0x"
                + Integer.toHexString(codePoint).toUpperCase());
        }
        if (mode != PLAIN && element(Type.CHAR)) {
            return body4(codePoint);
        }
        return full4(FormatCode.CHAR, codePoint);
    }

    @Override
    public final Encoder putUlong(long bits) {
        if (mode != PLAIN && element(Type.ULONG)) {
            if (!elemWide) {
                if ((bits & ~0xFFL) == 0) {
                    return body1((int) bits);
                }
                widenFixed(8, false);
            }
            return body8(bits);
        }
        if (compact && (bits & ~0xFFL) == 0) {
            // a descriptor is never ulong0: Proton-J rejects 00 44 as a reserved descriptor, though it is legal
            boolean descriptor = mode >= DESCRIBED && count == 0;
            return bits == 0 && !descriptor ? full0(FormatCode.ULONG0) : full1(FormatCode.SMALLULONG, (int) bits);
        }
        return full8(FormatCode.ULONG, bits);
    }

    @Override
    public final Encoder putLong(long value) {
        if (mode != PLAIN && element(Type.LONG)) {
            if (!elemWide) {
                if (value == (byte) value) {
                    return body1((int) value);
                }
                widenFixed(8, true);
            }
            return body8(value);
        }
        return compact && value == (byte) value ? full1(FormatCode.SMALLLONG, (int) value)
            : full8(FormatCode.LONG, value);
    }

    @Override
    public final Encoder putDouble(double value) {
        if (mode != PLAIN && element(Type.DOUBLE)) {
            return body8(Double.doubleToRawLongBits(value));
        }
        return full8(FormatCode.DOUBLE, Double.doubleToRawLongBits(value));
    }

    @Override
    public final Encoder putDecimal64(long bits) {
        if (mode != PLAIN && element(Type.DECIMAL64)) {
            return body8(bits);
        }
        return full8(FormatCode.DECIMAL64, bits);
    }

    @Override
    public final Encoder putTimestamp(long epochMillis) {
        if (mode != PLAIN && element(Type.TIMESTAMP)) {
            return body8(epochMillis);
        }
        return full8(FormatCode.TIMESTAMP, epochMillis);
    }

    @Override
    public final Encoder putDecimal128(long high, long low) {
        if (mode != PLAIN && element(Type.DECIMAL128)) {
            return body16(high, low);
        }
        return full16(FormatCode.DECIMAL128, high, low);
    }

    @Override
    public final Encoder putUuid(long mostSignificantBits, long leastSignificantBits) {
        if (mode != PLAIN && element(Type.UUID)) {
            return body16(mostSignificantBits, leastSignificantBits);
        }
        return full16(FormatCode.UUID, mostSignificantBits, leastSignificantBits);
    }

    // array element bodies: no constructor, one more element

    private Encoder body1(int value) {
        need(1);
        put8(pos++, value);
        count++;
        return this;
    }

    private Encoder body2(int value) {
        need(2);
        put16(pos, value);
        pos += 2;
        count++;
        return this;
    }

    private Encoder body4(int value) {
        need(4);
        put32(pos, value);
        pos += 4;
        count++;
        return this;
    }

    private Encoder body8(long value) {
        need(8);
        put64(pos, value);
        pos += 8;
        count++;
        return this;
    }

    private Encoder body16(long high, long low) {
        need(16);
        put64(pos, high);
        put64(pos + 8, low);
        pos += 16;
        count++;
        return this;
    }

    // whole values: constructor and body

    private Encoder full0(int code) {
        need(1);
        put8(pos++, code);
        return done();
    }

    private Encoder full1(int code, int value) {
        need(2);
        int p = pos;
        put8(p, code);
        put8(p + 1, value);
        pos = p + 2;
        return done();
    }

    private Encoder full2(int code, int value) {
        need(3);
        int p = pos;
        put8(p, code);
        put16(p + 1, value);
        pos = p + 3;
        return done();
    }

    private Encoder full4(int code, int value) {
        need(5);
        int p = pos;
        put8(p, code);
        put32(p + 1, value);
        pos = p + 5;
        return done();
    }

    private Encoder full8(int code, long value) {
        need(9);
        int p = pos;
        put8(p, code);
        put64(p + 1, value);
        pos = p + 9;
        return done();
    }

    private Encoder full16(int code, long high, long low) {
        need(17);
        int p = pos;
        put8(p, code);
        put64(p + 1, high);
        put64(p + 9, low);
        pos = p + 17;
        return done();
    }

    // ------------------------------------------------------------------ variable width

    /**
     * Writes the constructor (if {@code withCode}) and size field of a variable-width value whose length is
     * known, choosing the 8-bit form in compact mode when it fits, and returns the index of the data.
     */
    private int variableHeader(boolean element, int code8, int code32, int length) {
        boolean narrow;
        if (element) {
            if (!elemWide && length > 0xFF) {
                widenElements(1, 4, pos);
            }
            narrow = !elemWide;
        } else {
            narrow = compact && length <= 0xFF;
        }
        boolean withCode = !element;
        int header = (withCode ? 1 : 0) + (narrow ? 1 : 4);
        needLong((long) header + length);
        int p = pos;
        if (withCode) {
            put8(p++, narrow ? code8 : code32);
        }
        if (narrow) {
            put8(p++, length);
        } else {
            put32(p, length);
            p += 4;
        }
        return p;
    }

    private Encoder variableDone(boolean element, int end) {
        pos = end;
        if (element) {
            count++;
            return this;
        }
        return done();
    }

    @Override
    public final Encoder putBinary(byte[] src, int offset, int length) {
        Objects.checkFromIndexSize(offset, length, src.length);
        boolean element = mode != PLAIN && element(Type.BINARY);
        int p = variableHeader(element, FormatCode.VBIN8, FormatCode.VBIN32, length);
        putBytes(p, src, offset, length);
        return variableDone(element, p + length);
    }

    @Override
    public final Encoder putBinary(ByteBuffer src) {
        if (src == null) {
            return putNull();
        }
        boolean element = mode != PLAIN && element(Type.BINARY);
        int length = src.remaining();
        int p = variableHeader(element, FormatCode.VBIN8, FormatCode.VBIN32, length);
        putBytes(p, src, src.position(), length);
        return variableDone(element, p + length);
    }

    @Override
    public final Encoder putStringUtf8(byte[] utf8, int offset, int length) {
        Objects.checkFromIndexSize(offset, length, utf8.length);
        boolean element = mode != PLAIN && element(Type.STRING);
        int p = variableHeader(element, FormatCode.STR8_UTF8, FormatCode.STR32_UTF8, length);
        putBytes(p, utf8, offset, length);
        return variableDone(element, p + length);
    }

    @Override
    public final Encoder putString(CharSequence value) {
        if (value == null) {
            return putNull();
        }
        int n = value.length();
        // the common case, small enough to inline: a short list or map item or top-level value (keys, names,
        // addresses), with room for the worst case (three bytes a char); longer strings take the bulk path out of
        // line, so that callers can inline this one
        if (mode == PLAIN && n < StringEncoder.BULK_MIN && limit - pos >= 5 + 3 * n) {
            int p = pos;
            int header = compact ? 2 : 5;
            int end = shortUtf8(p + header, value, n);
            if (compact) {
                put8(p, FormatCode.STR8_UTF8);
                put8(p + 1, end - p - 2);
            } else {
                put8(p, FormatCode.STR32_UTF8);
                put32(p + 1, end - p - 5);
            }
            pos = end;
            count++;
            return this;
        }
        return putStringSlow(value, n);
    }

    private int shortUtf8(int index, CharSequence value, int n) {
        try {
            return writeShortUtf8(index, value, n);
        } catch (IllegalArgumentException e) {
            throw new EncodeException(e.getMessage());
        }
    }

    private int utf8(int index, CharSequence value, int n) {
        try {
            return writeUtf8(index, value, 0, n);
        } catch (IllegalArgumentException e) {
            throw new EncodeException(e.getMessage());
        }
    }

    private Encoder putStringSlow(CharSequence value, int n) {
        boolean element = mode != PLAIN && element(Type.STRING);
        int code = element ? 0 : 1;
        // compact: str8 is certain up to 85 chars (3 bytes each at most), impossible above 255
        boolean narrow;
        if (element) {
            // an element is measured before it is written if it might not fit the narrow form: widening the
            // array's earlier elements must happen before this one is written
            if (!elemWide && n > 85 && (n > 0xFF || utf8Length(value) > 0xFF)) {
                widenElements(1, 4, pos);
            }
            narrow = !elemWide;
        } else {
            narrow = compact && n <= 0xFF;
        }
        int header = code + (narrow ? 1 : 4);
        long worst = header + 3L * n + (narrow && !element && n > 85 ? 3 : 0);
        if (worst > limit - pos && (n > 1024 || !grow((int) Math.min(worst, Integer.MAX_VALUE)))) {
            // too big to reserve the worst case: measure first, then reserve exactly what is written
            int exact = utf8Length(value);
            narrow = narrow && exact <= 0xFF;
            header = code + (narrow ? 1 : 4);
            needLong((long) header + exact);
        }
        int p = pos;
        int data = p + header;
        int end = utf8(data, value, n);
        int length = end - data;
        if (narrow) {
            if (length <= 0xFF) {
                if (code == 1) {
                    put8(p, FormatCode.STR8_UTF8);
                }
                put8(p + code, length);
            } else {
                // outgrew str8 (room for this was reserved): shift the data right by 3 for the wider size
                move(data, data + 3, length);
                end += 3;
                put8(p, FormatCode.STR32_UTF8);
                put32(p + 1, length);
            }
        } else {
            if (code == 1) {
                put8(p, FormatCode.STR32_UTF8);
            }
            put32(p + code, length);
        }
        return variableDone(element, end);
    }

    private static int utf8Length(CharSequence value) {
        try {
            return Utf8.encodedLength(value, 0, value.length());
        } catch (IllegalArgumentException e) {
            throw new EncodeException(e.getMessage());
        }
    }

    @Override
    public final Encoder putSymbol(CharSequence value) {
        if (value == null) {
            return putNull();
        }
        if (value instanceof Symbol) {
            return putSymbol((Symbol) value);
        }
        boolean element = mode != PLAIN && element(Type.SYMBOL);
        int n = value.length();
        int p = variableHeader(element, FormatCode.SYM8, FormatCode.SYM32, n);
        // room for n bytes: a non-ASCII char would need more, and is rejected before anything is written
        for (int i = 0; i < n; i++) {
            char c = value.charAt(i);
            if (c > 0x7F) {
                throw new EncodeException("symbol characters must be 7-bit ASCII; found U+"
                    + String.format("%04X", (int) c) + " at index " + i);
            }
        }
        int end = writeUtf8(p, value, 0, n);
        return variableDone(element, end);
    }

    @Override
    public final Encoder putSymbol(Symbol value) {
        if (value == null) {
            return putNull();
        }
        boolean element = mode != PLAIN && element(Type.SYMBOL);
        int n = value.length();
        int p = variableHeader(element, FormatCode.SYM8, FormatCode.SYM32, n);
        writeSymbol(p, value);
        return variableDone(element, p + n);
    }

    @Override
    public final Encoder putSymbolAscii(byte[] ascii, int offset, int length) {
        Objects.checkFromIndexSize(offset, length, ascii.length);
        if (!Utf8.isAscii(ascii, offset, offset + length)) {
            throw new EncodeException("symbol bytes must be 7-bit ASCII");
        }
        boolean element = mode != PLAIN && element(Type.SYMBOL);
        int p = variableHeader(element, FormatCode.SYM8, FormatCode.SYM32, length);
        putBytes(p, ascii, offset, length);
        return variableDone(element, p + length);
    }

    // ------------------------------------------------------------------ compounds

    @Override
    public final Encoder putList() {
        return openCompound(Type.LIST, FormatCode.LIST8, FormatCode.LIST32);
    }

    @Override
    public final Encoder putMap() {
        return openCompound(Type.MAP, FormatCode.MAP8, FormatCode.MAP32);
    }

    @Override
    public final Encoder putArray(Type elementType) {
        Objects.requireNonNull(elementType, "elementType");
        openCompound(Type.ARRAY, FormatCode.ARRAY8, FormatCode.ARRAY32);
        elemType = elementType.ordinal();
        elemWide = !compact || narrowCode(elementType) < 0;
        return this;
    }

    private Encoder openCompound(Type t, int code8, int code32) {
        int newMode = t == Type.ARRAY ? ARRAY : PLAIN;
        if (mode != PLAIN && element(t)) {
            int header = elemWide ? 8 : 2;
            need(header);
            int p = pos;
            pos = p + header;
            push(newMode, t.ordinal(), elemWide ? FORM_ELEMENT : FORM_ELEMENT_NARROW, p);
        } else if (compact) {
            need(3);
            int p = pos;
            put8(p, code8);
            pos = p + 3;
            push(newMode, t.ordinal(), FORM_COMPACT, p);
        } else {
            need(9);
            int p = pos;
            put8(p, code32);
            pos = p + 9;
            push(newMode, t.ordinal(), FORM_FAST, p);
        }
        return this;
    }

    @Override
    public final Encoder end() {
        if (depth == 0) {
            throw new EncodeException("end() with no list, map or array open");
        }
        if (mode == DESCRIBED || mode == ARRAY_DESCRIPTOR) {
            throw new EncodeException("end() inside " + frameName() + ": putDescriptor() needs a descriptor value and"
                + " a described value");
        }
        int c = count;
        if (mode == ARRAY) {
            if (ctorPos < 0) {
                elemWide = true;
                writeElementConstructor(); // an empty array still carries its element constructor, the wide one
            }
        } else if (kind == Type.MAP.ordinal() && (c & 1) != 0) {
            throw new EncodeException("end() of a map with an odd number of items (" + Integer.toUnsignedString(c)
                + "): its last key has no value");
        }
        int s = start;
        boolean widened = closeHeader(c);
        pop();
        if (widened) {
            // this element of a compact array outgrew the narrow header: so do the ones before it
            widenElements(2, 8, s);
        }
        return done();
    }

    /** Fills in the size and count of the compound of the current frame; true if a narrow element widened. */
    private boolean closeHeader(int c) {
        int s = start;
        switch (form) {
            case FORM_FAST:
                put32(s + 1, pos - s - 5);
                put32(s + 5, c);
                return false;
            case FORM_ELEMENT:
                put32(s, pos - s - 4);
                put32(s + 4, c);
                return false;
            case FORM_ELEMENT_NARROW: {
                int body = pos - s - 2;
                if (body < 0xFF && (c & ~0xFF) == 0) {
                    put8(s, body + 1);
                    put8(s + 1, c);
                    return false;
                }
                need(6);
                move(s + 2, s + 8, body);
                pos += 6;
                put32(s, body + 4);
                put32(s + 4, c);
                return true;
            }
            default:
                int body = pos - s - 3;
                if (c == 0 && kind == Type.LIST.ordinal()) {
                    put8(s, FormatCode.LIST0);
                    pos = s + 1;
                } else if (body < 0xFF && (c & ~0xFF) == 0) {
                    put8(s + 1, body + 1);
                    put8(s + 2, c);
                } else {
                    // outgrew the 8-bit size or count: move the body right by 6 for the 32-bit fields
                    need(6);
                    move(s + 3, s + 9, body);
                    pos += 6;
                    put8(s, TYPES[kind].widestFormatCode());
                    put32(s + 1, body + 4);
                    put32(s + 5, c);
                }
                return false;
        }
    }

    // ------------------------------------------------------------------ described values

    @Override
    public final Encoder putDescriptor() {
        if (mode == ARRAY) {
            if (count != 0 || ctorPos >= 0 || describedArray) {
                throw new EncodeException("an array's element descriptor must come right after putArray(), once");
            }
            need(1);
            put8(pos++, FormatCode.DESCRIBED);
            push(ARRAY_DESCRIPTOR, NO_KIND, FORM_FAST, pos - 1);
            return this;
        }
        if ((mode == DESCRIBED || mode == ARRAY_DESCRIPTOR) && count == 0) {
            throw new EncodeException("a descriptor cannot itself be a described value");
        }
        need(1);
        put8(pos++, FormatCode.DESCRIBED);
        push(DESCRIBED, NO_KIND, FORM_FAST, pos - 1);
        return this;
    }

    @Override
    public final Encoder putDescriptor(long code) {
        putDescriptor();
        if ((code & ~0xFFL) == 0) {
            need(2);
            put8(pos, FormatCode.SMALLULONG);
            put8(pos + 1, (int) code);
            pos += 2;
        } else {
            need(9);
            put8(pos, FormatCode.ULONG);
            put64(pos + 1, code);
            pos += 9;
        }
        return done();
    }

    // ------------------------------------------------------------------ raw

    @Override
    public final Encoder putEncoded(byte[] src, int offset, int length) {
        Objects.checkFromIndexSize(offset, length, src.length);
        int p = beginRaw(length);
        putBytes(p, src, offset, length);
        return endRaw(length);
    }

    @Override
    public final Encoder putEncoded(ByteBuffer src) {
        int length = src.remaining();
        int p = beginRaw(length);
        putBytes(p, src, src.position(), length);
        return endRaw(length);
    }

    /** Starts a raw value of {@code length} bytes; returns the index to copy it to. */
    final int beginRaw(int length) {
        if (mode == ARRAY) {
            throw new EncodeException("an encoded value cannot be an array element: array elements share one"
                + " constructor and carry none of their own");
        }
        if (length <= 0) {
            throw new EncodeException("an encoded value has at least one byte");
        }
        need(length);
        return pos;
    }

    final Encoder endRaw(int length) {
        pos += length;
        return done();
    }
}
