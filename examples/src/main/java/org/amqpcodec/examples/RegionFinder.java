package org.amqpcodec.examples;

import org.amqpcodec.api.DataHandler;
import org.amqpcodec.api.Decoder;
import org.amqpcodec.api.Symbol;
import org.amqpcodec.api.Type;

/**
 * Finds the application property {@code "region"} of an encoded message and copies its UTF-8 bytes into its own
 * buffer: the other sections are skipped whole, the key is compared without decoding it, and the scan stops
 * once the value is found. Allocates nothing. (The README's decode example.)
 */
public final class RegionFinder implements DataHandler {

    private static final Symbol REGION = Symbol.valueOf("region");
    private static final long APPLICATION_PROPERTIES = 0x74;

    final byte[] region = new byte[256];
    int regionLength = -1;
    private boolean nextIsRegion;

    @Override
    public void onDescriptor(Decoder d) {
        boolean wanted = d.type() == Type.ULONG && d.getUlong() == APPLICATION_PROPERTIES;
        if (!wanted && d.depth() == 0) {
            d.skip();                                      // a section we do not need: O(1)
        }
    }

    @Override
    public void onString(Decoder d) {
        if (d.depth() != 1) {
            return;
        }
        if (d.isMapKey()) {
            nextIsRegion = d.dataEquals(REGION);           // compared without decoding
        } else if (nextIsRegion) {
            regionLength = d.copyData(region, 0);          // UTF-8 into our own buffer
            d.stop();                                      // we have our answer
        }
    }

    /**
     * The region found by the last decode.
     *
     * @return the UTF-8 bytes' length, or -1 if the message had no region property
     */
    public int regionLength() {
        return regionLength;
    }

    /**
     * The buffer holding the region's UTF-8 bytes, {@code [0, regionLength())}.
     *
     * @return the buffer, reused by every decode
     */
    public byte[] region() {
        return region;
    }
}
