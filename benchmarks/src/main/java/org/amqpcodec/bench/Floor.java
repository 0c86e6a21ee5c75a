package org.amqpcodec.bench;

/**
 * The physical floor a workload is compared with: copying its encoded bytes with {@code System.arraycopy}.
 * No codec can write or read the bytes faster than it can copy them.
 */
public final class Floor {

    private final byte[] src;
    private final byte[] dst;

    /** @param bytes the workload's encoded bytes */
    public Floor(byte[] bytes) {
        this.src = bytes.clone();
        this.dst = new byte[bytes.length];
    }

    /** @return the copy, so that JMH consumes it */
    public byte[] copy() {
        System.arraycopy(src, 0, dst, 0, src.length);
        return dst;
    }
}
