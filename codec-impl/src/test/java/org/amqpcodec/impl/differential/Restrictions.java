package org.amqpcodec.impl.differential;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;

import org.amqpcodec.api.Type;
import org.amqpcodec.impl.testing.Val;

/**
 * Rewrites the few shapes of a generated tree that a peer cannot represent, decode or encode into the nearest
 * shape it can, and counts each rewrite (the suite logs the counts, so a rule that never fires or fires on
 * everything shows). Each {@link Rule} records what was observed with the peer versions on the test class
 * path (Proton-J 0.35.0, ProtonJ2 1.1.0); {@link ProtonJPeer} and {@link ProtonJ2Peer} choose, per direction,
 * the rules that apply to them, and {@link PeerLimitationsTest} pins every observation so that a peer upgrade
 * that lifts one shows up as a failing test (and the rule can go).
 */
final class Restrictions {

    enum Rule {
        /**
         * Decoding only, both peers. They register decoders for the AMQP-defined descriptors (open 0x10,
         * transfer 0x14, accepted 0x24 / "amqp:accepted:list", header 0x70, ...) and decode those described
         * values into their typed classes, which need the defined shape: {@code 00 53 24 54 01}
         * (described(0x24, int 1)) fails in Proton-J with "Incorrect type found in Accepted type encoding" and
         * in ProtonJ2 with "Expected list encoding". That is correct behaviour, so random described values
         * use descriptors that are not AMQP-defined: each defined ulong code c becomes 0xA0 + (c & 0x3F)
         * (still one byte; nothing is registered there) and an "amqp:" symbol gets a "test:" prefix.
         * Amqp-value (0x77) takes any value and is kept (it round-trips through the peers' AmqpValue).
         * Both encoders write an UnknownDescribedType with a defined descriptor as given, so encoding needs
         * no rule.
         */
        DEFINED_DESCRIPTOR,
        /**
         * Both peers, both directions. An array of nulls with elements ({@code E0 02 03 40}: legal,
         * zero-width elements) is rejected by both decoders (Proton-J: "Array element count 3 is specified
         * to be greater than the allowed 0-width-element limit for arrays (0)"; ProtonJ2: "... greater than
         * the amount of data available (0)") and Proton-J's encoder refuses {@code new Void[2]} ("Cannot
         * encode array with null first element"). The array is emptied.
         */
        NULL_ARRAY_ELEMENTS,
        /**
         * Decoding, both peers: an empty described array ({@code E0 06 00 00 A3 01 78 83}) decodes to a
         * zero-length UnknownDescribedType[], which holds neither the descriptor nor the element type.
         * Encoding, ProtonJ2 (the one described array it can write, see DESCRIBED_ARRAY): an empty
         * {@code new AmqpValue[0]} fails with an ArrayIndexOutOfBoundsException. The descriptor is dropped.
         */
        EMPTY_DESCRIBED_ARRAY,
        /**
         * Both peers, both directions. Duplicate map keys make a map invalid (reference §3.1), and a Java Map
         * cannot hold them (both decode {@code C1 09 04 54 01 54 02 54 01 54 01} to {1=1}). Later duplicates
         * are dropped; "duplicate" is judged as the peer sees keys, so for ProtonJ2, which decodes timestamp
         * and long to the same Long, {@code {timestamp 5: a, long 5: b}} keeps only the first entry.
         */
        DUPLICATE_KEY,
        /**
         * Encoding only. Proton-J cannot encode an array of described values at all (an
         * UnknownDescribedType[] or DescribedType[] fails with a NullPointerException in
         * ArrayType/DynamicDescribedType, and so does AmqpValue[]); ProtonJ2 cannot encode one unless the
         * element class is one of its own registered types ("Do not know how to write Objects of class
         * [Lorg.apache.qpid.protonj2.types.DescribedType;"), while its AmqpValue[] works, so for ProtonJ2
         * amqp-value (0x77) arrays are kept. The descriptor is dropped.
         */
        DESCRIBED_ARRAY,
        /**
         * ProtonJ2 bug, encoding. Its ListTypeEncoder compares {@code encoder.getTypeClass()} with
         * {@code entry.getClass()} for every element after the first, so a list with a null anywhere but at
         * index 0 ({@code [1, null]}) fails with "Cannot invoke Object.getClass() because entry is null".
         * Those nulls are dropped.
         */
        NULL_AFTER_FIRST_IN_LIST,
        /**
         * ProtonJ2, encoding. It cannot write any array of nulls: {@code new Void[0]} fails with "Cannot
         * write an array of nulls" (and {@code new Void[2]} with a NullPointerException). Such an array
         * becomes an empty array of booleans.
         */
        NULL_ARRAY,
        /**
         * ProtonJ2 bug, encoding. It cannot write an empty array of arrays: {@code new Object[0]} fails with
         * "Cannot write a zero sized untyped array", {@code new Object[0][]} and {@code new int[0][]} with an
         * ArrayIndexOutOfBoundsException (ArrayTypeEncoder.writeRawArray reads values[0]). Such an array
         * becomes an empty array of booleans.
         */
        EMPTY_ARRAY_OF_ARRAYS,
        /**
         * ProtonJ2 bug, encoding. It writes an array of timestamps ({@code Date[]}) with the element
         * constructor of long: {@code new Date[] {new Date(5), new Date(-1)}} encodes to
         * {@code F0 00000015 00000002 81 0000000000000005 FFFFFFFFFFFFFFFF}, which is an array of longs (it
         * should be 83). Such arrays become arrays of longs.
         */
        TIMESTAMP_ARRAY,
        /**
         * Proton-J bug, encoding. In an array of arrays of arrays, an inner array of arrays with exactly one
         * element gets that element's size wrong: {@code new Object[][] {new Object[][] {new Integer[] {1,
         * 2}}}} encodes to {@code E0 1C 01 F0 | 00000016 00000001 F0 | 00000016 00000002 71 00000001
         * 00000002}, where the innermost size should be 0000000D (ArrayType's encoding objects cache the
         * size of the array they last sized and are shared by every level). With two or more elements the
         * sizes are right, so the lone element is repeated.
         */
        SINGLE_NESTED_ARRAY_OF_ARRAYS,
    }

