package org.amqpcodec.api;

/**
 * The callbacks of a push-style {@link Decoder}: one per value, with the decoder as a cursor positioned on
 * that value. Every method has a default, so a handler overrides only what it needs; the typed callbacks
 * of primitives all default to {@link #onPrimitive(Decoder)}, so a generic handler can override just that
 * and switch on {@link Decoder#type()}.
 *
 * <pre>{@code
 * // sums every int in the input, wherever it is; allocates nothing
 * final class IntSum implements DataHandler {
 *     long sum;
 *
 *     public void onInt(Decoder d) {
 *         sum += d.getInt();
 *     }
 * }
 * IntSum sum = new IntSum();
 * decoder.decode(sum);
 * }</pre>
 *
 * <h2>Order of callbacks</h2>
 * <ul>
 *   <li>A list is {@link #onListBegin(Decoder)}, its elements, {@link #onListEnd(Decoder)}; a map is
 *       {@link #onMapBegin(Decoder)}, key, value, key, value ..., {@link #onMapEnd(Decoder)}; an array is
 *       {@link #onArrayBegin(Decoder)}, its elements, {@link #onArrayEnd(Decoder)}.</li>
 *   <li>A described value is {@link #onDescriptor(Decoder)} (the cursor on the descriptor value: read it
 *       with {@code getUlong()} or compare it with {@code dataEquals(Symbol)}), then the callbacks of the
 *       described value. The scan never descends into a descriptor.</li>
 *   <li>An array whose element constructor is described calls {@link #onDescriptor(Decoder)} once, after
 *       {@code onArrayBegin} and before the elements.</li>
 *   <li>{@link Decoder#skip()} in a begin callback skips the compound: no callbacks for its items and no
 *       end callback. In {@code onDescriptor} it skips the described value.</li>
 * </ul>
 *
 * <p>An exception thrown by a callback ends the scan and propagates unchanged.
 *
 * @since 0.1
 */
public interface DataHandler {

    /**
     * The current value is a primitive (not a list, map or array) and its typed callback is not overridden.
     *
     * @param decoder the cursor, positioned on the value
     */
    default void onPrimitive(Decoder decoder) {
    }

    /**
     * The current value is null ({@code 0x40}). Calls {@link #onPrimitive(Decoder)} unless overridden.
     *
     * @param decoder the cursor, positioned on the value
     */
    default void onNull(Decoder decoder) {
        onPrimitive(decoder);
    }

    /**
     * The current value is a boolean. Calls {@link #onPrimitive(Decoder)} unless overridden.
     *
     * @param decoder the cursor, positioned on the value
     */
    default void onBoolean(Decoder decoder) {
        onPrimitive(decoder);
    }

    /**
     * The current value is an unsigned byte. Calls {@link #onPrimitive(Decoder)} unless overridden.
     *
     * @param decoder the cursor, positioned on the value
     */
    default void onUbyte(Decoder decoder) {
        onPrimitive(decoder);
    }

    /**
     * The current value is an unsigned short. Calls {@link #onPrimitive(Decoder)} unless overridden.
     *
     * @param decoder the cursor, positioned on the value
     */
    default void onUshort(Decoder decoder) {
        onPrimitive(decoder);
    }

    /**
     * The current value is an unsigned int (any of its three encodings). Calls {@link #onPrimitive(Decoder)} unless overridden.
     *
     * @param decoder the cursor, positioned on the value
     */
    default void onUint(Decoder decoder) {
        onPrimitive(decoder);
    }

    /**
     * The current value is an unsigned long (any of its three encodings). Calls {@link #onPrimitive(Decoder)} unless overridden.
     *
     * @param decoder the cursor, positioned on the value
     */
    default void onUlong(Decoder decoder) {
        onPrimitive(decoder);
    }

    /**
     * The current value is a signed byte. Calls {@link #onPrimitive(Decoder)} unless overridden.
     *
     * @param decoder the cursor, positioned on the value
     */
    default void onByte(Decoder decoder) {
        onPrimitive(decoder);
    }

    /**
     * The current value is a signed short. Calls {@link #onPrimitive(Decoder)} unless overridden.
     *
     * @param decoder the cursor, positioned on the value
     */
    default void onShort(Decoder decoder) {
        onPrimitive(decoder);
    }

    /**
     * The current value is a signed int (either encoding). Calls {@link #onPrimitive(Decoder)} unless overridden.
     *
     * @param decoder the cursor, positioned on the value
     */
    default void onInt(Decoder decoder) {
        onPrimitive(decoder);
    }

    /**
     * The current value is a signed long (either encoding). Calls {@link #onPrimitive(Decoder)} unless overridden.
     *
     * @param decoder the cursor, positioned on the value
     */
    default void onLong(Decoder decoder) {
        onPrimitive(decoder);
    }

