package org.amqpcodec.impl.nonetty;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import org.amqpcodec.api.DataHandler;
import org.amqpcodec.api.Decoder;
import org.amqpcodec.api.Encoder;
import org.amqpcodec.api.Type;
import org.amqpcodec.impl.ByteArrayDecoder;
import org.amqpcodec.impl.ByteArrayEncoder;
import org.amqpcodec.impl.ByteBufferDecoder;
import org.amqpcodec.impl.ByteBufferEncoder;
import org.amqpcodec.impl.EncoderFlavour;
import org.amqpcodec.impl.ScanningDecoder;
import org.amqpcodec.impl.SerialEncoder;

/**
 * Encodes a message with every encoder that does not need Netty (byte[] fixed and growable, heap and direct
 * ByteBuffer; both flavours) and decodes each result with every decoder that does not need Netty (byte[], heap
 * and direct ByteBuffer), printing one line per pairing with the decoded message rendered as ASCII text, then
 * {@code done}; exits with 1 if a pairing renders differently from the first. With the argument {@code control}
 * it instead tries to use the Netty decoder and prints the error that gives.
 */
public final class NettyFreeMain {

    private NettyFreeMain() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length > 0 && args[0].equals("control")) {
            control();
            return;
        }
        List<String> lines = run();
        String first = rendering(lines.get(0));
        boolean same = true;
        for (String line : lines) {
            System.out.println(line);
            same &= rendering(line).equals(first);
        }
        System.out.println(same ? "done" : "MISMATCH");
        System.exit(same ? 0 : 1);
    }

    static String rendering(String line) {
        return line.substring(line.indexOf(": ") + 2);
    }

    static final String[] OUTPUTS = {"byte[] fixed", "byte[] growable", "heap ByteBuffer", "direct ByteBuffer"};

    /** Every Netty-free encoder and decoder, paired: one line each. */
    public static List<String> run() {
        List<String> lines = new ArrayList<>();
        for (EncoderFlavour flavour : EncoderFlavour.values()) {
            for (String output : OUTPUTS) {
                byte[] bytes = encode(output, flavour);
                for (String input : new String[] {"byte[]", "heap ByteBuffer", "direct ByteBuffer"}) {
                    lines.add(flavour + " " + output + " -> " + input + ", " + bytes.length + " bytes: "
                        + decode(input, bytes));
                }
            }
        }
        return lines;
    }

    static void writeMessage(Encoder e) {
        e.putDescriptor(0x77).putList()
            .putInt(-5).putString("h\u00E9llo \uD834\uDD1E").putSymbol("sym").putBinary(new byte[] {1, 2, (byte) 0xFF})
            .putMap().putSymbol("k").putUlong(-1L).putString("s".repeat(300)).putNull().end()
            .putArray(Type.UINT).putUint(1).putUint(300).end()
            .putArray(Type.LIST).putDescriptor(0x23).putList().putBoolean(true).end().end()
            .putDouble(1.5).putTimestamp(-1L).putUuid(0x0123456789ABCDEFL, -1L)
            .end();
    }

    static byte[] encode(String output, EncoderFlavour flavour) {
        switch (output) {
            case "byte[] fixed": {
                byte[] array = new byte[4096];
                ByteArrayEncoder e = new ByteArrayEncoder(flavour).wrap(array, 5, 4000);
                writeMessage(e);
                return java.util.Arrays.copyOfRange(array, 5, 5 + e.finish());
            }
            case "byte[] growable": {
                ByteArrayEncoder e = new ByteArrayEncoder(flavour, 16, SerialEncoder.DEFAULT_MAX_DEPTH);
                writeMessage(e);
                e.finish();
                return e.toByteArray();
            }
            default: {
                ByteBuffer bb = output.startsWith("direct") ? ByteBuffer.allocateDirect(4096)
                    : ByteBuffer.allocate(4096);
                bb.position(7);
                ByteBufferEncoder e = new ByteBufferEncoder(flavour).wrap(bb);
                writeMessage(e);
                e.finish();
                byte[] out = new byte[bb.position() - 7];
                bb.get(7, out);
                return out;
            }
        }
    }

    static String decode(String input, byte[] bytes) {
        ScanningDecoder d;
        if (input.equals("byte[]")) {
            byte[] padded = new byte[bytes.length + 3];
            System.arraycopy(bytes, 0, padded, 3, bytes.length);
            d = new ByteArrayDecoder().wrap(padded, 3, bytes.length);
        } else {
            ByteBuffer bb = input.startsWith("direct") ? ByteBuffer.allocateDirect(bytes.length + 3)
                : ByteBuffer.allocate(bytes.length + 3);
            bb.position(3);
            bb.put(bytes).position(3);
            d = new ByteBufferDecoder().wrap(bb);
        }
        Renderer r = new Renderer();
        if (!d.decode(r)) {
            throw new IllegalStateException("scan stopped");
        }
        return r.text.toString();
    }

    /** Renders values as ASCII text: non-ASCII as \\uXXXX, long strings by length. */
    static final class Renderer implements DataHandler {
        final StringBuilder text = new StringBuilder();
        boolean first = true;

        void sep() {
            if (!first) {
                text.append(' ');
            }
            first = false;
        }

        void emit(String s) {
            sep();
            for (char c : s.toCharArray()) {
                if (c >= 0x20 && c < 0x7F) {
                    text.append(c);
                } else {
                    text.append(String.format("\\u%04X", (int) c));
                }
            }
        }

        @Override
        public void onPrimitive(Decoder d) {
            Type t = d.type();
            String v;
            switch (t) {
                case NULL: v = "null"; break;
                case BOOLEAN: v = String.valueOf(d.getBoolean()); break;
                case INT: v = String.valueOf(d.getInt()); break;
                case UINT: v = String.valueOf(d.getUint()); break;
                case ULONG: v = Long.toUnsignedString(d.getUlong()); break;
                case DOUBLE: v = String.valueOf(d.getDouble()); break;
                case TIMESTAMP: v = String.valueOf(d.getTimestamp()); break;
                case UUID: v = d.getUuid().toString(); break;
                case STRING: v = d.dataLength() > 40 ? d.dataLength() + " bytes" : '"' + d.getString() + '"'; break;
                case SYMBOL: v = ":" + d.getSymbol(); break;
                case BINARY: v = "0x" + new java.math.BigInteger(1, d.getBinary()).toString(16); break;
                default: v = "?";
            }
            emit(t.name().toLowerCase() + "(" + v + ")");
        }

        @Override
        public void onDescriptor(Decoder d) {
            emit("descriptor(" + Long.toHexString(d.getUlong()) + ")");
        }

        @Override
        public void onListBegin(Decoder d) {
            emit("[");
            first = true;
        }

        @Override
        public void onListEnd(Decoder d) {
            text.append(']');
            first = false;
        }

        @Override
        public void onMapBegin(Decoder d) {
            emit("{");
            first = true;
        }

        @Override
        public void onMapEnd(Decoder d) {
            text.append('}');
            first = false;
        }

        @Override
        public void onArrayBegin(Decoder d) {
            emit("array<" + d.elementType().name().toLowerCase() + ">[");
            first = true;
        }

        @Override
        public void onArrayEnd(Decoder d) {
            text.append(']');
            first = false;
        }
    }

    /** Tries to load and use the Netty decoder; prints the error. */
    static void control() {
        try {
            Class<?> c = Class.forName("org.amqpcodec.impl.netty.NettyDecoder");
            c.getMethods(); // resolves wrap(io.netty.buffer.ByteBuf)
            System.out.println("loaded " + c.getName());
            System.exit(3);
        } catch (NoClassDefFoundError e) {
            System.out.println("NoClassDefFoundError: " + e.getMessage());
        } catch (ClassNotFoundException e) {
            System.out.println("ClassNotFoundException: " + e.getMessage());
            System.exit(4);
        }
    }
}
