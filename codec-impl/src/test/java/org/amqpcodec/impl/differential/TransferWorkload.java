package org.amqpcodec.impl.differential;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.amqpcodec.api.DataHandler;
import org.amqpcodec.api.Decoder;
import org.amqpcodec.api.Encoder;
import org.amqpcodec.api.Type;
import org.amqpcodec.impl.testing.Val;
import org.amqpcodec.impl.testing.ValBuilder;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

/**
 * The benchmarks' "transfer" workload: a Transfer performative followed by a message (header, properties,
 * application-properties with 5 mixed entries, an amqp-value body holding a 200-char string), every field set.
 * It can be written with this codec's {@link Encoder}, built as either peer's typed classes, checked field by
 * field in either peer's typed classes, and read back here with {@link Handler}, a DataHandler that records
 * every field as it comes (a null field as the field's default, as a consumer must) and checks each against
 * its expected type and value.
 */
final class TransferWorkload {

    static final long TRANSFER = 0x14L;
    static final long ACCEPTED = 0x24L;
    static final long HEADER = 0x70L;
    static final long PROPERTIES = 0x73L;
    static final long APPLICATION_PROPERTIES = 0x74L;
    static final long AMQP_VALUE = 0x77L;

    // transfer
    static final long HANDLE = 1L;
    static final long DELIVERY_ID = 0xFFFF_FFF0L;
    static final byte[] DELIVERY_TAG = {0, 0, 0, 0, 0, 0, 0x01, 0x2A};
    static final long MESSAGE_FORMAT = 0L;
    static final boolean SETTLED = false;
    static final boolean MORE = false;
    static final int RCV_SETTLE_MODE = 1; // second
    static final boolean RESUME = false;
    static final boolean ABORTED = false;
    static final boolean BATCHABLE = true;
    // header
    static final boolean DURABLE = true;
    static final int PRIORITY = 7;
    static final long TTL = 30_000L;
    static final boolean FIRST_ACQUIRER = false;
    static final long DELIVERY_COUNT = 3L;
    // properties
    static final String MESSAGE_ID = "ID:orders-7f3a:1:1:42";
    static final byte[] USER_ID = "guest".getBytes(StandardCharsets.US_ASCII);
    static final String TO = "queue://orders";
    static final String SUBJECT = "new-order";
    static final String REPLY_TO = "queue://replies";
    static final long CORRELATION_ID = 0x8000_0000_0000_002AL; // a ulong above Long.MAX_VALUE
    static final String CONTENT_TYPE = "text/plain";
    static final String CONTENT_ENCODING = "utf-8";
    static final long ABSOLUTE_EXPIRY_TIME = 1_700_000_060_000L;
    static final long CREATION_TIME = 1_700_000_000_000L;
    static final String GROUP_ID = "orders";
    static final long GROUP_SEQUENCE = 0xFFFF_FFFEL;
    static final String REPLY_TO_GROUP_ID = "replies";
    // application properties: string, int, long, boolean, double
    static final String REGION = "eu-west-1";
    static final int ATTEMPT = 5;
    static final long AMOUNT = -12_345_678_901L;
    static final boolean EXPRESS = true;
    static final double WEIGHT = 2.5;
    // body
    static final String BODY = body();

