package org.amqpcodec.impl.differential;

import java.util.ArrayList;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.amqpcodec.api.Type;
import org.amqpcodec.impl.testing.Val;
import org.apache.qpid.proton.amqp.Binary;
import org.apache.qpid.proton.amqp.Decimal128;
import org.apache.qpid.proton.amqp.Decimal32;
import org.apache.qpid.proton.amqp.Decimal64;
import org.apache.qpid.proton.amqp.DescribedType;
import org.apache.qpid.proton.amqp.Symbol;
import org.apache.qpid.proton.amqp.UnknownDescribedType;
import org.apache.qpid.proton.amqp.UnsignedByte;
import org.apache.qpid.proton.amqp.UnsignedInteger;
import org.apache.qpid.proton.amqp.UnsignedLong;
import org.apache.qpid.proton.amqp.UnsignedShort;
import org.apache.qpid.proton.amqp.messaging.AmqpValue;

/**
 * Converts between the test model ({@link Val}) and Proton-J's object model: the Java types its
 * {@code EncoderImpl.writeObject} accepts and its {@code DecoderImpl.readObject} returns.
 *
 * <p>Proton-J's model: null, Boolean, Byte, Short, Integer, Long, Float, Double, Character, UnsignedByte/Short/
 * Integer/Long, Decimal32/64/128, Date (timestamp), UUID, Binary, String, Symbol, List, Map (insertion
 * ordered), DescribedType (UnknownDescribedType, or a typed class for a descriptor it registers, e.g. AmqpValue
 * for 0x77), and arrays: boolean[] ... char[] for those element types, {@code X[]} of the element's class for the
 * others (Object[] of arrays for arrays of arrays, an UnknownDescribedType[] for described arrays). It decodes an
 * array that is a map key to the boxed form (Integer[] rather than int[]), so both are accepted here.
 */
final class ProtonJConverter {

    /** The descriptor of amqp-value, which Proton-J decodes to its {@link AmqpValue} class. */
    static final long AMQP_VALUE = 0x77L;

    /** The element type of each array class Proton-J decodes (boxed forms appear for arrays that are map keys). */
    private static final Map<Class<?>, Type> ELEMENT_TYPES = Map.ofEntries(
        Map.entry(boolean.class, Type.BOOLEAN), Map.entry(Boolean.class, Type.BOOLEAN),
        Map.entry(byte.class, Type.BYTE), Map.entry(Byte.class, Type.BYTE),
        Map.entry(short.class, Type.SHORT), Map.entry(Short.class, Type.SHORT),
        Map.entry(int.class, Type.INT), Map.entry(Integer.class, Type.INT),
        Map.entry(long.class, Type.LONG), Map.entry(Long.class, Type.LONG),
        Map.entry(float.class, Type.FLOAT), Map.entry(Float.class, Type.FLOAT),
        Map.entry(double.class, Type.DOUBLE), Map.entry(Double.class, Type.DOUBLE),
        Map.entry(char.class, Type.CHAR), Map.entry(Character.class, Type.CHAR),
        Map.entry(Void.class, Type.NULL), Map.entry(UnsignedByte.class, Type.UBYTE),
        Map.entry(UnsignedShort.class, Type.USHORT), Map.entry(UnsignedInteger.class, Type.UINT),
        Map.entry(UnsignedLong.class, Type.ULONG), Map.entry(Decimal32.class, Type.DECIMAL32),
        Map.entry(Decimal64.class, Type.DECIMAL64), Map.entry(Decimal128.class, Type.DECIMAL128),
        Map.entry(Date.class, Type.TIMESTAMP), Map.entry(UUID.class, Type.UUID), Map.entry(Binary.class, Type.BINARY),
        Map.entry(String.class, Type.STRING), Map.entry(Symbol.class, Type.SYMBOL), Map.entry(List.class, Type.LIST),
        Map.entry(Map.class, Type.MAP), Map.entry(Object.class, Type.ARRAY));

    /** Element types held in a primitive Java array, and (below) the boxed class of each. */
    private static final Map<Type, Class<?>> PRIMITIVE_ARRAYS = Map.of(Type.BOOLEAN, boolean.class, Type.BYTE,
        byte.class, Type.SHORT, short.class, Type.INT, int.class, Type.LONG, long.class, Type.FLOAT, float.class,
        Type.DOUBLE, double.class, Type.CHAR, char.class);
    private static final Map<Type, Class<?>> BOXED = Map.of(Type.BOOLEAN, Boolean.class, Type.BYTE, Byte.class,
        Type.SHORT, Short.class, Type.INT, Integer.class, Type.LONG, Long.class, Type.FLOAT, Float.class,
        Type.DOUBLE, Double.class, Type.CHAR, Character.class);

    private ProtonJConverter() {
    }

    // ------------------------------------------------------------------ Val -> Proton-J

    static Object toPeer(Val v) {
        return toPeer(v, false);
    }

