package org.amqpcodec.impl;

import org.amqpcodec.api.Symbol;

/**
 * The decoder's cache of short texts: encoded bytes to the {@code String} (and {@code Symbol}) they decode to,
 * so that keys and symbols seen again come back as the same instances without allocating. Direct-mapped: a
 * slot holds the last text whose hash fell on it. Bounded by its slot count and the longest text it keeps, so
 * hostile input can only churn it, not grow it.
 */
final class TextCache {

    final int mask;
    final int maxLength;
    final byte[][] keys;
    final int[] hashes;
    final boolean[] ascii;
    final String[] strings;
    final Symbol[] symbols;

    TextCache(int entries, int maxLength) {
        this.mask = entries - 1;
        this.maxLength = maxLength;
        this.keys = new byte[entries][];
        this.hashes = new int[entries];
        this.ascii = new boolean[entries];
        this.strings = new String[entries];
        this.symbols = new Symbol[entries];
    }

    static int slot(int hash, int mask) {
        return (hash ^ hash >>> 16) & mask;
    }
}
