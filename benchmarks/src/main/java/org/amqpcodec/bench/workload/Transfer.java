package org.amqpcodec.bench.workload;

import java.util.Arrays;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.Map;

import org.amqpcodec.api.DataHandler;
import org.amqpcodec.api.Decoder;
import org.amqpcodec.api.Encoder;
import org.amqpcodec.api.Symbol;
import org.amqpcodec.api.Type;
import org.apache.qpid.proton.amqp.Binary;
import org.apache.qpid.proton.amqp.UnsignedByte;
import org.apache.qpid.proton.amqp.UnsignedInteger;
import org.apache.qpid.proton.codec.DecoderImpl;
import org.apache.qpid.proton.codec.EncoderImpl;
import org.apache.qpid.protonj2.buffer.ProtonBuffer;

/**
 * The transfer workload: a Transfer performative (handle 1, delivery-id 42, a 16-byte delivery tag,
 * message-format 0, settled false) and a message: header (durable, priority 4, ttl 30000), properties (message-id,
 * to, subject, content-type, creation-time), application-properties with five entries of five types, and an
 * amqp-value body holding a 200-char ASCII string. Five described top-level values, as on the wire after the
 * frame header.
 *
 * <p>Every reader fills a {@link View} with every field. The peers decode into their typed classes and the view
 * is filled from their getters; this codec's {@link Reader} fills it straight from the decoder.
 */
public final class Transfer {

    /** Descriptor codes. */
    static final long TRANSFER = 0x14L;
    static final long HEADER = 0x70L;
    static final long PROPERTIES = 0x73L;
    static final long APPLICATION_PROPERTIES = 0x74L;
    static final long AMQP_VALUE = 0x77L;

    static final long HANDLE = 1L;
    static final long DELIVERY_ID = 42L;
    static final byte[] DELIVERY_TAG = {
        0x5a, 0x13, 0x7f, (byte) 0x80, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a, 0x0b, 0x0c};
    static final long MESSAGE_FORMAT = 0L;
    static final boolean SETTLED = false;
    static final boolean DURABLE = true;
    static final int PRIORITY = 4;
    static final int DEFAULT_PRIORITY = 4;
    static final long TTL = 30_000L;
    static final String MESSAGE_ID = "msg-0001";
    static final String TO = "queue://orders";
    static final String SUBJECT = "order.created";
    static final String CONTENT_TYPE = "application/json";
    static final Symbol CONTENT_TYPE_SYMBOL = Symbol.valueOf(CONTENT_TYPE);
    static final long CREATION_TIME = 1_700_000_000_000L;
    /** The application-properties keys, in order: a string, an int, a long, a boolean and a double value. */
    static final String[] KEYS = {"region", "priority", "tenant-id", "express", "weight"};
    static final String REGION = "eu-west";
    static final int APP_PRIORITY = 7;
    static final long TENANT_ID = 123_456_789L;
    static final boolean EXPRESS = true;
    static final double WEIGHT = 2.5;
    static final String BODY = "The quick brown fox jumps over the lazy dog. ".repeat(5).substring(0, 200);

    private static final byte[][] KEY_BYTES = new byte[KEYS.length][];

    static {
        for (int i = 0; i < KEYS.length; i++) {
            KEY_BYTES[i] = KEYS[i].getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        }
    }

    private Transfer() {
    }

    /**
     * Writes the five values with this codec, one method per section as a protocol engine writes them. HotSpot
     * inlines at most about 8000 bytecodes into one compiled method; a whole message written in one method
     * passes that and its later puts become calls (about a quarter slower here, JDK 17).
     *
     * @param e the encoder
     */
    public static void write(Encoder e) {
        writeTransfer(e);
        writeHeader(e);
        writeProperties(e);
        writeApplicationProperties(e);
        writeBody(e);
    }

    private static void writeTransfer(Encoder e) {
        e.putDescriptor(TRANSFER).putList()
            .putUint(HANDLE).putUint(DELIVERY_ID).putBinary(DELIVERY_TAG, 0, DELIVERY_TAG.length)
            .putUint(MESSAGE_FORMAT).putBoolean(SETTLED)
            .end();
    }

    private static void writeHeader(Encoder e) {
        e.putDescriptor(HEADER).putList()
            .putBoolean(DURABLE).putUbyte(PRIORITY).putUint(TTL)
            .end();
    }

