package org.amqpcodec.impl.testing;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

import org.amqpcodec.api.Type;

/**
 * Generates random {@link Val} trees from a seed, biased towards the boundaries of the reference's checklist
 * (0, 255/256 bytes, min/max values, NaN, -0.0, supplementary-plane characters). The {@link #types} allowed
 * and the features can be narrowed for peers that do not support everything.
 */
public final class ValGen {

    private static final Type[] PRIMITIVES = {
        Type.NULL, Type.BOOLEAN, Type.UBYTE, Type.USHORT, Type.UINT, Type.ULONG, Type.BYTE, Type.SHORT, Type.INT,
        Type.LONG, Type.FLOAT, Type.DOUBLE, Type.DECIMAL32, Type.DECIMAL64, Type.DECIMAL128, Type.CHAR,
        Type.TIMESTAMP, Type.UUID, Type.BINARY, Type.STRING, Type.SYMBOL,
    };
    private static final int[] LENGTHS = {0, 1, 2, 7, 84, 85, 86, 254, 255, 256, 300};

    private final Random random;
    /** Types that may be generated (primitives and compounds). */
    public final Set<Type> types = EnumSet.allOf(Type.class);
    /** Whether described values (and described arrays) may appear. */
    public boolean described = true;
    /** Whether code points above U+FFFF may appear in chars (strings always may). */
    public boolean supplementaryChars = true;
    /** Deepest nesting of compounds. */
    public int maxDepth = 4;
    /** Most items per compound. */
    public int maxItems = 12;
    /** Whether map keys may be any type (else only symbols, strings and ulongs). */
    public boolean anyKeys = true;

    public ValGen(long seed) {
        this.random = new Random(seed);
    }

    public Random random() {
        return random;
    }

    public Val value() {
        return value(0);
    }

    private Val value(int depth) {
        Val v;
        int r = random.nextInt(10);
        if (depth < maxDepth && r < 3) {
            v = compound(depth, pickCompound());
        } else {
            v = primitive(pickPrimitive());
        }
        if (described && random.nextInt(8) == 0) {
            v = Val.described(descriptor(), v);
        }
        return v;
    }

    private Type pickCompound() {
        List<Type> c = new ArrayList<>();
        for (Type t : new Type[] {Type.LIST, Type.MAP, Type.ARRAY}) {
            if (types.contains(t)) {
                c.add(t);
            }
        }
        return c.isEmpty() ? Type.LIST : c.get(random.nextInt(c.size()));
    }

    private Type pickPrimitive() {
        while (true) {
            Type t = PRIMITIVES[random.nextInt(PRIMITIVES.length)];
            if (types.contains(t)) {
                return t;
            }
        }
    }

    public Val descriptor() {
        if (random.nextBoolean()) {
            long[] codes = {0x10, 0x14, 0x24, 0x70, 0x77, 0, 255, 256, 0x0000468C00000004L, -1L};
            return Val.of(Type.ULONG, codes[random.nextInt(codes.length)]);
        }
        String[] names = {"amqp:accepted:list", "example:book:list", "x", "com.example:" + random.nextInt(1000)};
        return Val.of(Type.SYMBOL, names[random.nextInt(names.length)]);
    }

    public Val compound(int depth, Type type) {
        int n = items();
        List<Val> items = new ArrayList<>();
        switch (type) {
            case LIST:
                for (int i = 0; i < n; i++) {
                    items.add(value(depth + 1));
                }
                return Val.list(items);
            case MAP:
                for (int i = 0; i < n; i++) {
                    items.add(anyKeys ? value(depth + 1) : key());
                    items.add(value(depth + 1));
                }
                return Val.map(items);
            default:
                Type elementType = random.nextInt(4) == 0 && depth + 1 < maxDepth ? pickCompound() : pickPrimitive();
                Val descriptor = described && random.nextInt(6) == 0 ? descriptor() : null;
                for (int i = 0; i < n; i++) {
                    items.add(element(depth + 1, elementType));
                }
                return Val.array(elementType, descriptor, items);
        }
    }

    private Val element(int depth, Type t) {
        if (t.isCompound()) {
            boolean wasDescribed = described;
            described = false; // elements have no descriptors of their own
            Val v = compound(Math.min(depth, maxDepth), t);
            described = wasDescribed;
            return v;
        }
        return primitive(t);
    }

    private Val key() {
        switch (random.nextInt(3)) {
            case 0: return primitive(Type.SYMBOL);
            case 1: return primitive(Type.STRING);
            default: return primitive(Type.ULONG);
        }
    }

    private int items() {
        int r = random.nextInt(20);
        if (r == 0) {
            return 0;
        }
        if (r == 1 && maxItems >= 128) {
            return 128 + random.nextInt(200); // crosses the 255 count/size boundary
        }
        return random.nextInt(maxItems + 1);
    }

