package org.amqpcodec.api;

/**
 * Input that cannot be decoded, or a getter that does not fit the current value. Names the byte
 * offset (from the start of the input the decoder was given), the format code involved and the kind of
 * error.
 *
 * <p>Every malformed input ends in this exception, never in an {@code IndexOutOfBoundsException},
 * a {@code StackOverflowError} or an allocation sized by the input. Callbacks delivered before the
 * error stay valid.
 *
 * <p>Example message: {@code truncated: str32-utf8 (0xB1) at offset 17 declares 300 bytes, 12 remain}.
 *
 * @since 0.1
 */
public class DecodeException extends CodecException {

    private static final long serialVersionUID = 1L;

    private final DecodeError error;
    private final long offset;
    private final int formatCode;
    private final long missingBytes;

    /**
     * A decode exception.
     *
     * @param error the kind of error
     * @param offset byte offset of the value (its constructor, or its first byte for array elements) from
     *        the start of the input, or -1 if not known
     * @param formatCode the format code of the value involved, or -1 if none applies
     * @param missingBytes for {@link DecodeError#TRUNCATED}, how many more bytes the value needs; 0 otherwise
     * @param detail the specifics, appended to the message
     */
    public DecodeException(DecodeError error, long offset, int formatCode, long missingBytes, String detail) {
        super(message(error, offset, formatCode, detail));
        this.error = error;
        this.offset = offset;
        this.formatCode = formatCode;
        this.missingBytes = missingBytes;
    }

    private static String message(DecodeError error, long offset, int formatCode, String detail) {
        StringBuilder sb = new StringBuilder(64).append(error.name().toLowerCase().replace('_', ' ')).append(':');
        if (formatCode >= 0) {
            sb.append(' ').append(FormatCode.describe(formatCode));
        }
        if (offset >= 0) {
            sb.append(" at offset ").append(offset);
        }
        if (detail != null && !detail.isEmpty()) {
            sb.append(' ').append(detail);
        }
        return sb.toString();
    }

    /**
     * What was wrong.
     *
     * @return the kind of error, never null
     */
    public DecodeError error() {
        return error;
    }

    /**
     * Byte offset of the offending value from the start of the input given to the decoder.
     *
     * @return the offset, or -1 if not known
     */
    public long offset() {
        return offset;
    }

    /**
     * Format code of the offending value.
     *
     * @return the code (0..255), or -1 if no single code applies
     */
    public int formatCode() {
        return formatCode;
    }

    /**
     * For {@link DecodeError#TRUNCATED}: how many more bytes the value needed (at least). A streaming
     * caller can wait for that many more bytes and decode again.
     *
     * @return the number of missing bytes, or 0 for other errors
     */
    public long missingBytes() {
        return missingBytes;
    }
}
