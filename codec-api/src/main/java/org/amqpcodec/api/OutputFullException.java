package org.amqpcodec.api;

/**
 * The fixed-size output of an {@link Encoder} cannot hold the next value. Says where and how many bytes
 * were needed; the caller can wrap a bigger buffer (at least {@link #requiredCapacity()} bytes) and encode
 * again, or use a growable output.
 *
 * @since 0.1
 */
public class OutputFullException extends EncodeException {

    private static final long serialVersionUID = 1L;

    private final long position;
    private final long needed;
    private final long capacity;

    /**
     * An output-full exception.
     *
     * @param position bytes written so far (from the start of the output region)
     * @param needed bytes the next write needed
     * @param capacity size of the output region in bytes
     */
    public OutputFullException(long position, long needed, long capacity) {
        super("output full: " + needed + " bytes needed at offset " + position + " but the output holds " + capacity
            + " bytes; at least " + (position + needed) + " bytes are required");
        this.position = position;
        this.needed = needed;
        this.capacity = capacity;
    }

    /**
     * Bytes written before the write that failed.
     *
     * @return the offset in the output region
     */
    public long position() {
        return position;
    }

    /**
     * Bytes the failed write needed.
     *
     * @return the size of the write
     */
    public long needed() {
        return needed;
    }

    /**
     * Size of the output region.
     *
     * @return the capacity in bytes
     */
    public long capacity() {
        return capacity;
    }

    /**
     * The smallest output that would have taken the failed write: {@code position() + needed()}. The whole
     * encoding may need more.
     *
     * @return a lower bound for the output size, in bytes
     */
    public long requiredCapacity() {
        return position + needed;
    }
}
