package org.amqpcodec.impl.testing;

/** Hex text for golden bytes: {@code "A1 03 61 62 63"} (spaces and case ignored) to bytes and back. */
public final class Hex {

    private Hex() {
    }

    public static byte[] bytes(String hex) {
        String s = hex.replaceAll("[\\s_|]", "");
        if ((s.length() & 1) != 0) {
            throw new IllegalArgumentException("odd number of hex digits: " + hex);
        }
        byte[] out = new byte[s.length() / 2];
        for (int i = 0; i < out.length; i++) {
            out[i] = (byte) Integer.parseInt(s.substring(2 * i, 2 * i + 2), 16);
        }
        return out;
    }

    public static String text(byte[] bytes) {
        return text(bytes, 0, bytes.length);
    }

    public static String text(byte[] bytes, int offset, int length) {
        StringBuilder sb = new StringBuilder(length * 3);
        for (int i = 0; i < length; i++) {
            if (i > 0) {
                sb.append(' ');
            }
            sb.append(String.format("%02X", bytes[offset + i] & 0xFF));
        }
        return sb.toString();
    }
}
