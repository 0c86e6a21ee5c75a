package org.amqpcodec.examples;

import java.nio.charset.StandardCharsets;

import org.amqpcodec.impl.ByteArrayDecoder;
import org.amqpcodec.impl.ByteArrayEncoder;
import org.amqpcodec.impl.EncoderFlavour;

/** The README's encode example, and its decode example put to work on the encoded message. */
public final class Messages {

    private Messages() {
    }

    /**
     * Encodes a small AMQP message: a header, application properties and an amqp-value body.
     *
     * @return the encoded message
     */
    public static byte[] encodeMessage() {
        ByteArrayEncoder encoder = new ByteArrayEncoder(EncoderFlavour.COMPACT);   // grows as needed
        encoder.putDescriptor(0x70).putList()              // header
                   .putBoolean(true)                      //   durable
                   .putUbyte(4)                           //   priority
                   .putUint(30_000)                       //   ttl
               .end()
               .putDescriptor(0x74).putMap()              // application-properties
                   .putString("region").putString("eu-west")
                   .putString("priority").putInt(7)
               .end()
               .putDescriptor(0x77).putString("hello");   // body: amqp-value
        int length = encoder.finish();                    // checks that every compound was closed
        return encoder.toByteArray();                     // or encoder.array(), bytes [0, length)
    }

    /**
     * Finds the "region" application property of an encoded message.
     *
     * @param message an encoded message
     * @return the region, or null if there is none
     */
    public static String region(byte[] message) {
        ByteArrayDecoder decoder = new ByteArrayDecoder();
        RegionFinder finder = new RegionFinder();
        decoder.wrap(message, 0, message.length).decode(finder);
        return finder.regionLength() < 0 ? null
            : new String(finder.region(), 0, finder.regionLength(), StandardCharsets.UTF_8);
    }
}
