package org.amqpcodec.impl;

import java.nio.BufferOverflowException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Objects;

import org.amqpcodec.api.DataHandler;
import org.amqpcodec.api.DecodeError;
import org.amqpcodec.api.DecodeException;
import org.amqpcodec.api.DecodeOptions;
import org.amqpcodec.api.Decoder;
import org.amqpcodec.api.Encoder;
import org.amqpcodec.api.FormatCode;
import org.amqpcodec.api.Symbol;
import org.amqpcodec.api.Type;
import org.amqpcodec.impl.utf8.Utf8;

/**
 * The push decoder, written once for every input: a non-recursive scan that calls a {@link DataHandler} for
 * each value with itself as the cursor. The input backends ({@link ByteArrayDecoder},
 * {@link ByteBufferDecoder}, {@code NettyDecoder}) are final subclasses that supply byte access.
 *
 * <p>Nesting is tracked in one preallocated {@code int[]} (a frame of a few ints per open compound), so depth
 * is bounded by {@link DecodeOptions#maxDepth()}, never by the Java stack. Every size is checked against the
 * bytes of its enclosing compound (or the input) once, when its header is read; nothing is allocated from a
 * declared size.
 *
 * <p>Not thread-safe; reusable through the backends' {@code wrap} methods.
 */
public abstract class ScanningDecoder implements Decoder {

    // frame kinds
    private static final int TOP = 0;
    private static final int LIST = 1;
    private static final int MAP = 2;
    private static final int ARRAY = 3;

    // frame fields
    private static final int F_KIND = 0;
    private static final int F_END = 1;        // absolute index after the compound
    private static final int F_REMAINING = 2;  // items not yet scanned (saved while an inner one is open)
    private static final int F_NEXT = 3;       // index the next item will have (saved while an inner one is open)
    private static final int F_START = 4;      // absolute index of the compound's first byte
    private static final int F_CODE = 5;
    private static final int F_COUNT = 6;
    private static final int F_INDEX = 7;      // the compound's index in its parent
    private static final int F_DATA = 8;       // absolute index of the first item
    private static final int F_ELEM_CODE = 9;  // arrays: element constructor
    private static final int F_ELEM_PREFIX = 10; // arrays: first byte of the element constructor (with descriptors)
    private static final int F_FLAGS = 11;     // the compound's cursor flags (element of an array or not)
    private static final int STRIDE = 12;

    // cursor flags
    private static final int CF_COMPOUND = 1;      // the cursor is on the compound of frame sp
    private static final int CF_ELEMENT = 2;       // an array element
    private static final int CF_DESCRIPTOR = 4;    // a descriptor
    private static final int CF_ELEM_DESCRIPTOR = 8; // an array's element descriptor

    // what follows a constructor
    private static final byte K_UNDEFINED = 0;
    private static final byte K_FIXED = 1;
    private static final byte K_VAR8 = 2;
    private static final byte K_VAR32 = 3;
    private static final byte K_COMPOUND8 = 4;
    private static final byte K_COMPOUND32 = 5;
    private static final byte K_ARRAY8 = 6;
    private static final byte K_ARRAY32 = 7;
    private static final byte K_LIST0 = 8;

    private static final byte[] KIND = new byte[256];
    private static final byte[] WIDTH = new byte[256];

    static {
        for (int code = 1; code < 256; code++) {
            if (!FormatCode.isDefined(code)) {
                continue;
            }
            int w = FormatCode.width(code);
            switch (code >>> 4) {
                case 0x4:
                    KIND[code] = code == FormatCode.LIST0 ? K_LIST0 : K_FIXED;
                    break;
                case 0x5: case 0x6: case 0x7: case 0x8: case 0x9:
                    KIND[code] = K_FIXED;
                    break;
                case 0xA:
                    KIND[code] = K_VAR8;
                    break;
                case 0xB:
                    KIND[code] = K_VAR32;
                    break;
                case 0xC:
                    KIND[code] = K_COMPOUND8;
                    break;
                case 0xD:
                    KIND[code] = K_COMPOUND32;
                    break;
                case 0xE:
                    KIND[code] = K_ARRAY8;
                    break;
                default:
                    KIND[code] = K_ARRAY32;
            }
            WIDTH[code] = (byte) w;
        }
    }

    private final DecodeOptions options;
    private final boolean strict;
    private final int maxDepth;
    private final TextCache cache;

    /** Absolute index of the first input byte. */
    protected int base;
    /** Absolute index after the last input byte. */
    protected int end;
    private int pos;

    // the cursor
    private int cCode = -1;
    private int cStart;
    private int cData;
    private int cEnd;
    private int cFlags;
    /** The current value's index in its parent (what {@link #index()} answers for a value that is not a compound). */
    private int cIndex;

    private boolean scanning;
    /** While an array's element constructor is parsed: the array's constructor offset (its region), else -1. */
    private int arrayHeader = -1;
    private int arrayHeaderCode;
    private boolean skipRequested;
    private boolean stopRequested;

    private int sp;
    private int[] frames;
    private byte[] scratch;

    /**
     * @param options strictness and limits
     */
    protected ScanningDecoder(DecodeOptions options) {
        this.options = Objects.requireNonNull(options, "options");
        this.strict = options.strict();
        this.maxDepth = options.maxDepth();
        this.cache = options.cacheEntries() == 0 ? null : new TextCache(options.cacheEntries(), options.cacheMaxLength());
        this.frames = new int[STRIDE * (Math.min(maxDepth, 32) + 1)];
    }

    /** Starts over on a new input region, {@code [start, limit)} in absolute indexes. */
    protected final void init(int start, int limit) {
        if (scanning) {
            throw new IllegalStateException("cannot wrap new input from inside a callback");
        }
        this.base = start;
        this.end = limit;
        this.pos = start;
        this.frames[F_NEXT] = 0;
    }

    /**
     * The options this decoder was made with.
     *
     * @return the options
     */
    public final DecodeOptions options() {
        return options;
    }

    // ------------------------------------------------------------------ backend

    /** The byte at an absolute index, 0..255. */
    protected abstract int u8(int index);

    /** The big-endian unsigned short at an absolute index. */
    protected abstract int u16(int index);

    /** The big-endian int at an absolute index. */
    protected abstract int i32(int index);

    /** The big-endian long at an absolute index. */
    protected abstract long i64(int index);

    /** Copies {@code length} bytes from an absolute index into {@code dst[offset...]}. */
    protected abstract void copyTo(int index, byte[] dst, int offset, int length);

    /** Copies {@code length} bytes from an absolute index into {@code dst} at its position, advancing it. */
    protected abstract void copyTo(int index, ByteBuffer dst, int length);

    /** Copies {@code length} bytes from an absolute index into an encoder's output at {@code dstIndex}. */
    protected abstract void copyRaw(SerialEncoder encoder, int index, int dstIndex, int length);

