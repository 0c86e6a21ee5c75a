package org.amqpcodec.api;

/**
 * How a decoder treats its input: strict or lenient validation and getters, and the limits that keep
 * hostile input from costing more than its size. Immutable; the {@code with...} methods return a copy.
 *
 * <pre>{@code
 * DecodeOptions options = DecodeOptions.DEFAULT.withStrict(true).withMaxDepth(32);
 * }</pre>
 *
 * <table>
 *   <caption>The settings</caption>
 *   <tr><th>setting</th><th>default</th><th>meaning</th></tr>
 *   <tr><td>{@link #strict()}</td><td>false</td><td>strict validation during the scan (UTF-8 of strings,
 *       ASCII of symbols, {@code 0x56} booleans, chars, even map counts, ulong/symbol descriptors) and
 *       exact-type getters</td></tr>
 *   <tr><td>{@link #maxDepth()}</td><td>{@value #DEFAULT_MAX_DEPTH}</td><td>how many lists, maps and arrays
 *       may be nested in one another (the values inside the innermost have {@link Decoder#depth()} equal to it);
 *       deeper input fails with {@link DecodeError#LIMIT_EXCEEDED}</td></tr>
 *   <tr><td>{@link #maxZeroWidthElements()}</td><td>{@value #DEFAULT_MAX_ZERO_WIDTH_ELEMENTS}</td><td>the largest
 *       count of an array whose elements take no bytes (nulls, {@code 0x41}-{@code 0x45}); larger counts
 *       would turn a few bytes into billions of callbacks</td></tr>
 *   <tr><td>{@link #cacheEntries()}</td><td>{@value #DEFAULT_CACHE_ENTRIES}</td><td>slots of the cache behind
 *       {@link Decoder#getSymbol()} and {@link Decoder#getCachedString()}; a power of two, or 0 for no
 *       cache</td></tr>
 *   <tr><td>{@link #cacheMaxLength()}</td><td>{@value #DEFAULT_CACHE_MAX_LENGTH}</td><td>longest data, in bytes,
 *       that the cache keeps</td></tr>
 * </table>
 *
 * @since 0.1
 */
public final class DecodeOptions {

    /** Default of {@link #maxDepth()}. */
    public static final int DEFAULT_MAX_DEPTH = 256;
    /** Default of {@link #maxZeroWidthElements()}. */
    public static final int DEFAULT_MAX_ZERO_WIDTH_ELEMENTS = 1 << 20;
    /** Default of {@link #cacheEntries()}. */
    public static final int DEFAULT_CACHE_ENTRIES = 1024;
    /** Default of {@link #cacheMaxLength()}. */
    public static final int DEFAULT_CACHE_MAX_LENGTH = 64;

    /** Lenient, with the default limits. */
    public static final DecodeOptions DEFAULT = new DecodeOptions(false, DEFAULT_MAX_DEPTH,
        DEFAULT_MAX_ZERO_WIDTH_ELEMENTS, DEFAULT_CACHE_ENTRIES, DEFAULT_CACHE_MAX_LENGTH);

    /** Strict, with the default limits. */
    public static final DecodeOptions STRICT = DEFAULT.withStrict(true);

    private final boolean strict;
    private final int maxDepth;
    private final int maxZeroWidthElements;
    private final int cacheEntries;
    private final int cacheMaxLength;

    private DecodeOptions(boolean strict, int maxDepth, int maxZeroWidthElements, int cacheEntries,
                          int cacheMaxLength) {
        if (maxDepth < 1) {
            throw new IllegalArgumentException("maxDepth must be at least 1: " + maxDepth);
        }
        if (maxZeroWidthElements < 0) {
            throw new IllegalArgumentException("maxZeroWidthElements must not be negative: " + maxZeroWidthElements);
        }
        if (cacheEntries < 0 || Integer.bitCount(cacheEntries) > 1) {
            throw new IllegalArgumentException("cacheEntries must be 0 or a power of two: " + cacheEntries);
        }
        if (cacheMaxLength < 0) {
            throw new IllegalArgumentException("cacheMaxLength must not be negative: " + cacheMaxLength);
        }
        this.strict = strict;
        this.maxDepth = maxDepth;
        this.maxZeroWidthElements = maxZeroWidthElements;
        this.cacheEntries = cacheEntries;
        this.cacheMaxLength = cacheMaxLength;
    }

    /**
     * Whether validation and getters are strict.
     *
     * @return true in strict mode
     */
    public boolean strict() {
        return strict;
    }

    /**
     * The nesting limit: how many lists, maps and arrays may be nested in one another. A compound is refused when
     * {@code maxDepth} are already open, so the deepest values have {@link Decoder#depth()} {@code == maxDepth}.
     *
     * @return the limit, 1 or more
     */
    public int maxDepth() {
        return maxDepth;
    }

    /**
     * The largest element count of an array whose elements take no bytes.
     *
     * @return the limit
     */
    public int maxZeroWidthElements() {
        return maxZeroWidthElements;
    }

    /**
     * Slots in the symbol and string cache.
     *
     * @return a power of two, or 0 for no cache
     */
    public int cacheEntries() {
        return cacheEntries;
    }

    /**
     * The longest data, in bytes, that the cache keeps.
     *
     * @return the length
     */
    public int cacheMaxLength() {
        return cacheMaxLength;
    }

    /**
     * A copy with strictness set.
     *
     * @param value true for strict validation and exact-type getters
     * @return the new options
     */
    public DecodeOptions withStrict(boolean value) {
        return new DecodeOptions(value, maxDepth, maxZeroWidthElements, cacheEntries, cacheMaxLength);
    }

    /**
     * A copy with the nesting limit set.
     *
     * @param value 1 or more
     * @return the new options
     * @throws IllegalArgumentException if the value is below 1
     */
    public DecodeOptions withMaxDepth(int value) {
        return new DecodeOptions(strict, value, maxZeroWidthElements, cacheEntries, cacheMaxLength);
    }

    /**
     * A copy with the zero-width array limit set.
     *
     * @param value 0 or more
     * @return the new options
     * @throws IllegalArgumentException if the value is negative
     */
    public DecodeOptions withMaxZeroWidthElements(int value) {
        return new DecodeOptions(strict, maxDepth, value, cacheEntries, cacheMaxLength);
    }

    /**
     * A copy with the cache size set.
     *
     * @param entries a power of two, or 0 for no cache
     * @param maxLength the longest data, in bytes, to cache
     * @return the new options
     * @throws IllegalArgumentException if entries is not 0 or a power of two, or maxLength is negative
     */
    public DecodeOptions withCache(int entries, int maxLength) {
        return new DecodeOptions(strict, maxDepth, maxZeroWidthElements, entries, maxLength);
    }

    @Override
    public String toString() {
        return "DecodeOptions{strict=" + strict + ", maxDepth=" + maxDepth + ", maxZeroWidthElements="
            + maxZeroWidthElements + ", cacheEntries=" + cacheEntries + ", cacheMaxLength=" + cacheMaxLength + '}';
    }
}