    static final List<Val> TRANSFER_FIELDS = List.of(Val.of(Type.UINT, HANDLE), Val.of(Type.UINT, DELIVERY_ID),
        Val.of(Type.BINARY, DELIVERY_TAG), Val.of(Type.UINT, MESSAGE_FORMAT), Val.of(Type.BOOLEAN, SETTLED),
        Val.of(Type.BOOLEAN, MORE), Val.of(Type.UBYTE, RCV_SETTLE_MODE),
        Val.described(Val.of(Type.ULONG, ACCEPTED), Val.list()), Val.of(Type.BOOLEAN, RESUME),
        Val.of(Type.BOOLEAN, ABORTED), Val.of(Type.BOOLEAN, BATCHABLE));
    static final List<Val> HEADER_FIELDS = List.of(Val.of(Type.BOOLEAN, DURABLE), Val.of(Type.UBYTE, PRIORITY),
        Val.of(Type.UINT, TTL), Val.of(Type.BOOLEAN, FIRST_ACQUIRER), Val.of(Type.UINT, DELIVERY_COUNT));
    static final List<Val> PROPERTIES_FIELDS = List.of(Val.of(Type.STRING, MESSAGE_ID), Val.of(Type.BINARY, USER_ID),
        Val.of(Type.STRING, TO), Val.of(Type.STRING, SUBJECT), Val.of(Type.STRING, REPLY_TO),
        Val.of(Type.ULONG, CORRELATION_ID), Val.of(Type.SYMBOL, CONTENT_TYPE), Val.of(Type.SYMBOL, CONTENT_ENCODING),
        Val.of(Type.TIMESTAMP, ABSOLUTE_EXPIRY_TIME), Val.of(Type.TIMESTAMP, CREATION_TIME),
        Val.of(Type.STRING, GROUP_ID), Val.of(Type.UINT, GROUP_SEQUENCE), Val.of(Type.STRING, REPLY_TO_GROUP_ID));
    static final List<Val> APPLICATION_PROPERTIES_ITEMS = List.of(
        Val.of(Type.STRING, "region"), Val.of(Type.STRING, REGION),
        Val.of(Type.STRING, "attempt"), Val.of(Type.INT, ATTEMPT),
        Val.of(Type.STRING, "amount"), Val.of(Type.LONG, AMOUNT),
        Val.of(Type.STRING, "express"), Val.of(Type.BOOLEAN, EXPRESS),
        Val.of(Type.STRING, "weight"), Val.of(Type.DOUBLE, Double.doubleToRawLongBits(WEIGHT)));

    /**
     * Spec defaults of the fields that have one, by section and field index: a null field (or an omitted
     * trailing one) means the default (reference §5.1). ProtonJ2, for one, writes a header's first-acquirer
     * false as null.
     */
    static final Map<Long, Map<Integer, Val>> DEFAULTS = Map.of(
        TRANSFER, Map.of(5, Val.of(Type.BOOLEAN, false), 8, Val.of(Type.BOOLEAN, false),
            9, Val.of(Type.BOOLEAN, false), 10, Val.of(Type.BOOLEAN, false)),
        HEADER, Map.of(0, Val.of(Type.BOOLEAN, false), 1, Val.of(Type.UBYTE, 4), 3, Val.of(Type.BOOLEAN, false),
            4, Val.of(Type.UINT, 0L)));

    private TransferWorkload() {
    }

    private static String body() {
        StringBuilder sb = new StringBuilder(200);
        while (sb.length() < 200) {
            sb.append("The brown fox jumped over the fence. ");
        }
        return sb.substring(0, 200);
    }

    static Map<String, Object> applicationProperties() {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("region", REGION);
        map.put("attempt", ATTEMPT);
        map.put("amount", AMOUNT);
        map.put("express", EXPRESS);
        map.put("weight", WEIGHT);
        return map;
    }

    // ------------------------------------------------------------------ this codec