    private static void writeProperties(Encoder e) {
        e.putDescriptor(PROPERTIES).putList()
            .putString(MESSAGE_ID).putNull().putString(TO).putString(SUBJECT).putNull().putNull()
            .putSymbol(CONTENT_TYPE_SYMBOL).putNull().putNull().putTimestamp(CREATION_TIME)
            .end();
    }

    private static void writeApplicationProperties(Encoder e) {
        e.putDescriptor(APPLICATION_PROPERTIES).putMap()
            .putString(KEYS[0]).putString(REGION)
            .putString(KEYS[1]).putInt(APP_PRIORITY)
            .putString(KEYS[2]).putLong(TENANT_ID)
            .putString(KEYS[3]).putBoolean(EXPRESS)
            .putString(KEYS[4]).putDouble(WEIGHT)
            .end();
    }

    private static void writeBody(Encoder e) {
        e.putDescriptor(AMQP_VALUE).putString(BODY);
    }

    /** Proton-J's typed objects for the five values, built once as a sender keeps them. */
    public static final class ProtonJValues {
        private final org.apache.qpid.proton.amqp.transport.Transfer transfer =
            new org.apache.qpid.proton.amqp.transport.Transfer();
        private final org.apache.qpid.proton.amqp.messaging.Header header =
            new org.apache.qpid.proton.amqp.messaging.Header();
        private final org.apache.qpid.proton.amqp.messaging.Properties properties =
            new org.apache.qpid.proton.amqp.messaging.Properties();
        private final org.apache.qpid.proton.amqp.messaging.ApplicationProperties applicationProperties =
            new org.apache.qpid.proton.amqp.messaging.ApplicationProperties(applicationProperties());
        private final org.apache.qpid.proton.amqp.messaging.AmqpValue body =
            new org.apache.qpid.proton.amqp.messaging.AmqpValue(BODY);

        /** Sets every field. */
        public ProtonJValues() {
            transfer.setHandle(UnsignedInteger.valueOf(HANDLE));
            transfer.setDeliveryId(UnsignedInteger.valueOf(DELIVERY_ID));
            transfer.setDeliveryTag(new Binary(DELIVERY_TAG.clone()));
            transfer.setMessageFormat(UnsignedInteger.valueOf(MESSAGE_FORMAT));
            transfer.setSettled(SETTLED);
            header.setDurable(DURABLE);
            header.setPriority(UnsignedByte.valueOf((byte) PRIORITY));
            header.setTtl(UnsignedInteger.valueOf(TTL));
            properties.setMessageId(MESSAGE_ID);
            properties.setTo(TO);
            properties.setSubject(SUBJECT);
            properties.setContentType(org.apache.qpid.proton.amqp.Symbol.valueOf(CONTENT_TYPE));
            properties.setCreationTime(new Date(CREATION_TIME));
        }

        /**
         * Writes the five values.
         *
         * @param peer Proton-J
         */
        public void write(ProtonJPeer peer) {
            EncoderImpl e = peer.startEncoding();
            e.writeObject(transfer);
            e.writeObject(header);
            e.writeObject(properties);
            e.writeObject(applicationProperties);
            e.writeObject(body);
        }
    }

    /** ProtonJ2's typed objects for the five values, built once as a sender keeps them. */
    public static final class ProtonJ2Values {
        private final org.apache.qpid.protonj2.types.transport.Transfer transfer =
            new org.apache.qpid.protonj2.types.transport.Transfer()
                .setHandle(HANDLE)
                .setDeliveryId(DELIVERY_ID)
                .setDeliveryTag(DELIVERY_TAG.clone())
                .setMessageFormat(MESSAGE_FORMAT)
                .setSettled(SETTLED);
        private final org.apache.qpid.protonj2.types.messaging.Header header =
            new org.apache.qpid.protonj2.types.messaging.Header()
                .setDurable(DURABLE)
                .setPriority((byte) PRIORITY)
                .setTimeToLive(TTL);
        private final org.apache.qpid.protonj2.types.messaging.Properties properties =
            new org.apache.qpid.protonj2.types.messaging.Properties()
                .setMessageId(MESSAGE_ID)
                .setTo(TO)
                .setSubject(SUBJECT)
                .setContentType(CONTENT_TYPE)
                .setCreationTime(CREATION_TIME);
        private final org.apache.qpid.protonj2.types.messaging.ApplicationProperties applicationProperties =
            new org.apache.qpid.protonj2.types.messaging.ApplicationProperties(applicationProperties());
        private final org.apache.qpid.protonj2.types.messaging.AmqpValue<String> body =
            new org.apache.qpid.protonj2.types.messaging.AmqpValue<>(BODY);

