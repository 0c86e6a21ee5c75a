package org.amqpcodec.impl;

import org.amqpcodec.api.Symbol;

/**
 * The decoder's cache of short texts: encoded bytes to the {@code String} (and {@code Symbol}) they decode to,
 * so that keys and symbols seen again come back as the same instances without allocating. Two-way: a text may sit
 * in its hash's slot or the neighbouring one; a new text takes a free one of the two, or its own slot, moving the
 * old occupant next door (and dropping what was there).
 * Bounded by its slot count and the longest text it keeps, so hostile input can only churn it, not grow it.
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

    /** Moves the entry of slot {@code from} to slot {@code to}, dropping what {@code to} held. */
    void demote(int from, int to) {
        if (from == to) {
            return;
        }
        keys[to] = keys[from];
        hashes[to] = hashes[from];
        ascii[to] = ascii[from];
        strings[to] = strings[from];
        symbols[to] = symbols[from];
    }
}
