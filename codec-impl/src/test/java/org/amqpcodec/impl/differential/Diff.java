package org.amqpcodec.impl.differential;

import java.util.Objects;

import org.amqpcodec.impl.testing.Hex;
import org.amqpcodec.impl.testing.Val;

/** Failure messages for differential tests: where two value trees first differ, and bytes that fit in a log. */
final class Diff {

    private static final int MAX = 800;

    private Diff() {
    }

    /** The path and both sides of the first difference, or null if the trees are equal. */
    static String first(Val expected, Val actual) {
        return first(expected, actual, "$");
    }

    private static String first(Val e, Val a, String path) {
        if (Objects.equals(e, a)) {
            return null;
        }
        if (e == null || a == null || e.isDescribed() != a.isDescribed()) {
            return path + ": expected " + cut(e) + " but was " + cut(a);
        }
        if (e.isDescribed()) {
            String d = first(e.descriptor, a.descriptor, path + ".descriptor");
            return d != null ? d : first(e.described, a.described, path + ".value");
        }
        if (e.type != a.type || e.items == null || a.items == null || e.items.size() != a.items.size()
            || e.elementType != a.elementType || !Objects.equals(e.descriptor, a.descriptor)) {
            return path + ": expected " + cut(e) + " but was " + cut(a);
        }
        for (int i = 0; i < e.items.size(); i++) {
            String d = first(e.items.get(i), a.items.get(i), path + "[" + i + "]");
            if (d != null) {
                return d;
            }
        }
        return path + ": expected " + cut(e) + " but was " + cut(a);
    }

    static String cut(Object o) {
        String s = String.valueOf(o);
        return s.length() > MAX ? s.substring(0, MAX) + "... (" + s.length() + " chars)" : s;
    }

    static String hex(byte[] bytes) {
        return bytes.length > MAX / 3 ? Hex.text(bytes, 0, MAX / 3) + " ... (" + bytes.length + " bytes)"
            : Hex.text(bytes);
    }
}