    /** Decodes UTF-8 (malformed input becomes U+FFFD). Backends with an array override this. */
    protected String utf8(int index, int length) {
        byte[] tmp = scratch(length);
        copyTo(index, tmp, 0, length);
        return new String(tmp, 0, length, StandardCharsets.UTF_8);
    }

    /** Decodes bytes as ISO-8859-1 (for symbols: ASCII, and leniently any byte). */
    protected String latin1(int index, int length) {
        byte[] tmp = scratch(length);
        copyTo(index, tmp, 0, length);
        return new String(tmp, 0, length, StandardCharsets.ISO_8859_1);
    }

    /** Whether the bytes at an absolute index equal {@code b[offset, offset+length)}. */
    protected boolean equalsBytes(int index, byte[] b, int offset, int length) {
        byte[] tmp = scratch(length);
        copyTo(index, tmp, 0, length);
        return Arrays.equals(tmp, 0, length, b, offset, offset + length);
    }

    /** Whether the {@code symbol.length()} bytes at an absolute index equal the symbol's. */
    protected boolean equalsSymbol(int index, Symbol symbol) {
        int n = symbol.length();
        byte[] tmp = scratch(n);
        copyTo(index, tmp, 0, n);
        return symbol.contentEquals(tmp, 0, n);
    }

    /** The absolute index of the first malformed UTF-8 sequence in {@code [from, to)}, or {@code to}. */
    protected int firstInvalidUtf8(int from, int to) {
        byte[] tmp = scratch(Math.min(to - from, 8192));
        int i = from;
        while (i < to) {
            int n = Math.min(tmp.length, to - i);
            copyTo(i, tmp, 0, n);
            int bad = Utf8.firstInvalid(tmp, 0, n);
            if (bad == n) {
                i += n;
            } else if (i + n < to && n - bad < 4) {
                i += bad; // a sequence cut by the chunk's end: start the next chunk with it
            } else {
                return i + bad;
            }
        }
        return to;
    }

    /** Whether {@code [from, to)} is all 7-bit ASCII. */
    protected boolean isAscii(int from, int to) {
        byte[] tmp = scratch(Math.min(to - from, 8192));
        for (int i = from; i < to; ) {
            int n = Math.min(tmp.length, to - i);
            copyTo(i, tmp, 0, n);
            if (!Utf8.isAscii(tmp, 0, n)) {
                return false;
            }
            i += n;
        }
        return true;
    }

    /** A reusable scratch array of at least {@code size} bytes. */
    protected final byte[] scratch(int size) {
        byte[] s = scratch;
        if (s == null || s.length < size) {
            s = new byte[Math.max(size, 256)];
            scratch = s;
        }
        return s;
    }

    /** For backends in other packages: copies an array slice into an encoder's output. */
    protected static void putBytes(SerialEncoder encoder, int dstIndex, byte[] src, int offset, int length) {
        encoder.putBytes(dstIndex, src, offset, length);
    }

    // ------------------------------------------------------------------ scanning

    @Override
    public final boolean decode(DataHandler handler) {
        return scan(handler, false);
    }

    @Override
    public final boolean decodeValue(DataHandler handler) {
        return scan(handler, true);
    }

    @Override
    public final int position() {
        return pos - base;
    }

    @Override
    public final int remaining() {
        return end - pos;
    }

