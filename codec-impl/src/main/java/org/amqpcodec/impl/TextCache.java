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
    /** Each entry's length in bytes; -1 for an empty slot. */
    final int[] lengths;
    /** Each entry's first 8 bytes, big-endian (fewer bytes: zero-extended). */
    final long[] first;
    /** Each entry's bytes 8 to 15, likewise. */
    final long[] second;
    final boolean[] ascii;
    final String[] strings;
    final Symbol[] symbols;

    TextCache(int entries, int maxLength) {
        this.mask = entries - 1;
        this.maxLength = maxLength;
        this.keys = new byte[entries][];
        this.lengths = new int[entries];
        java.util.Arrays.fill(lengths, -1);
        this.first = new long[entries];
        this.second = new long[entries];
        this.ascii = new boolean[entries];
        this.strings = new String[entries];
        this.symbols = new Symbol[entries];
    }

    /** The slot-choosing hash of a text given its first two words and its length. */
    static int hash(long w0, long w1, int n) {
        long h = (w0 * 0x9E37_79B9_7F4A_7C15L) ^ (w1 * 0xC2B2_AE3D_27D4_EB4FL) ^ n;
        h ^= h >>> 29;
        return (int) (h ^ h >>> 32);
    }

    void put(int slot, byte[] key, long w0, long w1, boolean isAscii, String string) {
        keys[slot] = key;
        lengths[slot] = key.length;
        first[slot] = w0;
        second[slot] = w1;
        ascii[slot] = isAscii;
        strings[slot] = string;
        symbols[slot] = null;
    }

    /** Moves the entry of slot {@code from} to slot {@code to}, dropping what {@code to} held. */
    void demote(int from, int to) {
        if (from == to) {
            return;
        }
        keys[to] = keys[from];
        lengths[to] = lengths[from];
        first[to] = first[from];
        second[to] = second[from];
        ascii[to] = ascii[from];
        strings[to] = strings[from];
        symbols[to] = symbols[from];
    }
}