    private int length() {
        return random.nextInt(3) == 0 ? LENGTHS[random.nextInt(LENGTHS.length)] : random.nextInt(20);
    }

    private long pick(long... candidates) {
        return candidates[random.nextInt(candidates.length)];
    }

    public Val primitive(Type t) {
        boolean edge = random.nextInt(3) == 0;
        switch (t) {
            case NULL: return Val.of(t, null);
            case BOOLEAN: return Val.of(t, random.nextBoolean());
            case UBYTE: return Val.of(t, edge ? (int) pick(0, 1, 127, 128, 255) : random.nextInt(256));
            case USHORT: return Val.of(t, edge ? (int) pick(0, 255, 256, 65535) : random.nextInt(65536));
            case UINT: return Val.of(t, edge ? pick(0, 1, 255, 256, 0x7FFF_FFFFL, 0xFFFF_FFFFL)
                : random.nextInt() & 0xFFFF_FFFFL);
            case ULONG: return Val.of(t, edge ? pick(0, 1, 255, 256, Long.MAX_VALUE, -1L) : random.nextLong());
            case BYTE: return Val.of(t, (byte) (edge ? pick(-128, -1, 0, 127) : random.nextInt()));
            case SHORT: return Val.of(t, (short) (edge ? pick(-32768, -129, -128, 127, 128, 32767) : random.nextInt()));
            case INT: return Val.of(t, edge ? (int) pick(Integer.MIN_VALUE, -129, -128, 0, 127, 128, Integer.MAX_VALUE)
                : random.nextInt(3) == 0 ? random.nextInt(256) - 128 : random.nextInt());
            case LONG: return Val.of(t, edge ? pick(Long.MIN_VALUE, -129, -128, 0, 127, 128, Long.MAX_VALUE)
                : random.nextInt(3) == 0 ? random.nextInt(256) - 128 : random.nextLong());
            case FLOAT: return Val.of(t, edge ? Float.floatToRawIntBits((float) new double[] {
                0.0, -0.0, Float.NaN, Float.POSITIVE_INFINITY, Float.MIN_VALUE, Float.MAX_VALUE, 1.5}[random.nextInt(7)])
                : Float.floatToRawIntBits(random.nextFloat() * 1000 - 500));
            case DOUBLE: return Val.of(t, edge ? Double.doubleToRawLongBits(new double[] {
                0.0, -0.0, Double.NaN, Double.NEGATIVE_INFINITY, Double.MIN_VALUE, Double.MAX_VALUE}[random.nextInt(6)])
                : Double.doubleToRawLongBits(random.nextGaussian() * 1e6));
            case DECIMAL32: return Val.of(t, edge ? 0x32800001 : random.nextInt());
            case DECIMAL64: return Val.of(t, edge ? 0x31C0000000000001L : random.nextLong());
            case DECIMAL128: return Val.of(t, new long[] {random.nextLong(), random.nextLong()});
            case CHAR: return Val.of(t, codePoint(supplementaryChars));
            case TIMESTAMP: return Val.of(t, edge ? pick(0, -1, 1311704463521L, Long.MIN_VALUE, Long.MAX_VALUE)
                : random.nextLong() >> 20);
            case UUID: return Val.of(t, new long[] {random.nextLong(), random.nextLong()});
            case BINARY: {
                byte[] b = new byte[length()];
                random.nextBytes(b);
                return Val.of(t, b);
            }
            case STRING: return Val.of(t, string(length()));
            case SYMBOL: {
                int n = length();
                StringBuilder sb = new StringBuilder(n);
                for (int i = 0; i < n; i++) {
                    sb.append((char) (0x20 + random.nextInt(0x5F)));
                }
                return Val.of(t, sb.toString());
            }
            default:
                throw new AssertionError(t);
        }
    }

    /** A string of about {@code n} chars mixing 1-, 2-, 3- and 4-byte UTF-8. */
    public String string(int n) {
        StringBuilder sb = new StringBuilder(n);
        int mode = random.nextInt(4);
        while (sb.length() < n) {
            if (mode == 0 || random.nextInt(4) > 0) {
                sb.append((char) (0x20 + random.nextInt(0x5F)));
            } else {
                sb.appendCodePoint(codePoint(true));
            }
        }
        return sb.toString();
    }

    private int codePoint(boolean supplementary) {
        while (true) {
            int cp;
            switch (random.nextInt(4)) {
                case 0: cp = random.nextInt(0x80); break;
                case 1: cp = 0x80 + random.nextInt(0x800 - 0x80); break;
                case 2: cp = 0x800 + random.nextInt(0x10000 - 0x800); break;
                default: cp = supplementary ? 0x10000 + random.nextInt(0x110000 - 0x10000) : random.nextInt(0x80);
            }
            if (cp < Character.MIN_SURROGATE || cp > Character.MAX_SURROGATE) {
                return cp;
            }
        }
    }
}
