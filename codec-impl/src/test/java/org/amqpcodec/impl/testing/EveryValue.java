package org.amqpcodec.impl.testing;

import org.amqpcodec.api.DataHandler;
import org.amqpcodec.api.Decoder;

/** Calls {@link #at} for every value (primitive, list, map or array begin), but not for descriptors. */
public abstract class EveryValue implements DataHandler {

    protected abstract void at(Decoder d);

    @Override
    public void onPrimitive(Decoder d) {
        at(d);
    }

    @Override
    public void onListBegin(Decoder d) {
        at(d);
    }

    @Override
    public void onMapBegin(Decoder d) {
        at(d);
    }

    @Override
    public void onArrayBegin(Decoder d) {
        at(d);
    }

    /** The same, and {@link #at} for every descriptor as well. */
    public abstract static class AndDescriptors extends EveryValue {

        @Override
        public void onDescriptor(Decoder d) {
            at(d);
        }
    }
}
