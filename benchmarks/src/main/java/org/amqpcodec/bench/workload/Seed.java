package org.amqpcodec.bench.workload;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.amqpcodec.api.DataHandler;
import org.amqpcodec.api.Decoder;
import org.amqpcodec.api.Encoder;
import org.apache.qpid.proton.codec.DecoderImpl;
import org.apache.qpid.proton.codec.EncoderImpl;
import org.apache.qpid.protonj2.buffer.ProtonBuffer;

/**
 * The seed workload: a list of 10 ints, a UUID, and a map of 10 {@code String.valueOf(j)} → int entries, as three
 * top-level values. The ints are {@code base + j}: base 1000 gives 4-byte ints, base 0 small ones.
 */
public final class Seed {

    /** How many ints the list holds, and how many entries the map. */
    public static final int COUNT = 10;
    /** The UUID, fixed so every run encodes the same bytes. */
    public static final UUID UUID_VALUE = UUID.fromString("f81d4fae-7dec-11d0-a765-00a0c91e6bf6");

    private static final String[] KEYS = new String[COUNT];

    static {
        for (int j = 0; j < COUNT; j++) {
            KEYS[j] = String.valueOf(j);
        }
    }

    private final int[] ints = new int[COUNT];
    private final long msb = UUID_VALUE.getMostSignificantBits();
    private final long lsb = UUID_VALUE.getLeastSignificantBits();
    private final List<Integer> list = new ArrayList<>();
    private final Map<String, Integer> map = new LinkedHashMap<>();

    /**
     * Builds the values once: the ints for this codec, and the boxed list and map the peers encode from.
     *
     * @param base the first int; the others follow it
     */
    public Seed(int base) {
        for (int j = 0; j < COUNT; j++) {
            ints[j] = base + j;
            list.add(base + j);
            map.put(KEYS[j], base + j);
        }
    }

    /** @return the list the peers encode */
    public List<Integer> list() {
        return list;
    }

    /** @return the map the peers encode */
    public Map<String, Integer> map() {
        return map;
    }

    /** @return the UUID */
    public UUID uuid() {
        return UUID_VALUE;
    }

    /**
     * Writes the three values with this codec.
     *
     * @param e the encoder
     */
    public void write(Encoder e) {
        e.putList();
        for (int j = 0; j < COUNT; j++) {
            e.putInt(ints[j]);
        }
        e.end();
        e.putUuid(msb, lsb);
        e.putMap();
        for (int j = 0; j < COUNT; j++) {
            e.putString(KEYS[j]).putInt(ints[j]);
        }
        e.end();
    }

    /**
     * Writes the three values with Proton-J's typed calls.
     *
     * @param peer Proton-J
     */
    public void write(ProtonJPeer peer) {
        EncoderImpl e = peer.startEncoding();
        e.writeList(list);
        e.writeUUID(UUID_VALUE);
        e.writeMap(map);
    }

    /**
     * Writes the three values with ProtonJ2's typed calls.
     *
     * @param peer ProtonJ2
     */
    public void write(ProtonJ2Peer peer) {
        ProtonBuffer out = peer.startEncoding();
        peer.encoder.writeList(out, peer.encoderState, list);
        peer.encoder.writeUUID(out, peer.encoderState, UUID_VALUE);
        peer.encoder.writeMap(out, peer.encoderState, map);
    }

    /**
     * Reads the three values with Proton-J and every value in them.
     *
     * @param peer Proton-J, with its input set
     * @return the checksum
     */
    @SuppressWarnings("unchecked")
    public static long read(ProtonJPeer peer) {
        DecoderImpl d = peer.startDecoding();
        List<Integer> list = d.readList();
        UUID uuid = d.readUUID();
        Map<String, Integer> map = d.readMap();
        return checksum(list, uuid, map);
    }

    /**
     * Reads the three values with ProtonJ2 and every value in them.
     *
     * @param peer ProtonJ2, with its input set
     * @return the checksum
     */
    public static long read(ProtonJ2Peer peer) {
        ProtonBuffer in = peer.startDecoding();
        List<Integer> list = peer.decoder.readList(in, peer.decoderState);
        UUID uuid = peer.decoder.readUUID(in, peer.decoderState);
        Map<String, Integer> map = peer.decoder.readMap(in, peer.decoderState);
        return checksum(list, uuid, map);
    }

    /**
     * The checksum every reader computes over what it read: each int, both UUID halves, and each key's hash (so
     * the key's characters are really read).
     *
     * @param list the ints read from the list
     * @param uuid the UUID read
     * @param map the entries read from the map
     * @return the checksum
     */
    public static long checksum(List<Integer> list, UUID uuid, Map<String, Integer> map) {
        long sum = uuid.getMostSignificantBits() ^ uuid.getLeastSignificantBits();
        for (int i = 0, n = list.size(); i < n; i++) {
            sum += list.get(i);
        }
        for (Map.Entry<String, Integer> entry : map.entrySet()) {
            sum += entry.getKey().hashCode() + entry.getValue();
        }
        return sum;
    }

    /**
     * This codec's reader: reads every int, both halves of the UUID, and every key, and folds them into the same
     * checksum as {@link #checksum}. Keys come as a new {@code String} each ({@code getString()}) or resolved
     * through the decoder's cache without allocating ({@code getCachedString()}).
     */
    public static final class Reader implements DataHandler {
        private final boolean cachedKeys;
        private long sum;

        /** @param cachedKeys read keys with {@code getCachedString()} rather than {@code getString()} */
        public Reader(boolean cachedKeys) {
            this.cachedKeys = cachedKeys;
        }

        /** @return the checksum of the last decode, and starts the next one at zero */
        public long takeSum() {
            long s = sum;
            sum = 0;
            return s;
        }

        @Override
        public void onInt(Decoder d) {
            sum += d.getInt();
        }

        @Override
        public void onUuid(Decoder d) {
            sum += d.getUuidMostSignificantBits() ^ d.getUuidLeastSignificantBits();
        }

        @Override
        public void onString(Decoder d) {
            String key = cachedKeys ? d.getCachedString() : d.getString();
            sum += key.hashCode();
        }
    }
}