    private static final Set<Long> DEFINED_CODES = Set.of(
        // transport performatives and error
        0x10L, 0x11L, 0x12L, 0x13L, 0x14L, 0x15L, 0x16L, 0x17L, 0x18L, 0x1DL,
        // delivery states, source/target, delete-on-* lifetimes
        0x23L, 0x24L, 0x25L, 0x26L, 0x27L, 0x28L, 0x29L, 0x2AL, 0x2BL, 0x2CL, 0x2DL, 0x2EL,
        // transactions and SASL
        0x30L, 0x31L, 0x32L, 0x33L, 0x34L, 0x40L, 0x41L, 0x42L, 0x43L, 0x44L,
        // message sections other than amqp-value
        0x70L, 0x71L, 0x72L, 0x73L, 0x74L, 0x75L, 0x76L, 0x78L);

    private final Set<Rule> rules;
    private final Map<Rule, Integer> hits = new EnumMap<>(Rule.class);
    private final Val keptDescribedArrayDescriptor;
    private final UnaryOperator<Val> keyView;

    /**
     * @param rules the rules that apply
     * @param keptDescribedArrayDescriptor a descriptor whose arrays DESCRIBED_ARRAY keeps (null for none)
     * @param keyView how the peer sees a map key: DUPLICATE_KEY drops keys that are equal in that view
     */
    Restrictions(Set<Rule> rules, Val keptDescribedArrayDescriptor, UnaryOperator<Val> keyView) {
        this.rules = rules.isEmpty() ? EnumSet.noneOf(Rule.class) : EnumSet.copyOf(rules);
        this.keptDescribedArrayDescriptor = keptDescribedArrayDescriptor;
        this.keyView = keyView;
    }

