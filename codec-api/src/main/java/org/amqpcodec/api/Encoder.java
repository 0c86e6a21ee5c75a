package org.amqpcodec.api;

import java.nio.ByteBuffer;
import java.util.UUID;

/**
 * A serial AMQP encoder: values go in the order they appear on the wire, like writing a literal, and
 * compounds are closed with {@link #end()}. Sizes and counts are not computed in advance: the encoder
 * reserves room for them and fills them in when the compound ends.
 *
 * <pre>{@code
 * // {"key": "value", "n": [1, 2]} as an AMQP map
 * encoder.putMap()
 *            .putSymbol("key").putString("value")
 *            .putSymbol("n").putList().putInt(1).putInt(2).end()
 *        .end();
 *
 * // a described value: the accepted outcome, 00 53 24 45
 * encoder.putDescriptor(0x24).putList().end();
 *
 * // an array of symbols, each element without its own constructor
 * encoder.putArray(Type.SYMBOL).putSymbol("a").putSymbol("bc").end();
 * }</pre>
 *
 * <h2>Rules</h2>
 * <ul>
 *   <li>A map takes keys and values alternately; {@code end()} on a map with an odd number of items fails.</li>
 *   <li>A described value is {@link #putDescriptor()}, then the descriptor value, then the described value.
 *       The shortcuts {@link #putDescriptor(long)} and {@link #putDescriptor(Symbol)} write the first two.</li>
 *   <li>An array is {@link #putArray(Type)}, optionally {@code putDescriptor()} and one descriptor value (a
 *       descriptor for every element), then elements, which must all be of the array's type, then
 *       {@code end()}. Inside an array, the put method of the element type writes an element; any other put
 *       fails. {@code putNull()} is an element only of a {@link Type#NULL} array.</li>
 *   <li>Every failure to follow these rules throws {@link EncodeException} at the call that breaks them.
 *       A fixed-size output that cannot take a value throws {@link OutputFullException}.</li>
 * </ul>
 *
 * <p>Every method returns this encoder, for chaining. Methods that take an object encode AMQP null when the
 * object is null. No method allocates, except where a method's documentation says so; strings are
 * encoded straight into the output.
 *
 * <p>Implementations are not thread-safe: one thread uses an encoder at a time. They are reusable;
 * see the implementation's {@code wrap} and {@code finish} methods.
 *
 * @since 0.1
 */
public interface Encoder {

    // ------------------------------------------------------------------ fixed width

    /**
     * Writes null ({@code 0x40}).
     *
     * @return this encoder
     */
    Encoder putNull();

    /**
     * Writes a boolean ({@code 0x41}/{@code 0x42}; {@code 0x56} inside arrays).
     *
     * @param value the value
     * @return this encoder
     */
    Encoder putBoolean(boolean value);

    /**
     * Writes an unsigned byte.
     *
     * @param value 0..255
     * @return this encoder
     * @throws EncodeException if the value is out of range
     */
    Encoder putUbyte(int value);

    /**
     * Writes an unsigned short.
     *
     * @param value 0..65535
     * @return this encoder
     * @throws EncodeException if the value is out of range
     */
    Encoder putUshort(int value);

    /**
     * Writes an unsigned int.
     *
     * @param value 0..2^32-1
     * @return this encoder
     * @throws EncodeException if the value is out of range
     */
    Encoder putUint(long value);

    /**
     * Writes an unsigned long.
     *
     * @param bits the value as the 64 bits of an unsigned number (values above {@code Long.MAX_VALUE} are
     *        negative longs, as with {@link Long#toUnsignedString(long)})
     * @return this encoder
     */
    Encoder putUlong(long bits);

    /**
     * Writes a signed byte.
     *
     * @param value the value
     * @return this encoder
     */
    Encoder putByte(byte value);

    /**
     * Writes a signed short.
     *
     * @param value the value
     * @return this encoder
     */
    Encoder putShort(short value);

    /**
     * Writes a signed int.
     *
     * @param value the value
     * @return this encoder
     */
    Encoder putInt(int value);

    /**
     * Writes a signed long.
     *
     * @param value the value
     * @return this encoder
     */
    Encoder putLong(long value);

    /**
     * Writes an IEEE 754 binary32 float. NaN payloads and -0.0 are kept bit for bit.
     *
     * @param value the value
     * @return this encoder
     */
    Encoder putFloat(float value);