    /*
     * The scan loop. The innermost compound's state lives in locals (limit, remaining, next index, whether it is
     * an array and its element constructor); frames[] keeps what the cursor methods read and the enclosing
     * compounds' state, spilled when a compound opens and reloaded when it closes. Each format code has its own
     * case with a constant width, so the position after a value does not wait for a table lookup, and each
     * callback is called from its own site here, so it is inlined into this loop.
     */
    private boolean scan(DataHandler h, boolean one) {
        Objects.requireNonNull(h, "handler");
        if (scanning) {
            throw new IllegalStateException("decode() is not reentrant: it was called from inside a callback");
        }
        scanning = true;
        skipRequested = false;
        stopRequested = false;
        sp = 0;
        int p = pos;
        int values = 0;
        int limit = end;
        int remaining = 0;
        int next = frames[F_NEXT];
        boolean inArray = false;
        int elemCode = 0;
        try {
            while (true) {
                int flags;
                if (sp == 0) {
                    if (p >= end || (one && values > 0)) {
                        pos = p;
                        frames[F_NEXT] = next;
                        return !one || values > 0;
                    }
                    pos = p;
                    values++;
                    cIndex = next++;
                    flags = 0;
                } else if (remaining == 0) {
                    p = close(h, p);
                    if (stopRequested) {
                        pos = p;
                        return false;
                    }
                    int fi = sp * STRIDE;
                    int[] f = frames;
                    limit = sp == 0 ? end : f[fi + F_END];
                    remaining = f[fi + F_REMAINING];
                    next = f[fi + F_NEXT];
                    inArray = f[fi + F_KIND] == ARRAY;
                    elemCode = f[fi + F_ELEM_CODE];
                    continue;
                } else {
                    remaining--;
                    cIndex = next++;
                    flags = inArray ? CF_ELEMENT : 0;
                }
                int code;
                int b;
                if (inArray) {
                    code = elemCode; // an element has no constructor of its own
                    b = p;
                } else {
                    if (p >= limit) {
                        throw overrun(p, -1, p + 1L, limit);
                    }
                    code = u8(p);
                    if (code == FormatCode.DESCRIBED) {
                        int q = descriptors(h, p, limit);
                        if (q < 0) {
                            p = ~q; // skipped, or stopped in onDescriptor
                            if (stopRequested) {
                                pos = p;
                                return false;
                            }
                            continue;
                        }
                        p = q;
                        code = u8(p);
                    }
                    b = p + 1;
                }
                switch (code) {
                    case FormatCode.NULL:
                        p = fixed(p, b, 0, limit, code, flags);
                        h.onNull(this);
                        break;
                    case FormatCode.BOOLEAN_TRUE:
                    case FormatCode.BOOLEAN_FALSE:
                        p = fixed(p, b, 0, limit, code, flags);
                        h.onBoolean(this);
                        break;
                    case FormatCode.BOOLEAN:
                        p = fixed(p, b, 1, limit, code, flags);
                        if (strict) {
                            checkFixed(code, cStart, b);
                        }
                        h.onBoolean(this);
                        break;
                    case FormatCode.UINT0:
                        p = fixed(p, b, 0, limit, code, flags);
                        h.onUint(this);
                        break;
                    case FormatCode.ULONG0:
                        p = fixed(p, b, 0, limit, code, flags);
                        h.onUlong(this);
                        break;
                    case FormatCode.UBYTE:
                        p = fixed(p, b, 1, limit, code, flags);
                        h.onUbyte(this);
                        break;
                    case FormatCode.BYTE:
                        p = fixed(p, b, 1, limit, code, flags);
                        h.onByte(this);
                        break;
                    case FormatCode.SMALLUINT:
                        p = fixed(p, b, 1, limit, code, flags);
                        h.onUint(this);
                        break;
                    case FormatCode.SMALLULONG:
                        p = fixed(p, b, 1, limit, code, flags);
                        h.onUlong(this);
                        break;
                    case FormatCode.SMALLINT:
                        p = fixed(p, b, 1, limit, code, flags);
                        h.onInt(this);
                        break;
                    case FormatCode.SMALLLONG:
                        p = fixed(p, b, 1, limit, code, flags);
                        h.onLong(this);
                        break;
                    case FormatCode.USHORT:
                        p = fixed(p, b, 2, limit, code, flags);
                        h.onUshort(this);
                        break;
                    case FormatCode.SHORT:
                        p = fixed(p, b, 2, limit, code, flags);
                        h.onShort(this);
                        break;
                    case FormatCode.UINT:
                        p = fixed(p, b, 4, limit, code, flags);
                        h.onUint(this);
                        break;
                    case FormatCode.INT:
                        p = fixed(p, b, 4, limit, code, flags);
                        h.onInt(this);
                        break;
                    case FormatCode.FLOAT:
                        p = fixed(p, b, 4, limit, code, flags);
                        h.onFloat(this);
                        break;
                    case FormatCode.CHAR:
                        p = fixed(p, b, 4, limit, code, flags);
                        if (strict) {
                            checkFixed(code, cStart, b);
                        }
                        h.onChar(this);
                        break;
                    case FormatCode.DECIMAL32:
                        p = fixed(p, b, 4, limit, code, flags);
                        h.onDecimal32(this);
                        break;
                    case FormatCode.ULONG:
                        p = fixed(p, b, 8, limit, code, flags);
                        h.onUlong(this);
                        break;
                    case FormatCode.LONG:
                        p = fixed(p, b, 8, limit, code, flags);
                        h.onLong(this);
                        break;
                    case FormatCode.DOUBLE:
                        p = fixed(p, b, 8, limit, code, flags);
                        h.onDouble(this);
                        break;
                    case FormatCode.TIMESTAMP:
                        p = fixed(p, b, 8, limit, code, flags);
                        h.onTimestamp(this);
                        break;
                    case FormatCode.DECIMAL64:
                        p = fixed(p, b, 8, limit, code, flags);
                        h.onDecimal64(this);
                        break;
                    case FormatCode.DECIMAL128:
                        p = fixed(p, b, 16, limit, code, flags);
                        h.onDecimal128(this);
                        break;
                    case FormatCode.UUID:
                        p = fixed(p, b, 16, limit, code, flags);
                        h.onUuid(this);
                        break;
                    case FormatCode.VBIN8:
                        p = variable8(p, b, limit, code, flags);
                        h.onBinary(this);
                        break;
                    case FormatCode.STR8_UTF8:
                        p = variable8(p, b, limit, code, flags);
                        h.onString(this);
                        break;
                    case FormatCode.SYM8:
                        p = variable8(p, b, limit, code, flags);
                        h.onSymbol(this);
                        break;
                    case FormatCode.VBIN32:
                        p = variable32(p, b, limit, code, flags);
                        h.onBinary(this);
                        break;
                    case FormatCode.STR32_UTF8:
                        p = variable32(p, b, limit, code, flags);
                        h.onString(this);
                        break;
                    case FormatCode.SYM32:
                        p = variable32(p, b, limit, code, flags);
                        h.onSymbol(this);
                        break;
                    default: {
                        // a compound or an array (or an undefined code): spill this frame's state, let the helper
                        // push the new frame (or skip it), and go on with whichever frame is innermost then
                        int fi = sp * STRIDE;
                        frames[fi + F_REMAINING] = remaining;
                        frames[fi + F_NEXT] = next;
                        p = value(h, code, p, b, limit, flags);
                        fi = sp * STRIDE;
                        int[] f = frames;
                        limit = sp == 0 ? end : f[fi + F_END];
                        remaining = f[fi + F_REMAINING];
                        next = f[fi + F_NEXT];
                        inArray = sp != 0 && f[fi + F_KIND] == ARRAY;
                        elemCode = f[fi + F_ELEM_CODE];
                    }
                }
                if (stopRequested) {
                    pos = p;
                    if (sp == 0) {
                        frames[F_NEXT] = next;
                    }
                    return false;
                }
            }
        } finally {
            scanning = false;
            arrayHeader = -1;
            cCode = -1;
        }
    }

    /** A fixed-width value of {@code width} bytes at {@code b}: checks it fits and sets the cursor; returns its end. */
    private int fixed(int start, int b, int width, int limit, int code, int flags) {
        if (limit - b < width) {
            throw overrun(start, code, (long) b + width, limit);
        }
        int e = b + width;
        cursor(code, start, b, e, flags);
        return e;
    }

    /** A binary, string or symbol with a one-byte size at {@code b}: checks, sets the cursor; returns its end. */
    private int variable8(int start, int b, int limit, int code, int flags) {
        if (b >= limit) {
            throw overrun(start, code, b + 1L, limit);
        }
        int data = b + 1;
        int e = data + u8(b);
        if (e > limit) {
            throw overrun(start, code, e, limit);
        }
        return text(start, data, e, code, flags);
    }

    /** A binary, string or symbol with a four-byte size at {@code b}: checks, sets the cursor; returns its end. */
    private int variable32(int start, int b, int limit, int code, int flags) {
        if (limit - b < 4) {
            throw overrun(start, code, b + 4L, limit);
        }
        int data = b + 4;
        long e = data + (i32(b) & 0xFFFF_FFFFL);
        if (e > limit) {
            throw overrun(start, code, e, limit);
        }
        return text(start, data, (int) e, code, flags);
    }

    private int text(int start, int data, int e, int code, int flags) {
        cursor(code, start, data, e, flags);
        if (strict) {
            checkText(code, start, data, e);
        }
        return e;
    }

    /**
     * Delivers the descriptors of the described value at {@code p} (its 0x00) and returns the index of the described
     * value's own constructor; or, if the handler skipped the described value or stopped the scan in
     * {@code onDescriptor}, the complement ({@code ~index}) of where the scan goes on.
     */
    private int descriptors(DataHandler h, int p, int limit) {
        int code = FormatCode.DESCRIBED;
        while (code == FormatCode.DESCRIBED) {
            int d = p + 1;
            if (d >= limit) {
                throw overrun(p, code, d + 1L, limit);
            }
            int dcode = u8(d);
            int dend = descriptorEnd(dcode, d, limit);
            cursor(dcode, d, dataStart(dcode, d), dend, CF_DESCRIPTOR);
            h.onDescriptor(this);
            if (skipRequested) {
                skipRequested = false;
                return ~skipValue(dend, limit);
            }
            if (stopRequested) {
                return ~dend;
            }
            p = dend;
            if (p >= limit) {
                throw overrun(p, -1, p + 1L, limit);
            }
            code = u8(p);
        }
        return p;
    }