    private static Object toPeer(Val v, boolean nested) {
        if (v.isDescribed()) {
            Object value = toPeer(v.described, nested);
            if (isAmqpValueDescriptor(v.descriptor)) {
                return new AmqpValue(value);
            }
            return new UnknownDescribedType(toPeer(v.descriptor, nested), value);
        }
        switch (v.type) {
            case NULL: return null;
            case BOOLEAN: return v.value;
            case UBYTE: return UnsignedByte.valueOf((byte) (int) (Integer) v.value);
            case USHORT: return UnsignedShort.valueOf((short) (int) (Integer) v.value);
            case UINT: return UnsignedInteger.valueOf((Long) v.value);
            case ULONG: return UnsignedLong.valueOf((Long) v.value);
            case BYTE:
            case SHORT:
            case INT:
            case LONG:
                return v.value;
            case FLOAT: return Float.intBitsToFloat((Integer) v.value);
            case DOUBLE: return Double.longBitsToDouble((Long) v.value);
            case DECIMAL32: return new Decimal32((Integer) v.value);
            case DECIMAL64: return new Decimal64((Long) v.value);
            case DECIMAL128: return new Decimal128(((long[]) v.value)[0], ((long[]) v.value)[1]);
            case CHAR: return toChar((Integer) v.value);
            case TIMESTAMP: return new Date((Long) v.value);
            case UUID: return new UUID(((long[]) v.value)[0], ((long[]) v.value)[1]);
            case BINARY: return new Binary(((byte[]) v.value).clone());
            case STRING: return v.value;
            case SYMBOL: return Symbol.valueOf((String) v.value);
            case LIST: {
                List<Object> list = new ArrayList<>();
                v.items.forEach(item -> list.add(toPeer(item, true)));
                return list;
            }
            case MAP: {
                Map<Object, Object> map = new LinkedHashMap<>();
                for (int i = 0; i < v.items.size(); i += 2) {
                    Object key = toPeer(v.items.get(i), true);
                    if (map.containsKey(key)) {
                        throw new IllegalArgumentException("duplicate map key " + v.items.get(i));
                    }
                    map.put(key, toPeer(v.items.get(i + 1), true));
                }
                return map;
            }
            case ARRAY: return toPeerArray(v, nested);
            default: throw new AssertionError(v.type);
        }
    }

    private static boolean isAmqpValueDescriptor(Val descriptor) {
        return descriptor.type == Type.ULONG && !descriptor.isDescribed() && (Long) descriptor.value == AMQP_VALUE;
    }

    private static char toChar(int codePoint) {
        if (codePoint > Character.MAX_VALUE) {
            throw new IllegalArgumentException("Proton-J holds a char in a 16-bit Java char: U+"
                + Integer.toHexString(codePoint));
        }
        return (char) codePoint;
    }

    /**
     * Proton-J's encoder takes boolean[] ... char[] only where it writes the array itself (top level, or as
     * a described value at top level): nested in a list, map or array a primitive array fails with
     * "ClassCastException: [I cannot be cast to [Ljava.lang.Object" (ListType/MapType/ArrayType size their
     * elements through {@code ArrayType.getEncoding(Object[])}), and so does an int[][] whose inner arrays
     * differ in size class. So nested arrays are boxed (Integer[] ...), which it encodes, and an array of
     * arrays is an Object[][] (an empty Object[] fails: the component type has no AMQP type).
     */
    private static Object toPeerArray(Val v, boolean nested) {
        List<Val> items = v.items;
        int n = items.size();
        if (v.descriptor != null) {
            Object[] out = isAmqpValueDescriptor(v.descriptor) ? new AmqpValue[n] : new DescribedType[n];
            for (int i = 0; i < n; i++) {
                out[i] = toPeer(Val.described(v.descriptor, items.get(i)), true);
            }
            return out;
        }
        if (!nested && PRIMITIVE_ARRAYS.containsKey(v.elementType)) {
            return primitiveArray(v);
        }
        Class<?> component = v.elementType == Type.ARRAY ? Object[].class : componentClass(v.elementType);
        Object[] a = (Object[]) java.lang.reflect.Array.newInstance(component, n);
        for (int i = 0; i < n; i++) {
            a[i] = toPeer(items.get(i), true);
        }
        return a;
    }

    private static Object primitiveArray(Val v) {
        int n = v.items.size();
        Object a = java.lang.reflect.Array.newInstance(PRIMITIVE_ARRAYS.get(v.elementType), n);
        for (int i = 0; i < n; i++) {
            java.lang.reflect.Array.set(a, i, toPeer(v.items.get(i)));
        }
        return a;
    }

    /** The class of an Object[] element of type {@code t} (boxed for the primitive-array types). */
    private static Class<?> componentClass(Type t) {
        Class<?> boxed = BOXED.get(t);
        if (boxed != null) {
            return boxed;
        }
        switch (t) {
            case NULL: return Void.class;
            case UBYTE: return UnsignedByte.class;
            case USHORT: return UnsignedShort.class;
            case UINT: return UnsignedInteger.class;
            case ULONG: return UnsignedLong.class;
            case DECIMAL32: return Decimal32.class;
            case DECIMAL64: return Decimal64.class;
            case DECIMAL128: return Decimal128.class;
            case TIMESTAMP: return Date.class;
            case UUID: return UUID.class;
            case BINARY: return Binary.class;
            case STRING: return String.class;
            case SYMBOL: return Symbol.class;
            case LIST: return List.class;
            case MAP: return Map.class;
            case ARRAY: return Object.class;
            default: throw new AssertionError(t);
        }
    }