        /**
         * Writes the five values.
         *
         * @param peer ProtonJ2
         */
        public void write(ProtonJ2Peer peer) {
            ProtonBuffer out = peer.startEncoding();
            peer.encoder.writeObject(out, peer.encoderState, transfer);
            peer.encoder.writeObject(out, peer.encoderState, header);
            peer.encoder.writeObject(out, peer.encoderState, properties);
            peer.encoder.writeObject(out, peer.encoderState, applicationProperties);
            peer.encoder.writeObject(out, peer.encoderState, body);
        }
    }

    private static Map<String, Object> applicationProperties() {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put(KEYS[0], REGION);
        map.put(KEYS[1], APP_PRIORITY);
        map.put(KEYS[2], TENANT_ID);
        map.put(KEYS[3], EXPRESS);
        map.put(KEYS[4], WEIGHT);
        return map;
    }

    /**
     * Every field a reader took out of the five values. Text fields hold a {@code String}, or, when the reader
     * copies UTF-8 instead, the bytes in a reused array with their length.
     */
    public static final class View {
        long handle;
        long deliveryId;
        final byte[] deliveryTag = new byte[32];
        int deliveryTagLength;
        long messageFormat;
        boolean settled;
        boolean durable;
        int priority;
        long ttl;
        final Text messageId = new Text();
        final Text to = new Text();
        final Text subject = new Text();
        String contentType;
        long creationTime;
        final Text region = new Text();
        int appPriority;
        long tenantId;
        boolean express;
        double weight;
        final Text body = new Text();

        /**
         * Whether every field holds the workload's value; for tests.
         *
         * @return the first field that does not, or {@code null} if all do
         */
        public String firstWrongField() {
            Object[][] fields = {
                {"handle", handle, HANDLE}, {"delivery-id", deliveryId, DELIVERY_ID},
                {"delivery-tag", Arrays.toString(Arrays.copyOf(deliveryTag, deliveryTagLength)),
                    Arrays.toString(DELIVERY_TAG)},
                {"message-format", messageFormat, MESSAGE_FORMAT}, {"settled", settled, SETTLED},
                {"durable", durable, DURABLE}, {"priority", priority, PRIORITY}, {"ttl", ttl, TTL},
                {"message-id", messageId.toString(), MESSAGE_ID}, {"to", to.toString(), TO},
                {"subject", subject.toString(), SUBJECT}, {"content-type", contentType, CONTENT_TYPE},
                {"creation-time", creationTime, CREATION_TIME}, {"region", region.toString(), REGION},
                {"app priority", appPriority, APP_PRIORITY}, {"tenant-id", tenantId, TENANT_ID},
                {"express", express, EXPRESS}, {"weight", weight, WEIGHT}, {"body", body.toString(), BODY}};
            for (Object[] f : fields) {
                if (!f[2].equals(f[1])) {
                    return f[0] + ": " + f[1] + " instead of " + f[2];
                }
            }
            return null;
        }

        void applicationProperty(String key, Object value) {
            switch (key) {
                case "region":
                    region.string = (String) value;
                    break;
                case "priority":
                    appPriority = (Integer) value;
                    break;
                case "tenant-id":
                    tenantId = (Long) value;
                    break;
                case "express":
                    express = (Boolean) value;
                    break;
                case "weight":
                    weight = (Double) value;
                    break;
                default:
                    break;
            }
        }

        void deliveryTag(byte[] tag) {
            System.arraycopy(tag, 0, deliveryTag, 0, tag.length);
            deliveryTagLength = tag.length;
        }
    }

    /** A text field: a {@code String}, or UTF-8 bytes copied into a reused array. */
    static final class Text {
        String string;
        byte[] bytes = new byte[256];
        int length = -1;

        void read(Decoder d, boolean asString) {
            if (asString) {
                string = d.getString();
            } else {
                int n = d.dataLength();
                if (n > bytes.length) {
                    bytes = new byte[n];
                }
                length = d.copyData(bytes, 0);
            }
        }