    /**
     * Delivers the compound or array whose constructor is {@code code}, or rejects an undefined code: at
     * {@code start} (its constructor, or the body of an array element), with its body at {@code b}, inside
     * {@code [.., limit)}. Returns where the scan goes on: its first item, or after it if it was skipped.
     */
    private int value(DataHandler h, int code, int start, int b, int limit, int flags) {
        switch (KIND[code]) {
            case K_COMPOUND8:
            case K_COMPOUND32:
                return compound(h, code, start, b, limit, flags, KIND[code] == K_COMPOUND8 ? 1 : 4);
            case K_ARRAY8:
            case K_ARRAY32:
                return array(h, code, start, b, limit, flags, KIND[code] == K_ARRAY8 ? 1 : 4);
            case K_LIST0:
                push(LIST, start, code, b, 0, b, flags);
                cursor(code, start, b, b, flags | CF_COMPOUND);
                h.onListBegin(this);
                if (skipRequested) {
                    skipRequested = false;
                    sp--;
                }
                return b;
            default:
                throw invalidCode(start, code);
        }
    }

    /** Strict mode: a string must be well-formed UTF-8, a symbol ASCII. */
    private void checkText(int code, int start, int data, int e) {
        if ((code & 0x0F) == 0x01) {
            int bad = firstInvalidUtf8(data, e);
            if (bad != e) {
                throw new DecodeException(DecodeError.INVALID_UTF8, start - base, code, 0,
                    "holds malformed UTF-8 at offset " + (bad - base));
            }
        } else if ((code & 0x0F) == 0x03 && !isAscii(data, e)) {
            throw new DecodeException(DecodeError.INVALID_SYMBOL, start - base, code, 0,
                "holds a byte that is not 7-bit ASCII");
        }
    }

    private int compound(DataHandler h, int code, int start, int b, int limit, int flags, int w) {
        // the size alone can say where the value ends, or that it is too small: the count is read after that
        if (limit - b < w) {
            throw overrun(start, code, b + 2L * w, limit);
        }
        long size = w == 1 ? u8(b) : i32(b) & 0xFFFF_FFFFL;
        long e = b + w + size;
        if (e > limit) {
            throw overrun(start, code, e, limit);
        }
        if (size < w) {
            throw new DecodeException(DecodeError.SIZE_MISMATCH, start - base, code, 0,
                "declares size " + size + ", too small to hold its " + w + "-byte count");
        }
        long n = w == 1 ? u8(b + 1) : i32(b + 4) & 0xFFFF_FFFFL;
        if (n > size - w) {
            throw new DecodeException(DecodeError.COUNT_EXCEEDS_SIZE, start - base, code, 0,
                "declares " + n + " items in " + (size - w) + " bytes; each item needs at least one");
        }
        boolean map = code == FormatCode.MAP8 || code == FormatCode.MAP32;
        if (map && strict && (n & 1) != 0) {
            throw new DecodeException(DecodeError.ODD_MAP_COUNT, start - base, code, 0,
                "declares " + n + " items: a map holds keys and values in pairs");
        }
        int data = b + 2 * w;
        push(map ? MAP : LIST, start, code, (int) e, (int) n, data, flags);
        cursor(code, start, data, (int) e, flags | CF_COMPOUND);
        if (map) {
            h.onMapBegin(this);
        } else {
            h.onListBegin(this);
        }
        if (skipRequested) {
            skipRequested = false;
            sp--;
            return (int) e;
        }
        return data;
    }

    private int array(DataHandler h, int code, int start, int b, int limit, int flags, int w) {
        if (limit - b < w) {
            throw overrun(start, code, b + 2L * w, limit);
        }
        long size = w == 1 ? u8(b) : i32(b) & 0xFFFF_FFFFL;
        long e = b + w + size;
        if (e > limit) {
            throw overrun(start, code, e, limit);
        }
        if (size < w + 1) {
            throw new DecodeException(DecodeError.SIZE_MISMATCH, start - base, code, 0,
                "declares size " + size + ", too small to hold its count and element constructor");
        }
        int arrayEnd = (int) e;
        long n = w == 1 ? u8(b + 1) : i32(b + 4) & 0xFFFF_FFFFL;
        int prefix = b + 2 * w;
        int q = prefix;
        int ecode = u8(q);
        arrayHeader = start;
        arrayHeaderCode = code;
        while (ecode == FormatCode.DESCRIBED) {
            int d = q + 1;
            if (d >= arrayEnd) {
                throw new DecodeException(DecodeError.SIZE_MISMATCH, start - base, code, 0,
                    "ends inside its element descriptor");
            }
            q = descriptorEnd(u8(d), d, arrayEnd);
            if (q >= arrayEnd) {
                throw new DecodeException(DecodeError.SIZE_MISMATCH, start - base, code, 0,
                    "ends before its element constructor");
            }
            ecode = u8(q);
        }
        arrayHeader = -1;
        if (KIND[ecode] == K_UNDEFINED) {
            throw invalidCode(q, ecode);
        }
        int first = q + 1;
        checkElementCount(code, start, ecode, n, arrayEnd - first);
        push(ARRAY, start, code, arrayEnd, (int) n, first, flags);
        int fi = sp * STRIDE;
        frames[fi + F_ELEM_CODE] = ecode;
        frames[fi + F_ELEM_PREFIX] = prefix;
        cursor(code, start, first, arrayEnd, flags | CF_COMPOUND);
        h.onArrayBegin(this);
        if (!skipRequested && !stopRequested && prefix != q) {
            // the element descriptor(s), once, before the elements
            for (int d = prefix; d < q && !skipRequested && !stopRequested; ) {
                int dcode = u8(d + 1);
                int dend = descriptorEnd(dcode, d + 1, arrayEnd);
                cursor(dcode, d + 1, dataStart(dcode, d + 1), dend, CF_DESCRIPTOR | CF_ELEM_DESCRIPTOR);
                h.onDescriptor(this);
                d = dend;
            }
        }
        if (skipRequested) {
            skipRequested = false;
            sp--;
            return arrayEnd;
        }
        return first;
    }

    /** Rejects counts that cannot fit, before any element is delivered. */
    private void checkElementCount(int code, int start, int ecode, long n, int available) {
        long min;
        switch (KIND[ecode]) {
            case K_FIXED:
            case K_LIST0:
                min = WIDTH[ecode];
                break;
            case K_VAR8:
                min = 1;
                break;
            case K_VAR32:
                min = 4;
                break;
            case K_COMPOUND8:
                min = 2;
                break;
            case K_COMPOUND32:
                min = 8;
                break;
            case K_ARRAY8:
                min = 3;
                break;
            default:
                min = 9;
        }
        if (min == 0) {
            if (n > options.maxZeroWidthElements()) {
                throw new DecodeException(DecodeError.LIMIT_EXCEEDED, start - base, code, 0, "declares " + n
                    + " elements of zero width, more than maxZeroWidthElements " + options.maxZeroWidthElements()
                    + "; raise it with DecodeOptions.withMaxZeroWidthElements");
            }
        } else if (n * min > available) {
            throw new DecodeException(DecodeError.COUNT_EXCEEDS_SIZE, start - base, code, 0, "declares " + n
                + " elements of " + FormatCode.describe(ecode) + " in " + available + " bytes");
        }
    }