    /**
     * The current value is a float. Calls {@link #onPrimitive(Decoder)} unless overridden.
     *
     * @param decoder the cursor, positioned on the value
     */
    default void onFloat(Decoder decoder) {
        onPrimitive(decoder);
    }

    /**
     * The current value is a double. Calls {@link #onPrimitive(Decoder)} unless overridden.
     *
     * @param decoder the cursor, positioned on the value
     */
    default void onDouble(Decoder decoder) {
        onPrimitive(decoder);
    }

    /**
     * The current value is a decimal32. Calls {@link #onPrimitive(Decoder)} unless overridden.
     *
     * @param decoder the cursor, positioned on the value
     */
    default void onDecimal32(Decoder decoder) {
        onPrimitive(decoder);
    }

    /**
     * The current value is a decimal64. Calls {@link #onPrimitive(Decoder)} unless overridden.
     *
     * @param decoder the cursor, positioned on the value
     */
    default void onDecimal64(Decoder decoder) {
        onPrimitive(decoder);
    }

    /**
     * The current value is a decimal128. Calls {@link #onPrimitive(Decoder)} unless overridden.
     *
     * @param decoder the cursor, positioned on the value
     */
    default void onDecimal128(Decoder decoder) {
        onPrimitive(decoder);
    }

    /**
     * The current value is a char. Calls {@link #onPrimitive(Decoder)} unless overridden.
     *
     * @param decoder the cursor, positioned on the value
     */
    default void onChar(Decoder decoder) {
        onPrimitive(decoder);
    }

    /**
     * The current value is a timestamp. Calls {@link #onPrimitive(Decoder)} unless overridden.
     *
     * @param decoder the cursor, positioned on the value
     */
    default void onTimestamp(Decoder decoder) {
        onPrimitive(decoder);
    }

    /**
     * The current value is a UUID. Calls {@link #onPrimitive(Decoder)} unless overridden.
     *
     * @param decoder the cursor, positioned on the value
     */
    default void onUuid(Decoder decoder) {
        onPrimitive(decoder);
    }

    /**
     * The current value is binary data. Calls {@link #onPrimitive(Decoder)} unless overridden.
     *
     * @param decoder the cursor, positioned on the value
     */
    default void onBinary(Decoder decoder) {
        onPrimitive(decoder);
    }

    /**
     * The current value is a string. Calls {@link #onPrimitive(Decoder)} unless overridden.
     *
     * @param decoder the cursor, positioned on the value
     */
    default void onString(Decoder decoder) {
        onPrimitive(decoder);
    }

    /**
     * The current value is a symbol. Calls {@link #onPrimitive(Decoder)} unless overridden.
     *
     * @param decoder the cursor, positioned on the value
     */
    default void onSymbol(Decoder decoder) {
        onPrimitive(decoder);
    }

    /**
     * A list begins; its elements follow, then {@link #onListEnd(Decoder)}. {@link Decoder#count()} gives the
     * number of elements; {@link Decoder#skip()} skips the list.
     *
     * @param decoder the cursor, positioned on the list
     */
    default void onListBegin(Decoder decoder) {
    }

    /**
     * A list ends. The cursor describes the list, as in {@link #onListBegin(Decoder)}.
     *
     * @param decoder the cursor, positioned on the list
     */
    default void onListEnd(Decoder decoder) {
    }

    /**
     * A map begins; its keys and values follow alternately, then {@link #onMapEnd(Decoder)}.
     * {@link Decoder#count()} gives the number of keys plus values; {@link Decoder#skip()} skips the map.
     *
     * @param decoder the cursor, positioned on the map
     */
    default void onMapBegin(Decoder decoder) {
    }

    /**
     * A map ends. The cursor describes the map, as in {@link #onMapBegin(Decoder)}.
     *
     * @param decoder the cursor, positioned on the map
     */
    default void onMapEnd(Decoder decoder) {
    }

    /**
     * An array begins; its elements follow, then {@link #onArrayEnd(Decoder)}. {@link Decoder#count()},
     * {@link Decoder#elementType()} and {@link Decoder#elementFormatCode()} describe it;
     * {@link Decoder#skip()} skips it.
     *
     * @param decoder the cursor, positioned on the array
     */
    default void onArrayBegin(Decoder decoder) {
    }

    /**
     * An array ends. The cursor describes the array, as in {@link #onArrayBegin(Decoder)}.
     *
     * @param decoder the cursor, positioned on the array
     */
    default void onArrayEnd(Decoder decoder) {
    }

    /**
     * A described value begins; the cursor is on its descriptor (usually a ulong or a symbol). The described
     * value's own callbacks follow. {@link Decoder#skip()} skips the whole described value.
     *
     * @param decoder the cursor, positioned on the descriptor
     */
    default void onDescriptor(Decoder decoder) {
    }
}