    /** Writes the transfer and the message with this codec's encoder API, as a client would. */
    static void encode(Encoder e) {
        e.putDescriptor(TRANSFER).putList()
            .putUint(HANDLE).putUint(DELIVERY_ID).putBinary(DELIVERY_TAG).putUint(MESSAGE_FORMAT)
            .putBoolean(SETTLED).putBoolean(MORE).putUbyte(RCV_SETTLE_MODE)
            .putDescriptor(ACCEPTED).putList().end()
            .putBoolean(RESUME).putBoolean(ABORTED).putBoolean(BATCHABLE)
            .end();
        e.putDescriptor(HEADER).putList()
            .putBoolean(DURABLE).putUbyte(PRIORITY).putUint(TTL).putBoolean(FIRST_ACQUIRER).putUint(DELIVERY_COUNT)
            .end();
        e.putDescriptor(PROPERTIES).putList()
            .putString(MESSAGE_ID).putBinary(USER_ID).putString(TO).putString(SUBJECT).putString(REPLY_TO)
            .putUlong(CORRELATION_ID).putSymbol(CONTENT_TYPE).putSymbol(CONTENT_ENCODING)
            .putTimestamp(ABSOLUTE_EXPIRY_TIME).putTimestamp(CREATION_TIME).putString(GROUP_ID)
            .putUint(GROUP_SEQUENCE).putString(REPLY_TO_GROUP_ID)
            .end();
        e.putDescriptor(APPLICATION_PROPERTIES).putMap()
            .putString("region").putString(REGION)
            .putString("attempt").putInt(ATTEMPT)
            .putString("amount").putLong(AMOUNT)
            .putString("express").putBoolean(EXPRESS)
            .putString("weight").putDouble(WEIGHT)
            .end();
        e.putDescriptor(AMQP_VALUE).putString(BODY);
    }

    /**
     * Reads a transfer and message the way a consumer of this codec would, recording each field as the
     * test model (read through the getter of its own type) so that {@link #check()} compares type and value.
     */
    static final class Handler implements DataHandler {

        private final List<Long> sections = new ArrayList<>();
        private final Map<Long, List<Val>> fields = new LinkedHashMap<>();
        private final Map<Long, Integer> counts = new LinkedHashMap<>();
        private final List<Val> applicationProperties = new ArrayList<>();
        private Val body;
        private long stateDescriptor = -1;
        private int stateIndex = -1;

        private long section() {
            return sections.get(sections.size() - 1);
        }

        private void field(int index, Val value) {
            List<Val> list = fields.computeIfAbsent(section(), k -> new ArrayList<>());
            assertEquals(list.size(), index, () -> "field order in section " + Long.toHexString(section()));
            Val byDefault = DEFAULTS.getOrDefault(section(), Map.of()).get(index);
            list.add(value.type == Type.NULL && byDefault != null ? byDefault : value);
        }

        @Override
        public void onDescriptor(Decoder d) {
            assertEquals(Type.ULONG, d.type(), "descriptor type");
            if (d.depth() == 0) {
                sections.add(d.getUlong());
            } else {
                assertEquals(TRANSFER, section(), "only the transfer's state is a nested described value");
                assertEquals(1, d.depth());
                stateDescriptor = d.getUlong();
                stateIndex = d.index();
            }
        }

        @Override
        public void onListBegin(Decoder d) {
            if (d.depth() == 0) {
                counts.put(section(), d.count());
            } else {
                assertEquals(stateIndex, d.index(), "the state's list is the described state");
                field(d.index(), Val.described(Val.of(Type.ULONG, stateDescriptor), Val.list()));
                assertEquals(0, d.count(), "accepted has no fields");
            }
        }

        @Override
        public void onMapBegin(Decoder d) {
            assertEquals(0, d.depth());
            assertEquals(APPLICATION_PROPERTIES, section());
            counts.put(section(), d.count());
        }

        @Override
        public void onArrayBegin(Decoder d) {
            throw new AssertionError("no field of the workload is an array: " + d.type() + " at " + d.offset());
        }

        @Override
        public void onPrimitive(Decoder d) {
            Val v = ValBuilder.primitive(d);
            if (d.depth() == 0) {
                assertEquals(AMQP_VALUE, section(), "a top-level primitive is the amqp-value body");
                body = v;
            } else if (section() == APPLICATION_PROPERTIES) {
                assertEquals(applicationProperties.size(), d.index());
                assertEquals(d.index() % 2 == 0, d.isMapKey());
                applicationProperties.add(v);
            } else {
                assertEquals(1, d.depth(), "fields are directly in the section's list");
                field(d.index(), v);
            }
        }