    private void push(int kind, int start, int code, int e, int n, int data, int flags) {
        int s = sp + 1;
        if (s > maxDepth) {
            throw new DecodeException(DecodeError.LIMIT_EXCEEDED, start - base, code, 0, "nests deeper than maxDepth "
                + maxDepth + "; raise it with DecodeOptions.withMaxDepth");
        }
        int fi = s * STRIDE;
        int[] f = frames;
        if (fi + STRIDE > f.length) {
            f = Arrays.copyOf(f, Math.min(f.length * 2, STRIDE * (maxDepth + 1)));
            frames = f;
        }
        f[fi + F_KIND] = kind;
        f[fi + F_END] = e;
        f[fi + F_REMAINING] = n;
        f[fi + F_NEXT] = 0;
        f[fi + F_START] = start;
        f[fi + F_CODE] = code;
        f[fi + F_COUNT] = n;
        f[fi + F_INDEX] = cIndex;
        f[fi + F_DATA] = data;
        f[fi + F_FLAGS] = flags;
        sp = s;
    }

    /** Ends the compound of the top frame: checks its size and calls its end callback. */
    private int close(DataHandler h, int p) {
        int[] f = frames;
        int fi = sp * STRIDE;
        int e = f[fi + F_END];
        int code = f[fi + F_CODE];
        int start = f[fi + F_START];
        if (p != e) {
            throw new DecodeException(DecodeError.SIZE_MISMATCH, start - base, code, 0, "has items that end at offset "
                + (p - base) + " but a size that ends at offset " + (e - base));
        }
        cursor(code, start, f[fi + F_DATA], e, f[fi + F_FLAGS] | CF_COMPOUND);
        switch (f[fi + F_KIND]) {
            case LIST:
                h.onListEnd(this);
                break;
            case MAP:
                h.onMapEnd(this);
                break;
            default:
                h.onArrayEnd(this);
        }
        skipRequested = false; // nothing left to skip: a skip() here must not apply to the next value
        sp--;
        return p;
    }


    private void checkFixed(int code, int start, int b) {
        if (code == FormatCode.BOOLEAN) {
            int v = u8(b);
            if (v > 1) {
                throw new DecodeException(DecodeError.INVALID_VALUE, start - base, code, 0,
                    "holds 0x" + Integer.toHexString(v).toUpperCase() + "; a boolean byte is 0x00 or 0x01");
            }
        } else {
            int cp = i32(b);
            if (cp < 0 || cp > Character.MAX_CODE_POINT || (cp >= Character.MIN_SURROGATE
                && cp <= Character.MAX_SURROGATE)) {
                throw new DecodeException(DecodeError.INVALID_VALUE, start - base, code, 0,
                    "holds 0x" + Integer.toHexString(cp).toUpperCase() + ", not a Unicode scalar value");
            }
        }
    }

    /** The end of the descriptor value at {@code d} (not described itself); strict: a ulong or a symbol. */
    private int descriptorEnd(int dcode, int d, int limit) {
        if (dcode == FormatCode.DESCRIBED) {
            throw new DecodeException(DecodeError.INVALID_DESCRIPTOR, d - base, dcode, 0,
                "is a described value used as a descriptor, which this decoder does not accept");
        }
        int e = extent(dcode, d, limit);
        if (strict) {
            Type t = Type.ofFormatCode(dcode);
            if (t != Type.ULONG && t != Type.SYMBOL) {
                throw new DecodeException(DecodeError.INVALID_DESCRIPTOR, d - base, dcode, 0,
                    "is a " + t + " descriptor; descriptors are ulong or symbol");
            }
            if (t == Type.SYMBOL && !isAscii(dataStart(dcode, d), e)) {
                throw new DecodeException(DecodeError.INVALID_SYMBOL, d - base, dcode, 0,
                    "holds a byte that is not 7-bit ASCII");
            }
        }
        return e;
    }

    /** The absolute index after the (not described) value whose constructor is at {@code p}. */
    private int extent(int code, int p, int limit) {
        long e;
        switch (KIND[code]) {
            case K_FIXED:
            case K_LIST0:
                e = p + 1L + WIDTH[code];
                break;
            case K_VAR8:
            case K_COMPOUND8:
            case K_ARRAY8:
                if (limit - p < 2) {
                    throw overrun(p, code, p + 2L, limit);
                }
                e = p + 2L + u8(p + 1);
                break;
            case K_VAR32:
            case K_COMPOUND32:
            case K_ARRAY32:
                if (limit - p < 5) {
                    throw overrun(p, code, p + 5L, limit);
                }
                e = p + 5L + (i32(p + 1) & 0xFFFF_FFFFL);
                break;
            default:
                throw invalidCode(p, code);
        }
        if (e > limit) {
            throw overrun(p, code, e, limit);
        }
        return (int) e;
    }

    /** The absolute index of the data of the (not described) value whose constructor is at {@code p}. */
    private int dataStart(int code, int p) {
        switch (KIND[code]) {
            case K_VAR8:
                return p + 2;
            case K_VAR32:
                return p + 5;
            case K_COMPOUND8:
            case K_ARRAY8:
                return p + 3;
            case K_COMPOUND32:
            case K_ARRAY32:
                return p + 9;
            default:
                return p + 1;
        }
    }

    /** Skips the possibly described value at {@code p} without descending: O(1) per descriptor layer. */
    private int skipValue(int p, int limit) {
        while (true) {
            if (p >= limit) {
                throw overrun(p, -1, p + 1L, limit);
            }
            int code = u8(p);
            if (code != FormatCode.DESCRIBED) {
                return extent(code, p, limit);
            }
            if (p + 1 >= limit) {
                throw overrun(p, code, p + 2L, limit);
            }
            p = descriptorEnd(u8(p + 1), p + 1, limit);
        }
    }

    private void cursor(int code, int start, int data, int e, int flags) {
        cCode = code;
        cStart = start;
        cData = data;
        cEnd = e;
        cFlags = flags;
    }

    // ------------------------------------------------------------------ errors (cold)

    /** A value needs bytes up to {@code needed} but its region ends at {@code limit}. */
    private DecodeException overrun(int start, int code, long needed, int limit) {
        if (sp == 0 && limit == end && arrayHeader < 0) {
            // report the top-level value from its first byte (for a described value its 0x00, not the descriptor or
            // constructor inside it): where the scan stands (pos) and where a caller resumes with more bytes
            int top = pos;
            int topCode = top == start ? code : u8(top);
            long missing = needed - limit;
            return new DecodeException(DecodeError.TRUNCATED, top - base, topCode, missing, "needs " + (needed - top)
                + " bytes but " + (limit - top) + " remain; " + missing + " more needed");
        }
        // the region's code is kept, not read at its start: an array element has no constructor byte there
        int regionStart = arrayHeader >= 0 ? arrayHeader : frames[sp * STRIDE + F_START];
        int regionCode = arrayHeader >= 0 ? arrayHeaderCode : frames[sp * STRIDE + F_CODE];
        return new DecodeException(DecodeError.SIZE_MISMATCH, start - base, code, 0, "needs " + (needed - start)
            + " bytes but the enclosing " + FormatCode.describe(regionCode) + " at offset " + (regionStart - base)
            + " ends after " + (limit - start));
    }

