package org.amqpcodec.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.ArrayList;
import java.util.List;

import org.amqpcodec.api.DataHandler;
import org.amqpcodec.api.DecodeOptions;
import org.amqpcodec.api.Decoder;
import org.junit.jupiter.api.Test;

/** The decoder's text cache is two-way: two texts that fall on the same slot pair both stay cached. */
class TextCacheTest {

    @Test
    void shouldKeepTwoAlternatingKeysInATwoSlotCache() {
        // with two slots every pair of keys shares one slot pair: a direct-mapped cache would thrash on half of them
        for (int i = 0; i < 50; i++) {
            String a = "key-" + i;
            String b = "other-" + (i * 7);
            ByteArrayEncoder enc = new ByteArrayEncoder(EncoderFlavour.COMPACT);
            enc.putList();
            for (int round = 0; round < 4; round++) {
                enc.putString(a).putSymbol(b);
            }
            enc.end();
            enc.finish();
            ByteArrayDecoder dec = new ByteArrayDecoder(DecodeOptions.DEFAULT.withCache(2, 64));
            List<String> seen = new ArrayList<>();
            dec.wrap(enc.toByteArray()).decode(new DataHandler() {
                @Override
                public void onPrimitive(Decoder d) {
                    seen.add(d.getCachedString());
                }
            });
            assertEquals(8, seen.size());
            for (int k = 2; k < 8; k++) {
                assertSame(seen.get(k - 2), seen.get(k), "pair " + i + ", value " + k);
            }
            assertEquals(a, seen.get(0));
            assertEquals(b, seen.get(1));
        }
    }

    @Test
    void shouldWorkWithASingleSlot() {
        ByteArrayEncoder enc = new ByteArrayEncoder(EncoderFlavour.FAST);
        enc.putSymbol("x").putSymbol("x").putSymbol("y");
        enc.finish();
        ByteArrayDecoder dec = new ByteArrayDecoder(DecodeOptions.DEFAULT.withCache(1, 64));
        List<String> seen = new ArrayList<>();
        dec.wrap(enc.toByteArray()).decode(new DataHandler() {
            @Override
            public void onSymbol(Decoder d) {
                seen.add(d.getSymbol().toString());
            }
        });
        assertEquals(List.of("x", "x", "y"), seen);
    }
}