        /** Asserts that every field of every section came, in order, with the expected type and value. */
        void check() {
            assertEquals(List.of(TRANSFER, HEADER, PROPERTIES, APPLICATION_PROPERTIES, AMQP_VALUE), sections);
            assertEquals(TRANSFER_FIELDS.size(), counts.get(TRANSFER));
            assertFields(TRANSFER_FIELDS, fields.get(TRANSFER), "transfer");
            assertEquals(ACCEPTED, stateDescriptor);
            assertEquals(HEADER_FIELDS.size(), counts.get(HEADER));
            assertFields(HEADER_FIELDS, fields.get(HEADER), "header");
            assertEquals(PROPERTIES_FIELDS.size(), counts.get(PROPERTIES));
            assertFields(PROPERTIES_FIELDS, fields.get(PROPERTIES), "properties");
            assertEquals(APPLICATION_PROPERTIES_ITEMS.size(), counts.get(APPLICATION_PROPERTIES));
            assertFields(APPLICATION_PROPERTIES_ITEMS, applicationProperties, "application-properties");
            assertEquals(Val.of(Type.STRING, BODY), body, "amqp-value body");
        }

        private static void assertFields(List<Val> expected, List<Val> actual, String section) {
            assertEquals(expected.size(), actual.size(), section + " field count");
            for (int i = 0; i < expected.size(); i++) {
                assertEquals(expected.get(i), actual.get(i), section + " field " + i);
            }
        }
    }

    // ------------------------------------------------------------------ Proton-J

    /** The transfer and message sections as Proton-J's typed classes. */
    static List<Object> protonJ() {
        org.apache.qpid.proton.amqp.transport.Transfer t = new org.apache.qpid.proton.amqp.transport.Transfer();
        t.setHandle(org.apache.qpid.proton.amqp.UnsignedInteger.valueOf(HANDLE));
        t.setDeliveryId(org.apache.qpid.proton.amqp.UnsignedInteger.valueOf(DELIVERY_ID));
        t.setDeliveryTag(new org.apache.qpid.proton.amqp.Binary(DELIVERY_TAG.clone()));
        t.setMessageFormat(org.apache.qpid.proton.amqp.UnsignedInteger.valueOf(MESSAGE_FORMAT));
        t.setSettled(SETTLED);
        t.setMore(MORE);
        t.setRcvSettleMode(org.apache.qpid.proton.amqp.transport.ReceiverSettleMode.SECOND);
        t.setState(org.apache.qpid.proton.amqp.messaging.Accepted.getInstance());
        t.setResume(RESUME);
        t.setAborted(ABORTED);
        t.setBatchable(BATCHABLE);

        org.apache.qpid.proton.amqp.messaging.Header h = new org.apache.qpid.proton.amqp.messaging.Header();
        h.setDurable(DURABLE);
        h.setPriority(org.apache.qpid.proton.amqp.UnsignedByte.valueOf((byte) PRIORITY));
        h.setTtl(org.apache.qpid.proton.amqp.UnsignedInteger.valueOf(TTL));
        h.setFirstAcquirer(FIRST_ACQUIRER);
        h.setDeliveryCount(org.apache.qpid.proton.amqp.UnsignedInteger.valueOf(DELIVERY_COUNT));

        org.apache.qpid.proton.amqp.messaging.Properties p = new org.apache.qpid.proton.amqp.messaging.Properties();
        p.setMessageId(MESSAGE_ID);
        p.setUserId(new org.apache.qpid.proton.amqp.Binary(USER_ID.clone()));
        p.setTo(TO);
        p.setSubject(SUBJECT);
        p.setReplyTo(REPLY_TO);
        p.setCorrelationId(org.apache.qpid.proton.amqp.UnsignedLong.valueOf(CORRELATION_ID));
        p.setContentType(org.apache.qpid.proton.amqp.Symbol.valueOf(CONTENT_TYPE));
        p.setContentEncoding(org.apache.qpid.proton.amqp.Symbol.valueOf(CONTENT_ENCODING));
        p.setAbsoluteExpiryTime(new Date(ABSOLUTE_EXPIRY_TIME));
        p.setCreationTime(new Date(CREATION_TIME));
        p.setGroupId(GROUP_ID);
        p.setGroupSequence(org.apache.qpid.proton.amqp.UnsignedInteger.valueOf(GROUP_SEQUENCE));
        p.setReplyToGroupId(REPLY_TO_GROUP_ID);

        return List.of(t, h, p, new org.apache.qpid.proton.amqp.messaging.ApplicationProperties(
            applicationProperties()), new org.apache.qpid.proton.amqp.messaging.AmqpValue(BODY));
    }

