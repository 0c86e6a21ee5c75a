package org.amqpcodec.examples;

import java.io.PrintStream;
import java.util.UUID;

import org.amqpcodec.api.DataHandler;
import org.amqpcodec.api.Decoder;
import org.amqpcodec.api.FormatCode;
import org.amqpcodec.api.Type;
import org.amqpcodec.impl.ByteArrayDecoder;
import org.amqpcodec.impl.ByteArrayEncoder;
import org.amqpcodec.impl.EncoderFlavour;

/**
 * The demo: encodes a value tree (an AMQP message) with both encoder flavours, prints the bytes as hex, decodes
 * them back and prints what each callback saw. Run it with {@code ./mvnw -q -pl examples -am compile exec:java}.
 */
public final class Demo {

    private Demo() {
    }

    /**
     * Runs the demo on standard output.
     *
     * @param args ignored
     */
    public static void main(String[] args) {
        run(System.out);
    }

    /**
     * Runs the demo.
     *
     * @param out where to print
     */
    public static void run(PrintStream out) {
        for (EncoderFlavour flavour : EncoderFlavour.values()) {
            ByteArrayEncoder encoder = new ByteArrayEncoder(flavour);
            writeMessage(encoder);
            int length = encoder.finish();
            out.println("== " + flavour + " encoder: " + length + " bytes");
            printHex(out, encoder.array(), length);
            if (flavour == EncoderFlavour.COMPACT) {
                out.println("== decoded, one line per callback (offset, format code, depth, what the handler read)");
                new ByteArrayDecoder().wrap(encoder.array(), 0, length).decode(new Printer(out));
            }
            out.println();
        }
    }

    /** A message: header, properties, application properties, and a body holding a list with an array. */
    static void writeMessage(ByteArrayEncoder e) {
        e.putDescriptor(0x70).putList()                    // header
             .putBoolean(true).putUbyte(4).putUint(30_000)
         .end()
         .putDescriptor(0x73).putList()                    // properties
             .putString("msg-0001").putNull().putString("queue://orders").putString("order.created")
             .putNull().putNull().putSymbol("application/json").putNull().putNull()
             .putTimestamp(1_311_704_463_521L)
         .end()
         .putDescriptor(0x74).putMap()                     // application-properties
             .putString("region").putString("eu-west")
             .putString("tenant-id").putLong(123_456_789L)
             .putString("weight").putDouble(2.5)
         .end()
         .putDescriptor(0x77).putList()                    // body: amqp-value holding a list
             .putUuid(UUID.fromString("f81d4fae-7dec-11d0-a765-00a0c91e6bf6"))
             .putArray(Type.SYMBOL).putSymbol("a").putSymbol("bc").end()
             .putString("Grüße, 世界 👋")
         .end();
    }

    private static void printHex(PrintStream out, byte[] bytes, int length) {
        for (int row = 0; row < length; row += 16) {
            StringBuilder sb = new StringBuilder(String.format("%04x ", row));
            for (int i = row; i < Math.min(row + 16, length); i++) {
                sb.append(String.format(" %02X", bytes[i] & 0xFF));
            }
            out.println(sb);
        }
    }

    /** Prints every callback, indented by depth, with the value read through the cursor. */
    static final class Printer implements DataHandler {
        private final PrintStream out;

        Printer(PrintStream out) {
            this.out = out;
        }

        private void line(Decoder d, String what) {
            out.printf("%04x %-20s %s%s%n", d.offset(), FormatCode.describe(d.formatCode()), "  ".repeat(d.depth()),
                what);
        }

        @Override
        public void onDescriptor(Decoder d) {
            line(d, "descriptor " + (d.type() == Type.ULONG ? String.format("0x%02X", d.getUlong())
                : d.getString()));
        }

        @Override
        public void onPrimitive(Decoder d) {
            String key = d.isMapKey() ? "key " : "";
            switch (d.type()) {
                case NULL:
                    line(d, key + "null");
                    break;
                case STRING:
                case SYMBOL:
                    line(d, key + d.type().name().toLowerCase() + " \"" + d.getString() + "\" (" + d.dataLength()
                        + (d.dataLength() == 1 ? " byte)" : " bytes)"));
                    break;
                case UUID:
                    line(d, key + "uuid " + d.getUuid());
                    break;
                case DOUBLE:
                    line(d, key + "double " + d.getDouble());
                    break;
                case BOOLEAN:
                    line(d, key + "boolean " + d.getBoolean());
                    break;
                case TIMESTAMP:
                    line(d, key + "timestamp " + java.time.Instant.ofEpochMilli(d.getTimestamp()));
                    break;
                default:
                    line(d, key + d.type().name().toLowerCase() + " " + d.getLong());
            }
        }

        @Override
        public void onListBegin(Decoder d) {
            line(d, "list of " + d.count() + " {");
        }

        @Override
        public void onListEnd(Decoder d) {
            line(d, "}");
        }

        @Override
        public void onMapBegin(Decoder d) {
            line(d, "map of " + d.count() / 2 + " entries {");
        }

        @Override
        public void onMapEnd(Decoder d) {
            line(d, "}");
        }

        @Override
        public void onArrayBegin(Decoder d) {
            line(d, "array of " + d.count() + " " + d.elementType().name().toLowerCase() + " {");
        }

        @Override
        public void onArrayEnd(Decoder d) {
            line(d, "}");
        }
    }
}
