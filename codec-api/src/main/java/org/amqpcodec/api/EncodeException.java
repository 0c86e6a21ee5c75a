package org.amqpcodec.api;

/**
 * A misuse of an {@link Encoder}: {@code end()} with nothing open, an odd number of map items, an array
 * element of another type, a descriptor with no value, an unclosed compound when the result is taken,
 * a value out of its type's range, nesting deeper than the limit. Also the root of
 * {@link OutputFullException}.
 *
 * <p>After an encode exception the encoder's output is incomplete; reset or re-wrap the encoder
 * before using it again.
 *
 * @since 0.1
 */
public class EncodeException extends CodecException {

    private static final long serialVersionUID = 1L;

    /**
     * An encode exception.
     *
     * @param message what was wrong, in terms of the calls made
     */
    public EncodeException(String message) {
        super(message);
    }
}
