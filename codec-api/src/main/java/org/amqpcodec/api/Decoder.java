package org.amqpcodec.api;

import java.nio.ByteBuffer;
import java.util.UUID;

/**
 * A push-style AMQP decoder, and the cursor it hands to a {@link DataHandler}.
 *
 * <p>{@link #decode(DataHandler)} scans the input and calls the handler once for each value, passing this
 * decoder positioned on that value. The handler pulls what it wants and nothing else is materialised:
 *
 * <pre>{@code
 * decoder.decode(new DataHandler() {
 *     public void onInt(Decoder d) {
 *         total += d.getInt();                 // no allocation
 *     }
 *     public void onString(Decoder d) {
 *         if (d.isMapKey() && d.dataEquals(REGION)) {
 *             wantNext = true;                 // compared without decoding
 *         } else if (wantNext) {
 *             n = d.copyData(scratch, 0);      // UTF-8 bytes into the handler's own buffer
 *         }
 *     }
 *     public void onMapBegin(Decoder d) {
 *         if (d.depth() > 0) {
 *             d.skip();                        // O(1): the size says where the map ends
 *         }
 *     }
 * });
 * }</pre>
 *
 * <h2>The cursor</h2>
 * Inside a callback the decoder describes the current value: {@link #type()}, {@link #formatCode()},
 * {@link #offset()} and {@link #encodedSize()}; where it is ({@link #depth()}, {@link #index()},
 * {@link #isMapKey()}, {@link #isArrayElement()}, {@link #isDescriptor()}); for compounds {@link #count()}.
 * Calling a cursor method outside a callback throws {@link IllegalStateException}. Cursor methods never
 * move the scan, except {@link #skip()} and {@link #stop()}, which steer it.
 *
 * <h2>Getters and coercion</h2>
 * By default getters are liberal where nothing is lost: any integer type, boolean (0 or 1), char and
 * timestamp answer any integer getter when the value fits it; integers (only they) answer {@link #getFloat()} and
 * {@link #getDouble()} when exactly representable; strings and symbols answer {@link #getString()}. A value
 * that does not fit throws {@link DecodeException} with {@link DecodeError#OUT_OF_RANGE}; a getter that makes
 * no sense for the type throws it with {@link DecodeError#WRONG_TYPE}. In strict mode each getter answers
 * only its own type. {@link #getBits()} returns raw bits without any check.
 *
 * <h2>Variable-width data, cheapest first</h2>
 * {@link #dataLength()}; {@link #skip()} (nothing to do for a primitive); {@link #copyData(byte[], int)} and
 * {@link #copyData(ByteBuffer)} into the caller's buffer; {@link #dataEquals(Symbol)} and
 * {@link #dataEquals(byte[], int, int)} without decoding; {@link #getSymbol()} and
 * {@link #getCachedString()} through a cache (no allocation once an entry is cached); and last
 * {@link #getString()} and {@link #getBinary()}, which allocate.
 *
 * <p>Decoders are reusable (see the implementation's {@code wrap} methods) and not thread-safe: one
 * thread uses a decoder at a time, and a handler must not keep the cursor after its callback returns.
 *
 * @since 0.1
 */
public interface Decoder {

    // ------------------------------------------------------------------ scanning

    /**
     * Scans every value from the current position to the end of the input, calling {@code handler} for each.
     * Not reentrant: a handler must not call it.
     *
     * @param handler the callbacks
     * @return true if the scan reached the end of the input, false if the handler called {@link #stop()}
     * @throws DecodeException if the input is malformed; callbacks already made stay valid, and the
     *         position is left at the start of the top-level value that failed
     */
    boolean decode(DataHandler handler);

    /**
     * Scans exactly one top-level value (with everything inside it), calling {@code handler} for each part;
     * the position moves to the byte after it. Useful for a performative followed by a payload.
     *
     * @param handler the callbacks
     * @return true if a whole value was scanned, false if the input had no bytes left or the handler stopped
     *         the scan
     * @throws DecodeException if the input is malformed
     */
    boolean decodeValue(DataHandler handler);