    /** Asserts every field of the five objects Proton-J decoded, as its typed classes. */
    static void checkProtonJ(List<Object> decoded) {
        assertEquals(5, decoded.size());
        org.apache.qpid.proton.amqp.transport.Transfer t =
            assertInstanceOf(org.apache.qpid.proton.amqp.transport.Transfer.class, decoded.get(0));
        assertEquals(org.apache.qpid.proton.amqp.UnsignedInteger.valueOf(HANDLE), t.getHandle());
        assertEquals(org.apache.qpid.proton.amqp.UnsignedInteger.valueOf(DELIVERY_ID), t.getDeliveryId());
        assertEquals(new org.apache.qpid.proton.amqp.Binary(DELIVERY_TAG), t.getDeliveryTag());
        assertEquals(org.apache.qpid.proton.amqp.UnsignedInteger.valueOf(MESSAGE_FORMAT), t.getMessageFormat());
        assertEquals(SETTLED, t.getSettled());
        assertEquals(MORE, t.getMore());
        assertEquals(org.apache.qpid.proton.amqp.transport.ReceiverSettleMode.SECOND, t.getRcvSettleMode());
        assertInstanceOf(org.apache.qpid.proton.amqp.messaging.Accepted.class, t.getState());
        assertEquals(RESUME, t.getResume());
        assertEquals(ABORTED, t.getAborted());
        assertEquals(BATCHABLE, t.getBatchable());

        org.apache.qpid.proton.amqp.messaging.Header h =
            assertInstanceOf(org.apache.qpid.proton.amqp.messaging.Header.class, decoded.get(1));
        assertEquals(DURABLE, h.getDurable());
        assertEquals(org.apache.qpid.proton.amqp.UnsignedByte.valueOf((byte) PRIORITY), h.getPriority());
        assertEquals(org.apache.qpid.proton.amqp.UnsignedInteger.valueOf(TTL), h.getTtl());
        assertEquals(FIRST_ACQUIRER, h.getFirstAcquirer());
        assertEquals(org.apache.qpid.proton.amqp.UnsignedInteger.valueOf(DELIVERY_COUNT), h.getDeliveryCount());

        org.apache.qpid.proton.amqp.messaging.Properties p =
            assertInstanceOf(org.apache.qpid.proton.amqp.messaging.Properties.class, decoded.get(2));
        assertEquals(MESSAGE_ID, p.getMessageId());
        assertEquals(new org.apache.qpid.proton.amqp.Binary(USER_ID), p.getUserId());
        assertEquals(TO, p.getTo());
        assertEquals(SUBJECT, p.getSubject());
        assertEquals(REPLY_TO, p.getReplyTo());
        assertEquals(org.apache.qpid.proton.amqp.UnsignedLong.valueOf(CORRELATION_ID), p.getCorrelationId());
        assertEquals(org.apache.qpid.proton.amqp.Symbol.valueOf(CONTENT_TYPE), p.getContentType());
        assertEquals(org.apache.qpid.proton.amqp.Symbol.valueOf(CONTENT_ENCODING), p.getContentEncoding());
        assertEquals(new Date(ABSOLUTE_EXPIRY_TIME), p.getAbsoluteExpiryTime());
        assertEquals(new Date(CREATION_TIME), p.getCreationTime());
        assertEquals(GROUP_ID, p.getGroupId());
        assertEquals(org.apache.qpid.proton.amqp.UnsignedInteger.valueOf(GROUP_SEQUENCE), p.getGroupSequence());
        assertEquals(REPLY_TO_GROUP_ID, p.getReplyToGroupId());

        org.apache.qpid.proton.amqp.messaging.ApplicationProperties a = assertInstanceOf(
            org.apache.qpid.proton.amqp.messaging.ApplicationProperties.class, decoded.get(3));
        assertApplicationProperties(a.getValue());

        org.apache.qpid.proton.amqp.messaging.AmqpValue v =
            assertInstanceOf(org.apache.qpid.proton.amqp.messaging.AmqpValue.class, decoded.get(4));
        assertEquals(BODY, v.getValue());
    }

