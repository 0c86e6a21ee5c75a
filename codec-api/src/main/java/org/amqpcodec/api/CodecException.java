package org.amqpcodec.api;

/**
 * The root of every exception the codec throws on purpose: {@link DecodeException} for input that
 * cannot be decoded (or a getter that does not fit the value), {@link EncodeException} for a misuse of
 * an {@link Encoder} or an output that is full.
 *
 * <p>Catching this type catches every codec failure. Exceptions thrown by a {@link DataHandler}
 * pass through the decoder unchanged.
 *
 * @since 0.1
 */
public class CodecException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /**
     * A codec exception with a message.
     *
     * @param message what went wrong
     */
    public CodecException(String message) {
        super(message);
    }

    /**
     * A codec exception with a message and a cause.
     *
     * @param message what went wrong
     * @param cause the underlying failure
     */
    public CodecException(String message, Throwable cause) {
        super(message, cause);
    }
}