    /**
     * The offset of the next byte the scan will read, from the start of the input: after a complete
     * {@link #decode(DataHandler)} the input's length; after {@link #stop()}, the byte after the value (or
     * compound header) the handler stopped in.
     *
     * @return the offset in bytes
     */
    int position();

    /**
     * The number of input bytes not yet scanned.
     *
     * @return the input's length minus {@link #position()}
     */
    int remaining();

    // ------------------------------------------------------------------ the cursor: what and where

    /**
     * The type of the current value. In {@link DataHandler#onDescriptor(Decoder)}, the descriptor's type.
     *
     * @return the type, never null
     */
    Type type();

    /**
     * The format code of the current value's encoding; for an array element, the array's element
     * constructor.
     *
     * @return the code, 0x40..0xF0
     */
    int formatCode();

    /**
     * The offset of the current value's first byte from the start of the input: its constructor, or for an
     * array element, its first byte after the shared constructor.
     *
     * @return the offset in bytes
     */
    int offset();

    /**
     * The number of bytes the current value occupies from {@link #offset()}: constructor, size and count
     * fields and data. An array element's size excludes the shared constructor.
     *
     * @return the size in bytes
     */
    int encodedSize();

    /**
     * The number of compounds (lists, maps, arrays) that enclose the current value. In the begin and end
     * callbacks of a compound, the depth of the compound itself.
     *
     * @return 0 for a top-level value
     */
    int depth();

    /**
     * The position of the current value in its parent: the element index in a list or array; the item
     * index in a map (keys even, values odd); the number of top-level values before it at the top level.
     *
     * @return the index, from 0
     */
    int index();

    /**
     * Whether the current value is a key of a map.
     *
     * @return true for items at even indexes of a map
     */
    boolean isMapKey();

    /**
     * Whether the current value is an element of an array (and so has no constructor of its own).
     *
     * @return true inside an array
     */
    boolean isArrayElement();

    /**
     * Whether the current value is a descriptor, i.e. the callback is {@link DataHandler#onDescriptor(Decoder)}.
     *
     * @return true in {@code onDescriptor}
     */
    boolean isDescriptor();

    /**
     * The number of items of the current compound: elements of a list or array; keys plus values of a map.
     *
     * @return the count
     * @throws DecodeException ({@link DecodeError#WRONG_TYPE}) if the current value is not a compound
     */
    int count();

    /**
     * The type of the elements of the current array.
     *
     * @return the element type
     * @throws DecodeException ({@link DecodeError#WRONG_TYPE}) if the current value is not an array
     */
    Type elementType();

    /**
     * The format code of the element constructor of the current array.
     *
     * @return the code
     * @throws DecodeException ({@link DecodeError#WRONG_TYPE}) if the current value is not an array
     */
    int elementFormatCode();

    // ------------------------------------------------------------------ steering

    /**
     * Skips the current value without descending into it. In a compound's begin callback the scan resumes
     * after the compound, and its end callback is not called; in {@link DataHandler#onDescriptor(Decoder)}
     * the whole described value is skipped (for an array's element descriptor, the whole array). Costs O(1):
     * sizes say where values end. For a primitive it does nothing.
     */
    void skip();

    /**
     * Ends the scan when the current callback returns: {@code decode} returns false. The position is left after the
     * current value; in a compound's begin callback, after its header (for an array, after its element constructor
     * too); in {@code onDescriptor}, after the descriptor (for an array's element descriptor, after the array's
     * header and element constructor). A later {@code decode} continues from there, taking the bytes as top-level
     * values.
     */
    void stop();

    // ------------------------------------------------------------------ fixed-width getters

    /**
     * The current value as a boolean.
     *
     * @return the value
     * @throws DecodeException if the value is not a boolean
     */
    boolean getBoolean();

    /**
     * The current value as an unsigned byte.
     *
     * @return 0..255
     * @throws DecodeException if the value is not an integer in range (see coercion above)
     */
    int getUbyte();