        @Override
        public String toString() {
            return string != null ? string
                : new String(bytes, 0, Math.max(length, 0), java.nio.charset.StandardCharsets.UTF_8);
        }
    }

    /**
     * Reads the five values with Proton-J into its typed classes, and every field from them into a view.
     *
     * @param peer Proton-J, with its input set
     * @param view where the fields go
     * @return the view
     */
    public static View read(ProtonJPeer peer, View view) {
        DecoderImpl d = peer.startDecoding();
        org.apache.qpid.proton.amqp.transport.Transfer t =
            (org.apache.qpid.proton.amqp.transport.Transfer) d.readObject();
        org.apache.qpid.proton.amqp.messaging.Header h = (org.apache.qpid.proton.amqp.messaging.Header) d.readObject();
        org.apache.qpid.proton.amqp.messaging.Properties p =
            (org.apache.qpid.proton.amqp.messaging.Properties) d.readObject();
        org.apache.qpid.proton.amqp.messaging.ApplicationProperties ap =
            (org.apache.qpid.proton.amqp.messaging.ApplicationProperties) d.readObject();
        org.apache.qpid.proton.amqp.messaging.AmqpValue v =
            (org.apache.qpid.proton.amqp.messaging.AmqpValue) d.readObject();
        view.handle = t.getHandle().longValue();
        view.deliveryId = t.getDeliveryId().longValue();
        Binary tag = t.getDeliveryTag();
        System.arraycopy(tag.getArray(), tag.getArrayOffset(), view.deliveryTag, 0, tag.getLength());
        view.deliveryTagLength = tag.getLength();
        view.messageFormat = t.getMessageFormat().longValue();
        view.settled = t.getSettled();
        view.durable = h.getDurable();
        view.priority = h.getPriority().intValue();
        view.ttl = h.getTtl().longValue();
        view.messageId.string = (String) p.getMessageId();
        view.to.string = p.getTo();
        view.subject.string = p.getSubject();
        view.contentType = p.getContentType().toString();
        view.creationTime = p.getCreationTime().getTime();
        for (Map.Entry<String, Object> e : ap.getValue().entrySet()) {
            view.applicationProperty(e.getKey(), e.getValue());
        }
        view.body.string = (String) v.getValue();
        return view;
    }

    /**
     * Reads the five values with ProtonJ2 into its typed classes, and every field from them into a view.
     *
     * @param peer ProtonJ2, with its input set
     * @param view where the fields go
     * @return the view
     */
    @SuppressWarnings("unchecked")
    public static View read(ProtonJ2Peer peer, View view) {
        ProtonBuffer in = peer.startDecoding();
        org.apache.qpid.protonj2.types.transport.Transfer t =
            (org.apache.qpid.protonj2.types.transport.Transfer) peer.decoder.readObject(in, peer.decoderState);
        org.apache.qpid.protonj2.types.messaging.Header h =
            (org.apache.qpid.protonj2.types.messaging.Header) peer.decoder.readObject(in, peer.decoderState);
        org.apache.qpid.protonj2.types.messaging.Properties p =
            (org.apache.qpid.protonj2.types.messaging.Properties) peer.decoder.readObject(in, peer.decoderState);
        org.apache.qpid.protonj2.types.messaging.ApplicationProperties ap =
            (org.apache.qpid.protonj2.types.messaging.ApplicationProperties) peer.decoder.readObject(in,
                peer.decoderState);
        org.apache.qpid.protonj2.types.messaging.AmqpValue<String> v =
            (org.apache.qpid.protonj2.types.messaging.AmqpValue<String>) peer.decoder.readObject(in,
                peer.decoderState);
        view.handle = t.getHandle();
        view.deliveryId = t.getDeliveryId();
        view.deliveryTag(t.getDeliveryTag().tagBytes());
        view.messageFormat = t.getMessageFormat();
        view.settled = t.getSettled();
        view.durable = h.isDurable();
        view.priority = h.getPriority();
        view.ttl = h.getTimeToLive();
        view.messageId.string = (String) p.getMessageId();
        view.to.string = p.getTo();
        view.subject.string = p.getSubject();
        view.contentType = p.getContentType();
        view.creationTime = p.getCreationTime();
        for (Map.Entry<String, Object> e : ap.getValue().entrySet()) {
            view.applicationProperty(e.getKey(), e.getValue());
        }
        view.body.string = v.getValue();
        return view;
    }