    /** The entries in order, each with its Java type (Integer, Long, Boolean, Double by bits). */
    private static void assertApplicationProperties(Map<String, Object> actual) {
        assertEquals(List.copyOf(applicationProperties().keySet()), List.copyOf(actual.keySet()), "keys in order");
        assertEquals(REGION, actual.get("region"));
        assertEquals(Integer.valueOf(ATTEMPT), assertInstanceOf(Integer.class, actual.get("attempt")));
        assertEquals(Long.valueOf(AMOUNT), assertInstanceOf(Long.class, actual.get("amount")));
        assertEquals(Boolean.valueOf(EXPRESS), assertInstanceOf(Boolean.class, actual.get("express")));
        assertEquals(Double.doubleToRawLongBits(WEIGHT),
            Double.doubleToRawLongBits(assertInstanceOf(Double.class, actual.get("weight"))));
    }

    // ------------------------------------------------------------------ ProtonJ2

    /** The transfer and message sections as ProtonJ2's typed classes. */
    static List<Object> protonJ2() {
        org.apache.qpid.protonj2.types.transport.Transfer t = new org.apache.qpid.protonj2.types.transport.Transfer()
            .setHandle(HANDLE)
            .setDeliveryId(DELIVERY_ID)
            .setDeliveryTag(DELIVERY_TAG.clone())
            .setMessageFormat(MESSAGE_FORMAT)
            .setSettled(SETTLED)
            .setMore(MORE)
            .setRcvSettleMode(org.apache.qpid.protonj2.types.transport.ReceiverSettleMode.SECOND)
            .setState(org.apache.qpid.protonj2.types.messaging.Accepted.getInstance())
            .setResume(RESUME)
            .setAborted(ABORTED)
            .setBatchable(BATCHABLE);

        org.apache.qpid.protonj2.types.messaging.Header h = new org.apache.qpid.protonj2.types.messaging.Header()
            .setDurable(DURABLE)
            .setPriority((byte) PRIORITY)
            .setTimeToLive(TTL)
            .setFirstAcquirer(FIRST_ACQUIRER)
            .setDeliveryCount(DELIVERY_COUNT);

        org.apache.qpid.protonj2.types.messaging.Properties p =
            new org.apache.qpid.protonj2.types.messaging.Properties()
            .setMessageId(MESSAGE_ID)
            .setUserId(USER_ID.clone())
            .setTo(TO)
            .setSubject(SUBJECT)
            .setReplyTo(REPLY_TO)
            .setCorrelationId(org.apache.qpid.protonj2.types.UnsignedLong.valueOf(CORRELATION_ID))
            .setContentType(CONTENT_TYPE)
            .setContentEncoding(CONTENT_ENCODING)
            .setAbsoluteExpiryTime(ABSOLUTE_EXPIRY_TIME)
            .setCreationTime(CREATION_TIME)
            .setGroupId(GROUP_ID)
            .setGroupSequence(GROUP_SEQUENCE)
            .setReplyToGroupId(REPLY_TO_GROUP_ID);

        return List.of(t, h, p, new org.apache.qpid.protonj2.types.messaging.ApplicationProperties(
            applicationProperties()), new org.apache.qpid.protonj2.types.messaging.AmqpValue<>(BODY));
    }