    /**
     * The current value as an unsigned short.
     *
     * @return 0..65535
     * @throws DecodeException if the value is not an integer in range
     */
    int getUshort();

    /**
     * The current value as an unsigned int.
     *
     * @return 0..2^32-1
     * @throws DecodeException if the value is not an integer in range
     */
    long getUint();

    /**
     * The current value as an unsigned long.
     *
     * @return the 64 bits of the unsigned value (above {@code Long.MAX_VALUE} they read as negative)
     * @throws DecodeException if the value is not a non-negative integer
     */
    long getUlong();

    /**
     * The current value as a signed byte.
     *
     * @return the value
     * @throws DecodeException if the value is not an integer in range
     */
    byte getByte();

    /**
     * The current value as a signed short.
     *
     * @return the value
     * @throws DecodeException if the value is not an integer in range
     */
    short getShort();

    /**
     * The current value as a signed int.
     *
     * @return the value
     * @throws DecodeException if the value is not an integer in range
     */
    int getInt();

    /**
     * The current value as a signed long.
     *
     * @return the value
     * @throws DecodeException if the value is not an integer in range
     */
    long getLong();

    /**
     * The current value as a float.
     *
     * @return the value
     * @throws DecodeException if the value is not a float, or a number a float holds exactly
     */
    float getFloat();

    /**
     * The current value as a double.
     *
     * @return the value
     * @throws DecodeException if the value is not a float, double, or an integer a double holds exactly
     */
    double getDouble();

    /**
     * The current char value.
     *
     * @return the code point, as on the wire (in strict mode guaranteed a Unicode scalar value)
     * @throws DecodeException if the value is not a char
     */
    int getChar();

    /**
     * The current timestamp value.
     *
     * @return milliseconds since the Unix epoch
     * @throws DecodeException if the value is not a timestamp (or, leniently, an integer that fits a long)
     */
    long getTimestamp();

    /**
     * The first half of the current UUID value. Does not allocate.
     *
     * @return the first 8 bytes, as {@link UUID#getMostSignificantBits()}
     * @throws DecodeException if the value is not a uuid
     */
    long getUuidMostSignificantBits();

    /**
     * The second half of the current UUID value. Does not allocate.
     *
     * @return the last 8 bytes, as {@link UUID#getLeastSignificantBits()}
     * @throws DecodeException if the value is not a uuid
     */
    long getUuidLeastSignificantBits();

    /**
     * The current UUID value as an object. Allocates.
     *
     * @return a new UUID
     * @throws DecodeException if the value is not a uuid
     */
    default UUID getUuid() {
        return new UUID(getUuidMostSignificantBits(), getUuidLeastSignificantBits());
    }

    /**
     * The BID bits of the current decimal32 value.
     *
     * @return the bits
     * @throws DecodeException if the value is not a decimal32
     */
    int getDecimal32Bits();

    /**
     * The BID bits of the current decimal64 value.
     *
     * @return the bits
     * @throws DecodeException if the value is not a decimal64
     */
    long getDecimal64Bits();

    /**
     * The first 64 BID bits of the current decimal128 value.
     *
     * @return the high bits
     * @throws DecodeException if the value is not a decimal128
     */
    long getDecimal128High();

    /**
     * The last 64 BID bits of the current decimal128 value.
     *
     * @return the low bits
     * @throws DecodeException if the value is not a decimal128
     */
    long getDecimal128Low();

    /**
     * The raw bits of the current fixed-width value, zero-extended, without any type or range check:
     * the 1, 2, 4 or 8 bytes after the constructor as an unsigned big-endian number. Zero-width encodings
     * give their implied value ({@code 0x41} gives 1, the others 0). For 16-byte values, the first 8 bytes.
     *
     * @return the bits
     * @throws DecodeException ({@link DecodeError#WRONG_TYPE}) if the value is not fixed-width
     */
    long getBits();

    // ------------------------------------------------------------------ variable-width data

