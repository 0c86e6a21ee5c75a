package org.amqpcodec.bench.workload;

import org.amqpcodec.api.DataHandler;
import org.amqpcodec.api.Decoder;
import org.amqpcodec.api.Encoder;

/**
 * The strings workload: one string value, written from and read back into a {@code String}.
 */
public enum Strings {

    /** 35 ASCII characters. */
    ASCII("The brown fox jumped over the fence"),

    /** 64 chars, 100 UTF-8 bytes: 38 ASCII, 14 Latin-1, 10 CJK and one emoji (a surrogate pair). */
    MIXED("Gr\u00fc\u00dfe aus K\u00f6ln! Se\u00f1or \u00d1\u00fa\u00f1ez, \u00bfqu\u00e9? \u00c7a v\u00e0 "
        + "tr\u00e8s \u00abbien\u00bb\u6771\u4eac\u306e\u5929\u6c17\u306f\u6674\u308c\u3067\u3059\uD83D\uDC4B");

    private final String text;

    Strings(String text) {
        this.text = text;
    }

    /** @return the string */
    public String text() {
        return text;
    }

    /**
     * Writes the string with this codec.
     *
     * @param e the encoder
     */
    public void write(Encoder e) {
        e.putString(text);
    }

    /**
     * Writes the string with Proton-J.
     *
     * @param peer Proton-J
     */
    public void write(ProtonJPeer peer) {
        peer.startEncoding().writeString(text);
    }

    /**
     * Writes the string with ProtonJ2.
     *
     * @param peer ProtonJ2
     */
    public void write(ProtonJ2Peer peer) {
        peer.encoder.writeString(peer.startEncoding(), peer.encoderState, text);
    }

    /**
     * Reads the string with Proton-J.
     *
     * @param peer Proton-J, with its input set
     * @return the string
     */
    public static String read(ProtonJPeer peer) {
        return peer.startDecoding().readString();
    }

    /**
     * Reads the string with ProtonJ2.
     *
     * @param peer ProtonJ2, with its input set
     * @return the string
     */
    public static String read(ProtonJ2Peer peer) {
        return peer.decoder.readString(peer.startDecoding(), peer.decoderState);
    }

    /** This codec's reader: takes each string as a new {@code String}, or through the decoder's cache. */
    public static final class Reader implements DataHandler {
        private final boolean cached;
        private String last;

        /** @param cached take strings with {@code getCachedString()} rather than {@code getString()} */
        public Reader(boolean cached) {
            this.cached = cached;
        }

        /**
         * Decodes and returns the (last) string.
         *
         * @param decoder the decoder, wrapped around the bytes
         * @return the string
         */
        public String read(Decoder decoder) {
            decoder.decode(this);
            return last;
        }

        @Override
        public void onString(Decoder d) {
            last = cached ? d.getCachedString() : d.getString();
        }
    }
}