    Restrictions(Set<Rule> rules) {
        this(rules, null, UnaryOperator.identity());
    }

    Set<Rule> rules() {
        return rules;
    }

    /** How often each rule fired since this object was made. */
    Map<Rule, Integer> hits() {
        return hits;
    }

    private boolean fires(Rule rule) {
        if (rules.contains(rule)) {
            hits.merge(rule, 1, Integer::sum);
            return true;
        }
        return false;
    }

    Val apply(Val v) {
        if (v.isDescribed()) {
            return Val.described(descriptor(v.descriptor), apply(v.described));
        }
        switch (v.type) {
            case LIST: {
                List<Val> items = new ArrayList<>(v.items.size());
                for (Val item : v.items) {
                    if (item.type == Type.NULL && !item.isDescribed() && !items.isEmpty()
                        && fires(Rule.NULL_AFTER_FIRST_IN_LIST)) {
                        continue;
                    }
                    items.add(apply(item));
                }
                return Val.list(items);
            }
            case MAP: {
                List<Val> items = new ArrayList<>(v.items.size());
                for (int i = 0; i < v.items.size(); i += 2) {
                    Val key = apply(v.items.get(i));
                    if (containsKey(items, keyView.apply(key)) && fires(Rule.DUPLICATE_KEY)) {
                        continue;
                    }
                    items.add(key);
                    items.add(apply(v.items.get(i + 1)));
                }
                return Val.map(items);
            }
            case ARRAY:
                return array(v, false);
            default:
                return v;
        }
    }

    private Val array(Val v, boolean element) {
        Type elementType = v.elementType;
        Val descriptor = v.descriptor == null ? null : descriptor(v.descriptor);
        List<Val> items = new ArrayList<>(v.items.size());
        for (Val item : v.items) {
            items.add(elementType == Type.ARRAY ? array(item, true) : apply(item));
        }
        if (element && elementType == Type.ARRAY && items.size() == 1
            && fires(Rule.SINGLE_NESTED_ARRAY_OF_ARRAYS)) {
            items.add(items.get(0));
        }
        if (elementType == Type.NULL && !items.isEmpty() && fires(Rule.NULL_ARRAY_ELEMENTS)) {
            items.clear();
        }
        if (descriptor != null && items.isEmpty() && fires(Rule.EMPTY_DESCRIBED_ARRAY)) {
            descriptor = null;
        }
        if (descriptor != null && !descriptor.equals(keptDescribedArrayDescriptor) && fires(Rule.DESCRIBED_ARRAY)) {
            descriptor = null;
        }
        if (elementType == Type.NULL && fires(Rule.NULL_ARRAY)) {
            elementType = Type.BOOLEAN;
            items.clear();
        }
        if (elementType == Type.ARRAY && items.isEmpty() && fires(Rule.EMPTY_ARRAY_OF_ARRAYS)) {
            elementType = Type.BOOLEAN;
        }
        if (elementType == Type.TIMESTAMP && fires(Rule.TIMESTAMP_ARRAY)) {
            elementType = Type.LONG;
            items.replaceAll(item -> Val.of(Type.LONG, item.value));
        }
        return Val.array(elementType, descriptor, items);
    }

    private boolean containsKey(List<Val> items, Val key) {
        for (int i = 0; i < items.size(); i += 2) {
            if (keyView.apply(items.get(i)).equals(key)) {
                return true;
            }
        }
        return false;
    }

    private Val descriptor(Val d) {
        if (d.type == Type.ULONG) {
            long code = (Long) d.value;
            if (DEFINED_CODES.contains(code) && fires(Rule.DEFINED_DESCRIPTOR)) {
                return Val.of(Type.ULONG, 0xA0L + (code & 0x3F));
            }
        } else if (d.type == Type.SYMBOL && ((String) d.value).startsWith("amqp:")
            && fires(Rule.DEFINED_DESCRIPTOR)) {
            return Val.of(Type.SYMBOL, "test:" + d.value);
        }
        return d;
    }
}