    /**
     * The number of data bytes of the current binary, string or symbol (excluding constructor and size).
     *
     * @return the length in bytes
     * @throws DecodeException ({@link DecodeError#WRONG_TYPE}) if the value is not binary, string or symbol
     */
    int dataLength();

    /**
     * Copies the data bytes of the current binary, string (UTF-8) or symbol into {@code dst}. Does not allocate.
     *
     * @param dst the caller's buffer
     * @param offset index in {@code dst} of the first byte written
     * @return the number of bytes copied, {@link #dataLength()}
     * @throws IndexOutOfBoundsException if {@code dst} has fewer than {@code dataLength()} bytes from
     *         {@code offset}
     * @throws DecodeException if the value is not binary, string or symbol
     */
    int copyData(byte[] dst, int offset);

    /**
     * Copies the data bytes of the current binary, string or symbol into {@code dst} at its position, and
     * advances the position. Does not allocate.
     *
     * @param dst the caller's buffer
     * @return the number of bytes copied, {@link #dataLength()}
     * @throws java.nio.BufferOverflowException if {@code dst} has fewer than {@code dataLength()} bytes remaining
     * @throws DecodeException if the value is not binary, string or symbol
     */
    int copyData(ByteBuffer dst);

    /**
     * Whether the data bytes of the current binary, string or symbol equal {@code bytes[offset, offset+length)}.
     * Does not decode or allocate.
     *
     * @param bytes the bytes to compare with
     * @param offset index of the first byte
     * @param length number of bytes
     * @return true if equal; false if the value is of another type
     */
    boolean dataEquals(byte[] bytes, int offset, int length);

    /**
     * Whether the data bytes of the current string or symbol equal the symbol's ASCII bytes. Does not decode or
     * allocate; the cheapest way to match a known key or descriptor.
     *
     * @param symbol the symbol to compare with
     * @return true if equal; false if the value is of another type
     */
    boolean dataEquals(Symbol symbol);

    /**
     * The current string (decoded from UTF-8) or symbol (ASCII) as a new {@code String}. Allocates.
     * Malformed UTF-8 becomes U+FFFD (strict mode rejects it during the scan instead).
     *
     * @return a new String
     * @throws DecodeException if the value is not a string or symbol (strict: not a string)
     */
    String getString();

    /**
     * The current string or symbol as a {@code String}, through the decoder's cache: the same bytes give the
     * same instance, and once an entry is cached no allocation happens. For map keys and other repeated short
     * texts; values longer than the cache's limit are decoded like {@link #getString()}.
     *
     * @return the String, possibly shared
     * @throws DecodeException if the value is not a string or symbol
     */
    String getCachedString();

    /**
     * The current symbol, through the decoder's cache: the same bytes give the same instance, without
     * allocating once cached.
     *
     * @return the Symbol, possibly shared
     * @throws DecodeException if the value is not a symbol (leniently: or an ASCII string)
     */
    Symbol getSymbol();

    /**
     * The data bytes of the current binary, string or symbol as a new array. Allocates.
     *
     * @return a new array of {@link #dataLength()} bytes
     * @throws DecodeException if the value is not binary, string or symbol
     */
    byte[] getBinary();

    // ------------------------------------------------------------------ raw bytes

    /**
     * Writes the current value, exactly as encoded, into {@code encoder} as one value (see
     * {@link Encoder#putEncoded(byte[], int, int)}). For an array element the array's element constructor
     * (with its descriptor, if any) is written first, so the copy is a complete value. In
     * {@link DataHandler#onDescriptor(Decoder)} it copies the descriptor value, so a copying handler writes
     * {@code encoder.putDescriptor()} and then copies, and copies the described value in its own callback.
     * Does not skip: call {@link #skip()} too if the scan should not descend into a copied compound.
     * Allocates nothing when {@code encoder} is one of this library's encoders.
     *
     * @param encoder where to write
     */
    void copyEncodedTo(Encoder encoder);
}
