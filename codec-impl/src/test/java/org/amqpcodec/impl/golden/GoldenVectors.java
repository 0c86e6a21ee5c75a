package org.amqpcodec.impl.golden;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.amqpcodec.impl.testing.Hex;
import org.amqpcodec.impl.testing.Val;

/**
 * The golden decode vectors of {@code src/test/resources/golden/decode.txt}: one a line, {@code name TAB hex TAB
 * expected}, where expected is the {@link Val#toString()} of each top-level value, joined by {@code " | "}.
 * {@code <<unit*N>>} in either column stands for the unit repeated N times.
 */
final class GoldenVectors {

    static final String RESOURCE = "/golden/decode.txt";
    static final String SEPARATOR = " | ";

    private static final Pattern REPEAT = Pattern.compile("<<(.*?)\\*(\\d+)>>");

    private static List<Vector> all;

    /** One golden vector. */
    static final class Vector {
        final String name;
        final byte[] bytes;
        final String expected;
        final int line;

        Vector(String name, byte[] bytes, String expected, int line) {
            this.name = name;
            this.bytes = bytes;
            this.expected = expected;
            this.line = line;
        }

        @Override
        public String toString() {
            return name + " (decode.txt:" + line + ", " + bytes.length + " bytes)";
        }
    }

    private GoldenVectors() {
    }

    /** Every vector of the file, in file order (loaded once). */
    static synchronized List<Vector> all() {
        if (all == null) {
            all = Collections.unmodifiableList(load());
        }
        return all;
    }

    static Vector named(String name) {
        for (Vector v : all()) {
            if (v.name.equals(name)) {
                return v;
            }
        }
        throw new IllegalArgumentException("no golden vector named " + name);
    }

    /** Expands {@code <<unit*N>>}. */
    static String expand(String text) {
        Matcher m = REPEAT.matcher(text);
        StringBuilder sb = new StringBuilder();
        while (m.find()) {
            m.appendReplacement(sb, Matcher.quoteReplacement(m.group(1).repeat(Integer.parseInt(m.group(2)))));
        }
        m.appendTail(sb);
        return sb.toString();
    }

    /** The expected text of a decode that produced {@code values}. */
    static String text(List<Val> values) {
        StringBuilder sb = new StringBuilder();
        for (Val v : values) {
            if (sb.length() > 0) {
                sb.append(SEPARATOR);
            }
            sb.append(v);
        }
        return sb.toString();
    }

    private static List<Vector> load() {
        List<Vector> vectors = new ArrayList<>();
        Set<String> names = new HashSet<>();
        try (InputStream in = GoldenVectors.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCE + " is not on the test class path");
            }
            BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            String line;
            int number = 0;
            while ((line = r.readLine()) != null) {
                number++;
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                String[] cols = line.split("\t", -1);
                if (cols.length != 3) {
                    throw new IllegalStateException("decode.txt:" + number + ": expected 3 tab-separated columns");
                }
                if (!names.add(cols[0])) {
                    throw new IllegalStateException("decode.txt:" + number + ": duplicate name " + cols[0]);
                }
                vectors.add(new Vector(cols[0], Hex.bytes(expand(cols[1])), expand(cols[2]), number));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return vectors;
    }
}