    /**
     * Writes an IEEE 754 binary64 double. NaN payloads and -0.0 are kept bit for bit.
     *
     * @param value the value
     * @return this encoder
     */
    Encoder putDouble(double value);

    /**
     * Writes a decimal32 from its BID bits.
     *
     * @param bits the IEEE 754-2008 decimal32 bits, BID encoding
     * @return this encoder
     */
    Encoder putDecimal32(int bits);

    /**
     * Writes a decimal64 from its BID bits.
     *
     * @param bits the IEEE 754-2008 decimal64 bits, BID encoding
     * @return this encoder
     */
    Encoder putDecimal64(long bits);

    /**
     * Writes a decimal128 from its BID bits.
     *
     * @param high the first 64 bits on the wire
     * @param low the last 64 bits on the wire
     * @return this encoder
     */
    Encoder putDecimal128(long high, long low);

    /**
     * Writes a decimal32; null writes AMQP null.
     *
     * @param value the value, or null
     * @return this encoder
     */
    default Encoder putDecimal32(Decimal32 value) {
        return value == null ? putNull() : putDecimal32(value.bits());
    }

    /**
     * Writes a decimal64; null writes AMQP null.
     *
     * @param value the value, or null
     * @return this encoder
     */
    default Encoder putDecimal64(Decimal64 value) {
        return value == null ? putNull() : putDecimal64(value.bits());
    }

    /**
     * Writes a decimal128; null writes AMQP null.
     *
     * @param value the value, or null
     * @return this encoder
     */
    default Encoder putDecimal128(Decimal128 value) {
        return value == null ? putNull() : putDecimal128(value.high(), value.low());
    }

    /**
     * Writes a char: one Unicode code point, UTF-32.
     *
     * @param codePoint a Unicode scalar value: 0..0x10FFFF, not a surrogate (0xD800..0xDFFF)
     * @return this encoder
     * @throws EncodeException if the code point is not a scalar value
     */
    Encoder putChar(int codePoint);

    /**
     * Writes a timestamp.
     *
     * @param epochMillis milliseconds since 1970-01-01T00:00:00Z; negative values are before 1970
     * @return this encoder
     */
    Encoder putTimestamp(long epochMillis);

    /**
     * Writes a UUID from its two halves.
     *
     * @param mostSignificantBits the first 8 bytes on the wire, as {@link UUID#getMostSignificantBits()}
     * @param leastSignificantBits the last 8 bytes on the wire, as {@link UUID#getLeastSignificantBits()}
     * @return this encoder
     */
    Encoder putUuid(long mostSignificantBits, long leastSignificantBits);

    /**
     * Writes a UUID; null writes AMQP null.
     *
     * @param value the value, or null
     * @return this encoder
     */
    default Encoder putUuid(UUID value) {
        return value == null ? putNull() : putUuid(value.getMostSignificantBits(), value.getLeastSignificantBits());
    }

    // ------------------------------------------------------------------ variable width

    /**
     * Writes binary data copied from an array slice.
     *
     * @param src the bytes
     * @param offset index of the first byte in {@code src}
     * @param length number of bytes
     * @return this encoder
     * @throws IndexOutOfBoundsException if the slice is outside {@code src}
     */
    Encoder putBinary(byte[] src, int offset, int length);

    /**
     * Writes binary data copied from a whole array; null writes AMQP null.
     *
     * @param src the bytes, or null
     * @return this encoder
     */
    default Encoder putBinary(byte[] src) {
        return src == null ? putNull() : putBinary(src, 0, src.length);
    }

    /**
     * Writes binary data copied from the remaining bytes of a buffer (position to limit), heap or direct.
     * The buffer's position, limit and byte order are not changed. Null writes AMQP null.
     *
     * @param src the bytes, or null
     * @return this encoder
     */
    Encoder putBinary(ByteBuffer src);

    /**
     * Writes a string, encoded to UTF-8 straight into the output. Null writes AMQP null.
     *
     * @param value the text, or null
     * @return this encoder
     * @throws EncodeException if the text holds an unpaired surrogate, which UTF-8 cannot encode
     */
    Encoder putString(CharSequence value);