    private DecodeException invalidCode(int at, int code) {
        return new DecodeException(DecodeError.INVALID_FORMAT_CODE, at - base, code, 0,
            code < 0x40 ? "is not a constructor" : "is a reserved format code");
    }

    private DecodeException wrongType(String what) {
        checkCursor();
        return new DecodeException(DecodeError.WRONG_TYPE, cStart - base, cCode, 0, "cannot be read " + what
            + (strict ? " in strict mode" : ""));
    }

    private DecodeException outOfRange(String what) {
        return new DecodeException(DecodeError.OUT_OF_RANGE, cStart - base, cCode, 0, "holds a value that does not fit "
            + what);
    }

    private void checkCursor() {
        if (cCode < 0) {
            throw new IllegalStateException("no current value: cursor methods work only inside a callback");
        }
    }

    // ------------------------------------------------------------------ cursor: what and where

    @Override
    public final Type type() {
        checkCursor();
        return Type.ofFormatCode(cCode);
    }

    @Override
    public final int formatCode() {
        checkCursor();
        return cCode;
    }

    @Override
    public final int offset() {
        checkCursor();
        return cStart - base;
    }

    @Override
    public final int encodedSize() {
        checkCursor();
        return cEnd - cStart;
    }

    @Override
    public final int depth() {
        checkCursor();
        return (cFlags & CF_COMPOUND) != 0 ? sp - 1 : sp;
    }

    @Override
    public final int index() {
        checkCursor();
        if ((cFlags & CF_COMPOUND) != 0) {
            return frames[sp * STRIDE + F_INDEX];
        }
        if ((cFlags & CF_ELEM_DESCRIPTOR) != 0) {
            return -1;
        }
        return cIndex;
    }

    private int parentKind() {
        int s = (cFlags & CF_COMPOUND) != 0 ? sp - 1 : sp;
        return frames[s * STRIDE + F_KIND];
    }

    @Override
    public final boolean isMapKey() {
        checkCursor();
        return (cFlags & CF_DESCRIPTOR) == 0 && parentKind() == MAP && (index() & 1) == 0;
    }

    @Override
    public final boolean isArrayElement() {
        checkCursor();
        return (cFlags & CF_ELEMENT) != 0;
    }

    @Override
    public final boolean isDescriptor() {
        checkCursor();
        return (cFlags & CF_DESCRIPTOR) != 0;
    }

    @Override
    public final int count() {
        checkCursor();
        if ((cFlags & CF_COMPOUND) == 0) {
            throw wrongType("as a count (not a list, map or array)");
        }
        return frames[sp * STRIDE + F_COUNT];
    }

    @Override
    public final Type elementType() {
        return Type.ofFormatCode(elementFormatCode());
    }

    @Override
    public final int elementFormatCode() {
        checkCursor();
        if ((cFlags & CF_COMPOUND) == 0 || frames[sp * STRIDE + F_KIND] != ARRAY) {
            throw wrongType("as an array");
        }
        return frames[sp * STRIDE + F_ELEM_CODE];
    }

    @Override
    public final void skip() {
        checkCursor();
        if ((cFlags & (CF_COMPOUND | CF_DESCRIPTOR)) != 0) {
            skipRequested = true;
        }
    }

    @Override
    public final void stop() {
        checkCursor();
        stopRequested = true;
    }

    // ------------------------------------------------------------------ fixed-width getters

    @Override
    public final boolean getBoolean() {
        switch (cCode) {
            case FormatCode.BOOLEAN_TRUE:
                return true;
            case FormatCode.BOOLEAN_FALSE:
                return false;
            case FormatCode.BOOLEAN:
                return u8(cData) != 0;
            default:
                throw wrongType("as a boolean");
        }
    }

    @Override
    public final int getUbyte() {
        if (cCode == FormatCode.UBYTE) {
            return u8(cData);
        }
        long v = integer("as a ubyte", FormatCode.UBYTE, -1, -1);
        if (v < 0 || v > 0xFF) {
            throw outOfRange("a ubyte");
        }
        return (int) v;
    }

    @Override
    public final int getUshort() {
        if (cCode == FormatCode.USHORT) {
            return u16(cData);
        }
        long v = integer("as a ushort", FormatCode.USHORT, -1, -1);
        if (v < 0 || v > 0xFFFF) {
            throw outOfRange("a ushort");
        }
        return (int) v;
    }

    @Override
    public final long getUint() {
        switch (cCode) {
            case FormatCode.UINT:
                return i32(cData) & 0xFFFF_FFFFL;
            case FormatCode.SMALLUINT:
                return u8(cData);
            case FormatCode.UINT0:
                return 0;
            default:
                long v = integer("as a uint", -1, -1, -1);
                if (v < 0 || v > 0xFFFF_FFFFL) {
                    throw outOfRange("a uint");
                }
                return v;
        }
    }

    @Override
    public final long getUlong() {
        switch (cCode) {
            case FormatCode.ULONG:
                return i64(cData);
            case FormatCode.SMALLULONG:
                return u8(cData);
            case FormatCode.ULONG0:
                return 0;
            default:
                long v = integer("as a ulong", -1, -1, -1);
                if (v < 0) {
                    throw outOfRange("a ulong");
                }
                return v;
        }
    }

    @Override
    public final byte getByte() {
        if (cCode == FormatCode.BYTE) {
            return (byte) u8(cData);
        }
        long v = integer("as a byte", FormatCode.BYTE, -1, -1);
        if (v != (byte) v || isHugeUlong()) {
            throw outOfRange("a byte");
        }
        return (byte) v;
    }

    @Override
    public final short getShort() {
        if (cCode == FormatCode.SHORT) {
            return (short) u16(cData);
        }
        long v = integer("as a short", FormatCode.SHORT, -1, -1);
        if (v != (short) v || isHugeUlong()) {
            throw outOfRange("a short");
        }
        return (short) v;
    }

    @Override
    public final int getInt() {
        int code = cCode;
        if (code == FormatCode.INT) {
            return i32(cData);
        }
        if (code == FormatCode.SMALLINT) {
            return (byte) u8(cData);
        }
        long v = integer("as an int", -1, -1, -1);
        if (v != (int) v || isHugeUlong()) {
            throw outOfRange("an int");
        }
        return (int) v;
    }

    @Override
    public final long getLong() {
        int code = cCode;
        if (code == FormatCode.LONG) {
            return i64(cData);
        }
        if (code == FormatCode.SMALLLONG) {
            return (byte) u8(cData);
        }
        long v = integer("as a long", -1, -1, -1);
        if (isHugeUlong()) {
            throw outOfRange("a long");
        }
        return v;
    }

