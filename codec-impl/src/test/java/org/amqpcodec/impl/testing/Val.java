package org.amqpcodec.impl.testing;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

import org.amqpcodec.api.Encoder;
import org.amqpcodec.api.Type;

/**
 * A test-only model of an AMQP value tree: what a test encodes, and what {@link ValBuilder} decodes back.
 * Equality is structural and exact (floats and doubles by raw bits).
 *
 * <p>Primitive payloads: BOOLEAN {@code Boolean}; UBYTE, USHORT {@code Integer}; UINT, ULONG (bits),
 * TIMESTAMP, LONG {@code Long}; BYTE {@code Byte}; SHORT {@code Short}; INT, CHAR (code point), DECIMAL32
 * (bits) {@code Integer}; FLOAT {@code Integer} raw bits; DOUBLE, DECIMAL64 {@code Long} raw bits; DECIMAL128,
 * UUID {@code long[2]}; BINARY {@code byte[]}; STRING, SYMBOL {@code String}; NULL {@code null}.
 * LIST and MAP hold {@link #items} (a map's alternate keys and values); ARRAY holds {@link #items},
 * {@link #elementType} and an optional element {@link #descriptor}. A described value is a {@code Val} with a
 * {@link #descriptor} and the described value in {@link #described}.
 */
public final class Val {

    public final Type type;
    public final Object value;
    public final List<Val> items;
    public final Type elementType;
    public final Val descriptor;
    public final Val described;

    private Val(Type type, Object value, List<Val> items, Type elementType, Val descriptor, Val described) {
        this.type = type;
        this.value = value;
        this.items = items;
        this.elementType = elementType;
        this.descriptor = descriptor;
        this.described = described;
    }

    public static Val of(Type type, Object value) {
        return new Val(type, value, null, null, null, null);
    }

    public static Val list(List<Val> items) {
        return new Val(Type.LIST, null, items, null, null, null);
    }

    public static Val list(Val... items) {
        return list(new ArrayList<>(Arrays.asList(items)));
    }

    public static Val map(List<Val> keysAndValues) {
        return new Val(Type.MAP, null, keysAndValues, null, null, null);
    }

    public static Val map(Val... keysAndValues) {
        return map(new ArrayList<>(Arrays.asList(keysAndValues)));
    }

    public static Val array(Type elementType, Val descriptor, List<Val> elements) {
        return new Val(Type.ARRAY, null, elements, elementType, descriptor, null);
    }

    public static Val described(Val descriptor, Val value) {
        return new Val(value.type, null, null, null, descriptor, value);
    }

    public boolean isDescribed() {
        return described != null;
    }

    /** The value with all descriptor layers removed. */
    public Val plain() {
        Val v = this;
        while (v.described != null) {
            v = v.described;
        }
        return v;
    }

    /** Writes this value with {@code enc}'s put methods (as an array element when inside putArray). */
    public void encode(Encoder enc) {
        if (described != null) {
            enc.putDescriptor();
            descriptor.encode(enc);
            described.encode(enc);
            return;
        }
        switch (type) {
            case NULL: enc.putNull(); break;
            case BOOLEAN: enc.putBoolean((Boolean) value); break;
            case UBYTE: enc.putUbyte((Integer) value); break;
            case USHORT: enc.putUshort((Integer) value); break;
            case UINT: enc.putUint((Long) value); break;
            case ULONG: enc.putUlong((Long) value); break;
            case BYTE: enc.putByte((Byte) value); break;
            case SHORT: enc.putShort((Short) value); break;
            case INT: enc.putInt((Integer) value); break;
            case LONG: enc.putLong((Long) value); break;
            case FLOAT: enc.putFloat(Float.intBitsToFloat((Integer) value)); break;
            case DOUBLE: enc.putDouble(Double.longBitsToDouble((Long) value)); break;
            case DECIMAL32: enc.putDecimal32((Integer) value); break;
            case DECIMAL64: enc.putDecimal64((Long) value); break;
            case DECIMAL128: enc.putDecimal128(((long[]) value)[0], ((long[]) value)[1]); break;
            case CHAR: enc.putChar((Integer) value); break;
            case TIMESTAMP: enc.putTimestamp((Long) value); break;
            case UUID: enc.putUuid(((long[]) value)[0], ((long[]) value)[1]); break;
            case BINARY: enc.putBinary((byte[]) value); break;
            case STRING: enc.putString((String) value); break;
            case SYMBOL: enc.putSymbol((String) value); break;
            case LIST:
                enc.putList();
                items.forEach(v -> v.encode(enc));
                enc.end();
                break;
            case MAP:
                enc.putMap();
                items.forEach(v -> v.encode(enc));
                enc.end();
                break;
            case ARRAY:
                enc.putArray(elementType);
                if (descriptor != null) {
                    enc.putDescriptor();
                    descriptor.encode(enc);
                }
                items.forEach(v -> v.encode(enc));
                enc.end();
                break;
            default:
                throw new AssertionError(type);
        }
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof Val)) {
            return false;
        }
        Val v = (Val) o;
        return type == v.type && Objects.deepEquals(value, v.value) && Objects.equals(items, v.items)
            && elementType == v.elementType && Objects.equals(descriptor, v.descriptor)
            && Objects.equals(described, v.described);
    }

    @Override
    public int hashCode() {
        return Objects.hash(type, items, elementType, descriptor, described);
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        append(sb);
        return sb.toString();
    }

    private void append(StringBuilder sb) {
        if (described != null) {
            sb.append("described(");
            descriptor.append(sb);
            sb.append(", ");
            described.append(sb);
            sb.append(')');
            return;
        }
        switch (type) {
            case LIST:
            case MAP:
                sb.append(type == Type.LIST ? '[' : '{');
                for (int i = 0; i < items.size(); i++) {
                    if (i > 0) {
                        sb.append(type == Type.MAP && (i & 1) == 1 ? ": " : ", ");
                    }
                    items.get(i).append(sb);
                }
                sb.append(type == Type.LIST ? ']' : '}');
                break;
            case ARRAY:
                sb.append("array<").append(elementType);
                if (descriptor != null) {
                    sb.append(" described by ");
                    descriptor.append(sb);
                }
                sb.append(">[");
                for (int i = 0; i < items.size(); i++) {
                    if (i > 0) {
                        sb.append(", ");
                    }
                    items.get(i).append(sb);
                }
                sb.append(']');
                break;
            case BINARY:
                sb.append("binary(").append(Hex.text((byte[]) value)).append(')');
                break;
            case UUID:
            case DECIMAL128:
                long[] two = (long[]) value;
                sb.append(type.name().toLowerCase()).append(String.format("(%016X%016X)", two[0], two[1]));
                break;
            case STRING:
                sb.append('"').append(value).append('"');
                break;
            case SYMBOL:
                sb.append(':').append(value);
                break;
            case NULL:
                sb.append("null");
                break;
            default:
                sb.append(type.name().toLowerCase()).append('(').append(value).append(')');
        }
    }
}