    /**
     * Writes a string from bytes that are already UTF-8. The bytes are copied as they are and are not
     * validated: the caller vouches that they are well-formed UTF-8.
     *
     * @param utf8 the bytes
     * @param offset index of the first byte
     * @param length number of bytes
     * @return this encoder
     */
    Encoder putStringUtf8(byte[] utf8, int offset, int length);

    /**
     * Writes a symbol from characters. Null writes AMQP null.
     *
     * @param value the characters, each 7-bit ASCII, or null
     * @return this encoder
     * @throws EncodeException if a character is not 7-bit ASCII
     */
    Encoder putSymbol(CharSequence value);

    /**
     * Writes a symbol by copying the bytes it holds. Null writes AMQP null.
     *
     * @param value the symbol, or null
     * @return this encoder
     */
    Encoder putSymbol(Symbol value);

    /**
     * Writes a symbol from ASCII bytes.
     *
     * @param ascii the bytes
     * @param offset index of the first byte
     * @param length number of bytes
     * @return this encoder
     * @throws EncodeException if a byte is not 7-bit ASCII
     */
    Encoder putSymbolAscii(byte[] ascii, int offset, int length);

    // ------------------------------------------------------------------ compounds

    /**
     * Opens a list. The values that follow are its elements, up to the matching {@link #end()}.
     *
     * @return this encoder
     * @throws EncodeException if the nesting limit is reached
     */
    Encoder putList();

    /**
     * Opens a map. The values that follow are its keys and values, alternately, up to the matching
     * {@link #end()}.
     *
     * @return this encoder
     * @throws EncodeException if the nesting limit is reached
     */
    Encoder putMap();

    /**
     * Opens an array of elements of one type. Optionally {@link #putDescriptor()} and a descriptor value
     * follow (making every element a described value); then the elements, each written with the put
     * method of {@code elementType} ({@link #putList()}, {@link #putMap()} or {@link #putArray(Type)} for
     * compound elements, each closed by its own {@code end()}); then {@link #end()}.
     *
     * @param elementType the type of every element
     * @return this encoder
     * @throws EncodeException if the nesting limit is reached
     */
    Encoder putArray(Type elementType);

    /**
     * Closes the innermost open list, map or array, filling in its size and count.
     *
     * @return this encoder
     * @throws EncodeException if nothing is open, a map has an odd number of items, or a descriptor was
     *         written without the value it describes
     */
    Encoder end();

    // ------------------------------------------------------------------ described values

    /**
     * Starts a described value ({@code 0x00}): the next value is the descriptor, the one after it the
     * described value. Inside an array before its first element, starts the array's element descriptor.
     *
     * @return this encoder
     */
    Encoder putDescriptor();

    /**
     * Starts a described value with a numeric descriptor: {@code putDescriptor().putUlong(code)}, written in
     * the smallest form ({@code 53 xx} for codes up to 255) by every encoder flavour, since that is the form
     * every peer reads.
     *
     * @param code the descriptor, {@code (domain << 32) | id}
     * @return this encoder
     */
    Encoder putDescriptor(long code);

    /**
     * Starts a described value with a symbolic descriptor: {@code putDescriptor().putSymbol(symbol)}.
     *
     * @param symbol the descriptor, e.g. {@code amqp:accepted:list}
     * @return this encoder
     */
    default Encoder putDescriptor(Symbol symbol) {
        return putDescriptor().putSymbol(symbol);
    }

    // ------------------------------------------------------------------ raw

    /**
     * Writes one complete, already encoded value (constructor and all) as it is: the bytes are copied
     * unchanged and count as one value. Not allowed inside an array, whose elements have no constructors.
     * The bytes are not validated: the caller vouches that they are exactly one well-formed value.
     *
     * @param src the bytes
     * @param offset index of the value's first byte
     * @param length the value's encoded size
     * @return this encoder
     * @throws EncodeException inside an array
     */
    Encoder putEncoded(byte[] src, int offset, int length);

    /**
     * Writes one complete, already encoded value held in the remaining bytes of a buffer, as
     * {@link #putEncoded(byte[], int, int)}. The buffer's position and limit are not changed.
     *
     * @param src the value's bytes, position to limit
     * @return this encoder
     * @throws EncodeException inside an array
     */
    Encoder putEncoded(ByteBuffer src);

    // ------------------------------------------------------------------ state

    /**
     * The number of open compounds and unfinished described values.
     *
     * @return 0 when every value is complete
     */
    int depth();
}
