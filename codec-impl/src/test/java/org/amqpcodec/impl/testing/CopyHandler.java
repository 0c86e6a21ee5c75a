package org.amqpcodec.impl.testing;

import org.amqpcodec.api.DataHandler;
import org.amqpcodec.api.Decoder;
import org.amqpcodec.api.Encoder;

/** Copies every top-level value whole: a descriptor as putDescriptor() + copy, a compound as copy + skip. */
public final class CopyHandler implements DataHandler {
    private final Encoder out;

    public CopyHandler(Encoder out) {
        this.out = out;
    }

    @Override
    public void onDescriptor(Decoder d) {
        out.putDescriptor();
        d.copyEncodedTo(out);
    }

    @Override
    public void onPrimitive(Decoder d) {
        d.copyEncodedTo(out);
    }

    private void copyAndSkip(Decoder d) {
        d.copyEncodedTo(out);
        d.skip();
    }

    @Override
    public void onListBegin(Decoder d) {
        copyAndSkip(d);
    }

    @Override
    public void onMapBegin(Decoder d) {
        copyAndSkip(d);
    }

    @Override
    public void onArrayBegin(Decoder d) {
        copyAndSkip(d);
    }
}