    @Override
    public final long getTimestamp() {
        if (cCode == FormatCode.TIMESTAMP) {
            return i64(cData);
        }
        long v = integer("as a timestamp", FormatCode.TIMESTAMP, -1, -1);
        if (isHugeUlong()) {
            throw outOfRange("a timestamp");
        }
        return v;
    }

    @Override
    public final int getChar() {
        if (cCode == FormatCode.CHAR) {
            return i32(cData);
        }
        throw wrongType("as a char");
    }

    /** A ulong above Long.MAX_VALUE, which integer() returns as a negative long. */
    private boolean isHugeUlong() {
        return cCode == FormatCode.ULONG && i64(cData) < 0;
    }

    /**
     * The current value as a long for the integer getters: any integer, boolean, char or timestamp leniently
     * (a ulong above Long.MAX_VALUE comes back negative; callers check {@link #isHugeUlong()}); in strict mode
     * only the given codes (the callers' fast paths have already handled the getter's own type, except for
     * those whose strict codes are listed here).
     */
    private long integer(String what, int strictCode1, int strictCode2, int strictCode3) {
        int code = cCode;
        if (strict && code != strictCode1 && code != strictCode2 && code != strictCode3) {
            throw wrongType(what);
        }
        switch (code) {
            case FormatCode.UINT0:
            case FormatCode.ULONG0:
            case FormatCode.BOOLEAN_FALSE:
                return 0;
            case FormatCode.BOOLEAN_TRUE:
                return 1;
            case FormatCode.BOOLEAN:
                return u8(cData) != 0 ? 1 : 0;
            case FormatCode.UBYTE:
            case FormatCode.SMALLUINT:
            case FormatCode.SMALLULONG:
                return u8(cData);
            case FormatCode.BYTE:
            case FormatCode.SMALLINT:
            case FormatCode.SMALLLONG:
                return (byte) u8(cData);
            case FormatCode.USHORT:
                return u16(cData);
            case FormatCode.SHORT:
                return (short) u16(cData);
            case FormatCode.UINT:
            case FormatCode.CHAR:
                return i32(cData) & 0xFFFF_FFFFL;
            case FormatCode.INT:
                return i32(cData);
            case FormatCode.ULONG:
            case FormatCode.LONG:
            case FormatCode.TIMESTAMP:
                return i64(cData);
            default:
                throw wrongType(what);
        }
    }

    @Override
    public final float getFloat() {
        int code = cCode;
        if (code == FormatCode.FLOAT) {
            return Float.intBitsToFloat(i32(cData));
        }
        if (strict) {
            throw wrongType("as a float");
        }
        if (code == FormatCode.DOUBLE) {
            double d = Double.longBitsToDouble(i64(cData));
            if ((double) (float) d == d || Double.isNaN(d)) {
                return (float) d;
            }
            throw outOfRange("a float exactly");
        }
        long v = floatingInteger("as a float");
        if (!exact(v, isHugeUlong(), 24)) {
            throw outOfRange("a float exactly");
        }
        return isHugeUlong() ? (float) ((v >>> 1) * 2.0) : (float) v;
    }

    @Override
    public final double getDouble() {
        int code = cCode;
        if (code == FormatCode.DOUBLE) {
            return Double.longBitsToDouble(i64(cData));
        }
        if (strict) {
            throw wrongType("as a double");
        }
        if (code == FormatCode.FLOAT) {
            return Float.intBitsToFloat(i32(cData));
        }
        long v = floatingInteger("as a double");
        if (!exact(v, isHugeUlong(), 53)) {
            throw outOfRange("a double exactly");
        }
        return isHugeUlong() ? (v >>> 1) * 2.0 : (double) v;
    }

    /** The current value for a lenient floating getter: integers only (not booleans, chars or timestamps). */
    private long floatingInteger(String what) {
        checkCursor();
        Type t = Type.ofFormatCode(cCode);
        if (t == null || !t.isInteger() || (cFlags & CF_COMPOUND) != 0) {
            throw wrongType(what);
        }
        return integer(what, -1, -1, -1);
    }

    /** Whether an integer has at most {@code bits} significant bits, so a binary float holds it exactly. */
    private static boolean exact(long v, boolean unsigned, int bits) {
        if (v == 0 || v == Long.MIN_VALUE && !unsigned) {
            return true;
        }
        long magnitude = unsigned || v > 0 ? v : -v;
        int significant = 64 - Long.numberOfLeadingZeros(magnitude) - Long.numberOfTrailingZeros(magnitude);
        return significant <= bits;
    }

    @Override
    public final long getUuidMostSignificantBits() {
        return i64(dataOf(FormatCode.UUID, "as a uuid"));
    }

    @Override
    public final long getUuidLeastSignificantBits() {
        return i64(dataOf(FormatCode.UUID, "as a uuid") + 8);
    }

    @Override
    public final int getDecimal32Bits() {
        return i32(dataOf(FormatCode.DECIMAL32, "as a decimal32"));
    }

    @Override
    public final long getDecimal64Bits() {
        return i64(dataOf(FormatCode.DECIMAL64, "as a decimal64"));
    }

    @Override
    public final long getDecimal128High() {
        return i64(dataOf(FormatCode.DECIMAL128, "as a decimal128"));
    }

    @Override
    public final long getDecimal128Low() {
        return i64(dataOf(FormatCode.DECIMAL128, "as a decimal128") + 8);
    }

    /** The data index of the current value, which must have exactly the format code {@code code}. */
    private int dataOf(int code, String what) {
        if (cCode != code) {
            throw wrongType(what);
        }
        return cData;
    }

    @Override
    public final long getBits() {
        int code = cCode;
        if (code < 0 || KIND[code] != K_FIXED) {
            throw wrongType("as raw bits (not fixed-width)");
        }
        switch (WIDTH[code]) {
            case 0:
                return code == FormatCode.BOOLEAN_TRUE ? 1 : 0;
            case 1:
                return u8(cData);
            case 2:
                return u16(cData);
            case 4:
                return i32(cData) & 0xFFFF_FFFFL;
            default:
                return i64(cData);
        }
    }

    // ------------------------------------------------------------------ variable-width data

    private boolean isVariable() {
        int code = cCode;
        return code >= 0 && (KIND[code] == K_VAR8 || KIND[code] == K_VAR32) && (cFlags & CF_COMPOUND) == 0;
    }

    private boolean isText() {
        int low = cCode & 0x0F;
        return isVariable() && (low == 0x01 || low == 0x03);
    }

    private void checkVariable() {
        if (!isVariable()) {
            throw wrongType("as data (not binary, string or symbol)");
        }
    }

    @Override
    public final int dataLength() {
        checkVariable();
        return cEnd - cData;
    }