    // ------------------------------------------------------------------ Proton-J -> Val

    static Val toVal(Object o) {
        if (o == null) {
            return Val.of(Type.NULL, null);
        }
        if (o instanceof Boolean) {
            return Val.of(Type.BOOLEAN, o);
        }
        if (o instanceof Byte) {
            return Val.of(Type.BYTE, o);
        }
        if (o instanceof Short) {
            return Val.of(Type.SHORT, o);
        }
        if (o instanceof Integer) {
            return Val.of(Type.INT, o);
        }
        if (o instanceof Long) {
            return Val.of(Type.LONG, o);
        }
        if (o instanceof Float) {
            return Val.of(Type.FLOAT, Float.floatToRawIntBits((Float) o));
        }
        if (o instanceof Double) {
            return Val.of(Type.DOUBLE, Double.doubleToRawLongBits((Double) o));
        }
        if (o instanceof Character) {
            return Val.of(Type.CHAR, (int) (Character) o);
        }
        if (o instanceof UnsignedByte) {
            return Val.of(Type.UBYTE, ((UnsignedByte) o).intValue());
        }
        if (o instanceof UnsignedShort) {
            return Val.of(Type.USHORT, ((UnsignedShort) o).intValue());
        }
        if (o instanceof UnsignedInteger) {
            return Val.of(Type.UINT, ((UnsignedInteger) o).longValue());
        }
        if (o instanceof UnsignedLong) {
            return Val.of(Type.ULONG, ((UnsignedLong) o).longValue());
        }
        if (o instanceof Decimal32) {
            return Val.of(Type.DECIMAL32, ((Decimal32) o).getBits());
        }
        if (o instanceof Decimal64) {
            return Val.of(Type.DECIMAL64, ((Decimal64) o).getBits());
        }
        if (o instanceof Decimal128) {
            Decimal128 d = (Decimal128) o;
            return Val.of(Type.DECIMAL128, new long[] {d.getMostSignificantBits(), d.getLeastSignificantBits()});
        }
        if (o instanceof Date) {
            return Val.of(Type.TIMESTAMP, ((Date) o).getTime());
        }
        if (o instanceof UUID) {
            UUID u = (UUID) o;
            return Val.of(Type.UUID, new long[] {u.getMostSignificantBits(), u.getLeastSignificantBits()});
        }
        if (o instanceof Binary) {
            Binary b = (Binary) o;
            byte[] bytes = new byte[b.getLength()];
            System.arraycopy(b.getArray(), b.getArrayOffset(), bytes, 0, bytes.length);
            return Val.of(Type.BINARY, bytes);
        }
        if (o instanceof String) {
            return Val.of(Type.STRING, o);
        }
        if (o instanceof Symbol) {
            return Val.of(Type.SYMBOL, o.toString());
        }
        if (o instanceof List) {
            List<Val> items = new ArrayList<>();
            ((List<?>) o).forEach(item -> items.add(toVal(item)));
            return Val.list(items);
        }
        if (o instanceof Map) {
            List<Val> items = new ArrayList<>();
            ((Map<?, ?>) o).forEach((k, v) -> {
                items.add(toVal(k));
                items.add(toVal(v));
            });
            return Val.map(items);
        }
        if (o instanceof AmqpValue) {
            return Val.described(Val.of(Type.ULONG, AMQP_VALUE), toVal(((AmqpValue) o).getValue()));
        }
        if (o instanceof DescribedType) {
            DescribedType d = (DescribedType) o;
            return Val.described(toVal(d.getDescriptor()), toVal(d.getDescribed()));
        }
        if (o.getClass().isArray()) {
            return arrayToVal(o);
        }
        throw new IllegalArgumentException("not in Proton-J's model: " + o.getClass().getName() + " " + o);
    }

    private static Val arrayToVal(Object o) {
        Class<?> c = o.getClass().getComponentType();
        int n = java.lang.reflect.Array.getLength(o);
        List<Val> items = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            items.add(toVal(java.lang.reflect.Array.get(o, i)));
        }
        if (DescribedType.class.isAssignableFrom(c) || c == AmqpValue.class) {
            if (n == 0) {
                throw new IllegalArgumentException("an empty array of described values has no descriptor: " + c);
            }
            Val descriptor = items.get(0).descriptor;
            List<Val> plain = new ArrayList<>(n);
            for (Val item : items) {
                if (!descriptor.equals(item.descriptor)) {
                    throw new IllegalArgumentException("array elements with different descriptors: " + items);
                }
                plain.add(item.described);
            }
            return Val.array(plain.get(0).type, descriptor, plain);
        }
        return Val.array(elementType(c), null, items);
    }

    private static Type elementType(Class<?> c) {
        Type t = ELEMENT_TYPES.get(c);
        if (t == null) {
            throw new IllegalArgumentException("array of " + c.getName() + " is not in Proton-J's model");
        }
        return t;
    }
}
