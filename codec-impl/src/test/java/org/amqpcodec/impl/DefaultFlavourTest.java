package org.amqpcodec.impl;

import java.nio.ByteBuffer;

import io.netty.buffer.Unpooled;
import org.amqpcodec.impl.netty.NettyEncoder;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** Encoders made without a flavour are compact, and write what an explicitly compact encoder writes. */
class DefaultFlavourTest {

    @Test
    void theDefaultIsCompact() {
        assertEquals(EncoderFlavour.COMPACT, EncoderFlavour.DEFAULT);
        assertEquals(EncoderFlavour.COMPACT, new ByteArrayEncoder().flavour());
        assertEquals(EncoderFlavour.COMPACT, new ByteBufferEncoder().flavour());
        assertEquals(EncoderFlavour.COMPACT, new NettyEncoder().flavour());
    }

    @Test
    void everyBackendWritesTheCompactBytes() {
        ByteArrayEncoder compact = new ByteArrayEncoder(EncoderFlavour.COMPACT);
        write(compact);
        compact.finish();
        byte[] expected = compact.toByteArray();

        ByteArrayEncoder array = new ByteArrayEncoder();
        write(array);
        array.finish();
        assertArrayEquals(expected, array.toByteArray());

        ByteBuffer direct = ByteBuffer.allocateDirect(256);
        ByteBufferEncoder buffer = new ByteBufferEncoder().wrap(direct);
        write(buffer);
        buffer.finish();
        byte[] fromBuffer = new byte[direct.flip().remaining()];
        direct.get(fromBuffer);
        assertArrayEquals(expected, fromBuffer);

        io.netty.buffer.ByteBuf buf = Unpooled.buffer(16);
        try {
            NettyEncoder netty = new NettyEncoder().wrap(buf);
            write(netty);
            netty.finish();
            byte[] fromNetty = new byte[buf.readableBytes()];
            buf.getBytes(buf.readerIndex(), fromNetty);
            assertArrayEquals(expected, fromNetty);
        } finally {
            buf.release();
        }
    }

    private static void write(SerialEncoder e) {
        e.putList().putInt(7).putUint(0).putString("compact").end();
    }
}
