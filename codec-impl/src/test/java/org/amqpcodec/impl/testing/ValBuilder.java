package org.amqpcodec.impl.testing;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

import org.amqpcodec.api.DataHandler;
import org.amqpcodec.api.Decoder;
import org.amqpcodec.api.Type;

/**
 * A test handler that rebuilds the decoded values as {@link Val} trees, reading every primitive through its own
 * getter (not {@code getBits}), so a round trip exercises the getters too. {@link #values()} holds the
 * top-level values in order.
 */
public final class ValBuilder implements DataHandler {

    private static final class Open {
        final Type type;
        final List<Val> items = new ArrayList<>();
        Type elementType;
        Val elementDescriptor;
        final List<Val> pendingDescriptors;

        Open(Type type, List<Val> pendingDescriptors) {
            this.type = type;
            this.pendingDescriptors = pendingDescriptors;
        }
    }

    private final List<Val> top = new ArrayList<>();
    private final Deque<Open> open = new ArrayDeque<>();
    private List<Val> descriptors = new ArrayList<>();

    public List<Val> values() {
        return top;
    }

    public Val single() {
        if (top.size() != 1) {
            throw new AssertionError("expected one top-level value, got " + top);
        }
        return top.get(0);
    }

    private void add(Val v) {
        Val wrapped = v;
        for (int i = descriptors.size() - 1; i >= 0; i--) {
            wrapped = Val.described(descriptors.get(i), wrapped);
        }
        descriptors = new ArrayList<>();
        (open.isEmpty() ? top : open.peek().items).add(wrapped);
    }

    /** The primitive at the cursor as a Val, read with the getter of its own type. */
    public static Val primitive(Decoder d) {
        Type t = d.type();
        switch (t) {
            case NULL: return Val.of(t, null);
            case BOOLEAN: return Val.of(t, d.getBoolean());
            case UBYTE: return Val.of(t, d.getUbyte());
            case USHORT: return Val.of(t, d.getUshort());
            case UINT: return Val.of(t, d.getUint());
            case ULONG: return Val.of(t, d.getUlong());
            case BYTE: return Val.of(t, d.getByte());
            case SHORT: return Val.of(t, d.getShort());
            case INT: return Val.of(t, d.getInt());
            case LONG: return Val.of(t, d.getLong());
            case FLOAT: return Val.of(t, Float.floatToRawIntBits(d.getFloat()));
            case DOUBLE: return Val.of(t, Double.doubleToRawLongBits(d.getDouble()));
            case DECIMAL32: return Val.of(t, d.getDecimal32Bits());
            case DECIMAL64: return Val.of(t, d.getDecimal64Bits());
            case DECIMAL128: return Val.of(t, new long[] {d.getDecimal128High(), d.getDecimal128Low()});
            case CHAR: return Val.of(t, d.getChar());
            case TIMESTAMP: return Val.of(t, d.getTimestamp());
            case UUID: return Val.of(t, new long[] {d.getUuidMostSignificantBits(), d.getUuidLeastSignificantBits()});
            case BINARY: return Val.of(t, d.getBinary());
            case STRING: return Val.of(t, d.getString());
            case SYMBOL: return Val.of(t, d.getSymbol().toString());
            default: throw new AssertionError(t);
        }
    }

    @Override
    public void onPrimitive(Decoder d) {
        add(primitive(d));
    }

    @Override
    public void onDescriptor(Decoder d) {
        Val v = d.type().isCompound() ? Val.of(d.type(), null) : primitive(d);
        if (!open.isEmpty() && open.peek().type == Type.ARRAY && d.index() == -1) {
            open.peek().elementDescriptor = v;
        } else {
            descriptors.add(v);
        }
    }

    private void begin(Decoder d) {
        Open o = new Open(d.type(), descriptors);
        descriptors = new ArrayList<>();
        if (d.type() == Type.ARRAY) {
            o.elementType = d.elementType();
        }
        open.push(o);
    }

    private void end() {
        Open o = open.pop();
        Val v = o.type == Type.LIST ? Val.list(o.items) : o.type == Type.MAP ? Val.map(o.items)
            : Val.array(o.elementType, o.elementDescriptor, o.items);
        descriptors = o.pendingDescriptors;
        add(v);
    }

    @Override
    public void onListBegin(Decoder d) {
        begin(d);
    }

    @Override
    public void onListEnd(Decoder d) {
        end();
    }

    @Override
    public void onMapBegin(Decoder d) {
        begin(d);
    }

    @Override
    public void onMapEnd(Decoder d) {
        end();
    }

    @Override
    public void onArrayBegin(Decoder d) {
        begin(d);
    }

    @Override
    public void onArrayEnd(Decoder d) {
        end();
    }
}