    @Override
    public final int copyData(byte[] dst, int offset) {
        checkVariable();
        int n = cEnd - cData;
        Objects.checkFromIndexSize(offset, n, dst.length);
        copyTo(cData, dst, offset, n);
        return n;
    }

    @Override
    public final int copyData(ByteBuffer dst) {
        checkVariable();
        int n = cEnd - cData;
        if (dst.remaining() < n) {
            throw new BufferOverflowException();
        }
        copyTo(cData, dst, n);
        return n;
    }

    @Override
    public final boolean dataEquals(byte[] bytes, int offset, int length) {
        checkCursor();
        Objects.checkFromIndexSize(offset, length, bytes.length);
        return isVariable() && cEnd - cData == length && equalsBytes(cData, bytes, offset, length);
    }

    @Override
    public final boolean dataEquals(Symbol symbol) {
        checkCursor();
        int n = symbol.length();
        return isText() && cEnd - cData == n && equalsSymbol(cData, symbol);
    }

    @Override
    public final String getString() {
        int code = cCode;
        if (code == FormatCode.STR8_UTF8 || code == FormatCode.STR32_UTF8) {
            return utf8(cData, cEnd - cData);
        }
        if ((code == FormatCode.SYM8 || code == FormatCode.SYM32) && !strict) {
            return latin1(cData, cEnd - cData);
        }
        throw wrongType("as a String");
    }

    @Override
    public final String getCachedString() {
        boolean string = cCode == FormatCode.STR8_UTF8 || cCode == FormatCode.STR32_UTF8;
        if (!string && (strict || !isText())) {
            throw wrongType("as a String");
        }
        int n = cEnd - cData;
        if (cache == null || n > cache.maxLength) {
            return string ? utf8(cData, n) : latin1(cData, n);
        }
        int slot = lookup(n);
        if (slot < 0) {
            return string ? utf8(cData, n) : latin1(cData, n); // a non-ASCII symbol: Latin-1, not cached
        }
        return cache.strings[slot];
    }

    @Override
    public final Symbol getSymbol() {
        int code = cCode;
        boolean symbol = code == FormatCode.SYM8 || code == FormatCode.SYM32;
        if (!symbol && (strict || !isText())) {
            throw wrongType("as a Symbol");
        }
        int n = cEnd - cData;
        if (cache != null && n <= cache.maxLength) {
            int slot = lookup(n);
            if (slot >= 0 && cache.ascii[slot]) {
                Symbol s = cache.symbols[slot];
                if (s == null) {
                    s = Symbol.fromAscii(cache.keys[slot], 0, n);
                    cache.symbols[slot] = s;
                }
                return s;
            }
        } else if (isAscii(cData, cEnd)) {
            byte[] bytes = new byte[n];
            copyTo(cData, bytes, 0, n);
            return Symbol.fromAscii(bytes, 0, n);
        }
        throw new DecodeException(DecodeError.INVALID_SYMBOL, cStart - base, code, 0,
            "holds a byte that is not 7-bit ASCII, which a Symbol cannot hold");
    }

    /**
     * The cache slot holding the current text, filling it on a miss; -1 if the current value is a symbol whose
     * bytes are not ASCII (its String is Latin-1, unlike the UTF-8 String a cached string would have).
     */
    private int lookup(int n) {
        TextCache c = cache;
        int data = cData;
        // the first 16 bytes as two words: most keys and symbols are compared by these alone
        long w0 = word(data, Math.min(n, 8));
        long w1 = n > 8 ? word(data + 8, Math.min(n - 8, 8)) : 0;
        int hash = TextCache.hash(w0, w1, n);
        boolean string = cCode == FormatCode.STR8_UTF8 || cCode == FormatCode.STR32_UTF8;
        // two ways: the text's own slot and its neighbour, so two hot texts that share a slot do not evict each other
        int first = hash & c.mask;
        int second = first ^ (c.mask == 0 ? 0 : 1);
        int slot = holds(c, first, n, w0, w1) ? first : holds(c, second, n, w0, w1) ? second : -1;
        if (slot < 0) {
            byte[] key = new byte[n];
            copyTo(data, key, 0, n);
            boolean ascii = Utf8.isAscii(key, 0, n);
            if (!ascii && !string) {
                return -1;
            }
            if (c.keys[first] == null) {
                slot = first;
            } else if (c.keys[second] == null) {
                slot = second;
            } else {
                c.demote(first, second); // both taken: the older one goes
                slot = first;
            }
            c.put(slot, key, w0, w1, ascii,
                new String(key, 0, n, ascii ? StandardCharsets.ISO_8859_1 : StandardCharsets.UTF_8));
        } else if (!c.ascii[slot] && !string) {
            return -1;
        }
        return slot;
    }

    /** Whether cache slot {@code slot} holds the {@code n} bytes of the current value, whose first words are given. */
    private boolean holds(TextCache c, int slot, int n, long w0, long w1) {
        return c.lengths[slot] == n && c.first[slot] == w0 && c.second[slot] == w1
            && (n <= 16 || equalsBytes(cData + 16, c.keys[slot], 16, n - 16));
    }

    /** The {@code n} (0..8) bytes at an absolute index as a big-endian number: one read when the input allows. */
    private long word(int index, int n) {
        if (n == 0) {
            return 0;
        }
        if (end - index >= 8) {
            return i64(index) >>> (64 - 8 * n);
        }
        long w = 0;
        for (int i = 0; i < n; i++) {
            w = w << 8 | u8(index + i);
        }
        return w;
    }

    @Override
    public final byte[] getBinary() {
        checkVariable();
        byte[] bytes = new byte[cEnd - cData];
        copyTo(cData, bytes, 0, bytes.length);
        return bytes;
    }

    // ------------------------------------------------------------------ raw bytes

    @Override
    public final void copyEncodedTo(Encoder encoder) {
        checkCursor();
        Objects.requireNonNull(encoder, "encoder");
        int prefixStart = 0;
        int prefixLength = 0;
        if ((cFlags & CF_ELEMENT) != 0) {
            // the element's constructor is the array's: the element constructor with its descriptors
            int fi = ((cFlags & CF_COMPOUND) != 0 ? sp - 1 : sp) * STRIDE;
            prefixStart = frames[fi + F_ELEM_PREFIX];
            prefixLength = frames[fi + F_DATA] - prefixStart;
        }
        int bodyLength = cEnd - cStart;
        int total = prefixLength + bodyLength;
        if (encoder instanceof SerialEncoder) {
            SerialEncoder se = (SerialEncoder) encoder;
            int dst = se.beginRaw(total);
            if (prefixLength > 0) {
                copyRaw(se, prefixStart, dst, prefixLength);
            }
            copyRaw(se, cStart, dst + prefixLength, bodyLength);
            se.endRaw(total);
        } else {
            byte[] tmp = scratch(total);
            if (prefixLength > 0) {
                copyTo(prefixStart, tmp, 0, prefixLength);
            }
            copyTo(cStart, tmp, prefixLength, bodyLength);
            encoder.putEncoded(tmp, 0, total);
        }
    }
}