    /**
     * This codec's reader: fills a {@link View} from the decoder, field by field, as each value passes. It knows
     * where it is from the last descriptor and the value's index in its list; application-property keys are
     * matched on their bytes. Text comes out as a new {@code String} or as UTF-8 copied into the view's arrays;
     * the content-type symbol always comes from the decoder's cache.
     */
    public static final class Reader implements DataHandler {
        private final boolean strings;
        private View view;
        private long section;
        private int key;

        /** @param strings read text as {@code String}s rather than copying UTF-8 */
        public Reader(boolean strings) {
            this.strings = strings;
        }

        /**
         * Decodes into a view.
         *
         * @param decoder the decoder, wrapped around the bytes
         * @param into the view to fill
         * @return the view
         */
        public View read(Decoder decoder, View into) {
            this.view = into;
            decoder.decode(this);
            return into;
        }

        @Override
        public void onDescriptor(Decoder d) {
            section = d.type() == Type.ULONG ? d.getUlong() : -1;
            if (section == HEADER) {
                // a field left out or null means its default (ProtonJ2 leaves out priority 4)
                view.durable = false;
                view.priority = DEFAULT_PRIORITY;
                view.ttl = 0;
            }
        }

        @Override
        public void onUint(Decoder d) {
            if (section == TRANSFER) {
                switch (d.index()) {
                    case 0:
                        view.handle = d.getUint();
                        break;
                    case 1:
                        view.deliveryId = d.getUint();
                        break;
                    case 3:
                        view.messageFormat = d.getUint();
                        break;
                    default:
                        break;
                }
            } else if (section == HEADER && d.index() == 2) {
                view.ttl = d.getUint();
            }
        }

        @Override
        public void onBinary(Decoder d) {
            if (section == TRANSFER && d.index() == 2) {
                view.deliveryTagLength = d.copyData(view.deliveryTag, 0);
            }
        }

        @Override
        public void onBoolean(Decoder d) {
            if (section == TRANSFER) {
                view.settled = d.getBoolean();
            } else if (section == HEADER) {
                view.durable = d.getBoolean();
            } else if (section == APPLICATION_PROPERTIES && key == 3) {
                view.express = d.getBoolean();
            }
        }

        @Override
        public void onUbyte(Decoder d) {
            if (section == HEADER) {
                view.priority = d.getUbyte();
            }
        }

        @Override
        public void onString(Decoder d) {
            if (section == PROPERTIES) {
                switch (d.index()) {
                    case 0:
                        view.messageId.read(d, strings);
                        break;
                    case 2:
                        view.to.read(d, strings);
                        break;
                    case 3:
                        view.subject.read(d, strings);
                        break;
                    default:
                        break;
                }
            } else if (section == APPLICATION_PROPERTIES) {
                if (d.isMapKey()) {
                    key = matchKey(d);
                } else if (key == 0) {
                    view.region.read(d, strings);
                }
            } else if (section == AMQP_VALUE) {
                view.body.read(d, strings);
            }
        }

        private static int matchKey(Decoder d) {
            for (int i = 0; i < KEY_BYTES.length; i++) {
                if (d.dataEquals(KEY_BYTES[i], 0, KEY_BYTES[i].length)) {
                    return i;
                }
            }
            return -1;
        }

        @Override
        public void onSymbol(Decoder d) {
            if (section == PROPERTIES && d.index() == 6) {
                view.contentType = d.getCachedString();
            }
        }

        @Override
        public void onTimestamp(Decoder d) {
            if (section == PROPERTIES && d.index() == 9) {
                view.creationTime = d.getTimestamp();
            }
        }

        @Override
        public void onInt(Decoder d) {
            if (section == APPLICATION_PROPERTIES && key == 1) {
                view.appPriority = d.getInt();
            }
        }

        @Override
        public void onLong(Decoder d) {
            if (section == APPLICATION_PROPERTIES && key == 2) {
                view.tenantId = d.getLong();
            }
        }

        @Override
        public void onDouble(Decoder d) {
            if (section == APPLICATION_PROPERTIES && key == 4) {
                view.weight = d.getDouble();
            }
        }
    }
}
