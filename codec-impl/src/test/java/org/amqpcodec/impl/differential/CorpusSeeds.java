package org.amqpcodec.impl.differential;

import java.util.ArrayList;
import java.util.List;

/**
 * The seeds of the generated differential corpus. By default a fixed set plus one seed taken from the clock
 * for this run; {@code -Damqp.seed=S[,S...]} replaces them (to reproduce a failure, pass the seed its
 * message names). The seeds are printed once per run.
 */
final class CorpusSeeds {

    static final String PROPERTY = "amqp.seed";

    private static final long[] FIXED = {1L, 42L, 0x5EED_0F_A3C0L, 20240229L};
    private static final List<Long> SEEDS = choose();

    private CorpusSeeds() {
    }

    private static List<Long> choose() {
        List<Long> seeds = new ArrayList<>();
        String property = System.getProperty(PROPERTY, "").trim();
        if (!property.isEmpty()) {
            for (String s : property.split(",")) {
                seeds.add(Long.decode(s.trim()));
            }
        } else {
            for (long seed : FIXED) {
                seeds.add(seed);
            }
            seeds.add(System.currentTimeMillis() ^ System.nanoTime());
        }
        System.out.println("differential corpus seeds " + seeds + " (reproduce one with -D" + PROPERTY + "=<seed>)");
        return List.copyOf(seeds);
    }

    static List<Long> seeds() {
        return SEEDS;
    }

    static String reproduce(long seed) {
        return "reproduce with -D" + PROPERTY + "=" + seed;
    }
}