    /** Asserts every field of the five objects ProtonJ2 decoded, as its typed classes. */
    static void checkProtonJ2(List<Object> decoded) {
        assertEquals(5, decoded.size());
        org.apache.qpid.protonj2.types.transport.Transfer t =
            assertInstanceOf(org.apache.qpid.protonj2.types.transport.Transfer.class, decoded.get(0));
        assertEquals(11, t.getElementCount());
        assertEquals(HANDLE, t.getHandle());
        assertEquals(DELIVERY_ID, t.getDeliveryId());
        assertArrayEquals(DELIVERY_TAG, t.getDeliveryTag().tagBytes());
        assertEquals(MESSAGE_FORMAT, t.getMessageFormat());
        assertEquals(SETTLED, t.getSettled());
        assertEquals(MORE, t.getMore());
        assertEquals(org.apache.qpid.protonj2.types.transport.ReceiverSettleMode.SECOND, t.getRcvSettleMode());
        assertInstanceOf(org.apache.qpid.protonj2.types.messaging.Accepted.class, t.getState());
        assertEquals(RESUME, t.getResume());
        assertEquals(ABORTED, t.getAborted());
        assertEquals(BATCHABLE, t.getBatchable());

        org.apache.qpid.protonj2.types.messaging.Header h =
            assertInstanceOf(org.apache.qpid.protonj2.types.messaging.Header.class, decoded.get(1));
        assertEquals(5, h.getElementCount());
        assertEquals(DURABLE, h.isDurable());
        assertEquals((byte) PRIORITY, h.getPriority());
        assertEquals(TTL, h.getTimeToLive());
        assertEquals(FIRST_ACQUIRER, h.isFirstAcquirer());
        assertEquals(DELIVERY_COUNT, h.getDeliveryCount());

        org.apache.qpid.protonj2.types.messaging.Properties p =
            assertInstanceOf(org.apache.qpid.protonj2.types.messaging.Properties.class, decoded.get(2));
        assertEquals(13, p.getElementCount());
        assertEquals(MESSAGE_ID, p.getMessageId());
        assertArrayEquals(USER_ID, p.getUserId().asByteArray());
        assertEquals(TO, p.getTo());
        assertEquals(SUBJECT, p.getSubject());
        assertEquals(REPLY_TO, p.getReplyTo());
        assertEquals(org.apache.qpid.protonj2.types.UnsignedLong.valueOf(CORRELATION_ID), p.getCorrelationId());
        assertEquals(CONTENT_TYPE, p.getContentType());
        assertEquals(CONTENT_ENCODING, p.getContentEncoding());
        assertEquals(ABSOLUTE_EXPIRY_TIME, p.getAbsoluteExpiryTime());
        assertEquals(CREATION_TIME, p.getCreationTime());
        assertEquals(GROUP_ID, p.getGroupId());
        assertEquals(GROUP_SEQUENCE, p.getGroupSequence());
        assertEquals(REPLY_TO_GROUP_ID, p.getReplyToGroupId());

        org.apache.qpid.protonj2.types.messaging.ApplicationProperties a = assertInstanceOf(
            org.apache.qpid.protonj2.types.messaging.ApplicationProperties.class, decoded.get(3));
        assertApplicationProperties(a.getValue());

        org.apache.qpid.protonj2.types.messaging.AmqpValue<?> v =
            assertInstanceOf(org.apache.qpid.protonj2.types.messaging.AmqpValue.class, decoded.get(4));
        assertEquals(BODY, v.getValue());
    }
}
