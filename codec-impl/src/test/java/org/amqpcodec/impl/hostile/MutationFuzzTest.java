package org.amqpcodec.impl.hostile;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicReference;

import org.amqpcodec.api.DataHandler;
import org.amqpcodec.api.DecodeError;
import org.amqpcodec.api.DecodeException;
import org.amqpcodec.api.DecodeOptions;
import org.amqpcodec.api.Decoder;
import org.amqpcodec.api.FormatCode;
import org.amqpcodec.impl.ByteArrayDecoder;
import org.amqpcodec.impl.ByteArrayEncoder;
import org.amqpcodec.impl.EncoderFlavour;
import org.amqpcodec.impl.ScanningDecoder;
import org.amqpcodec.impl.testing.Hex;
import org.amqpcodec.impl.testing.InputBackend;
import org.amqpcodec.impl.testing.Val;
import org.amqpcodec.impl.testing.ValGen;
import org.junit.jupiter.api.Test;

/**
 * Random mutations of valid encodings (byte flips, random bytes, size and count fields set to their extremes,
 * inserted and deleted bytes, truncation, splices of two encodings), each decoded leniently and strictly with a
 * handler that calls every cursor method on every value, every getter on one value in eight (on all of them with
 * {@code -Damqp.fuzz.sweep=1}) and its own type's getters and one more on the others (see {@link Exerciser}). Only a
 * {@link DecodeException} (or nothing) may come out of a decode: never an IndexOutOfBounds, NPE,
 * BufferUnderflow, IllegalArgument, StackOverflowError or a broken cursor invariant. Most cases run on byte[];
 * every eighth also runs on another backend, which must reach exactly the same outcome.
 *
 * <p>The handler also skips, stops and throws its own exception now and then; after a stop or its exception the
 * scan goes on from where the decoder stands, as a caller reading what is left would.
 *
 * <p>The seed is random unless given, and is printed; a failure names it, the case and the input (minimised).
 * <pre>
 * # CI default: {@value #DEFAULT_ITERATIONS} mutated inputs (about 275 000 mutations), about 15 s
 * ./mvnw -pl codec-impl -am test -Dtest=MutationFuzzTest -Dsurefire.failIfNoSpecifiedTests=false
 * # a longer run with every getter on every value (several minutes), or a replay of a reported seed
 * ./mvnw -pl codec-impl -am test -Dtest=MutationFuzzTest -Dsurefire.failIfNoSpecifiedTests=false \
 *     -Damqp.fuzz.iterations=2000000 -Damqp.fuzz.sweep=1 -Damqp.fuzz.seed=12345
 * </pre>
 * A crash found this way is minimised, stored under {@code src/test/resources/malformed/} and replayed by
 * {@link FuzzRegressionTest}.
 */
class MutationFuzzTest {

    static final int DEFAULT_ITERATIONS = 200_000;
    /** Every getter on one value in this many; the others get their own type's getters and one at random. */
    static final int SWEEP_ONE_IN = Integer.getInteger("amqp.fuzz.sweep", 8);

    /**
     * Lenient and strict options in pairs with the same limits: the defaults (with a tiny cache, so that entries
     * collide and are replaced, and without one), and tight limits that mutated inputs run into.
     */
    private static final DecodeOptions[][] MODES = {
        {DecodeOptions.DEFAULT.withCache(4, 8), DecodeOptions.STRICT.withCache(0, 0)},
        {DecodeOptions.DEFAULT.withMaxDepth(2).withMaxZeroWidthElements(16),
            DecodeOptions.STRICT.withMaxDepth(2).withMaxZeroWidthElements(16).withCache(2, 64)},
    };
    private static final InputBackend[] OTHERS = Arrays.copyOfRange(InputBackend.values(), 1,
        InputBackend.values().length);
    /** Codes a mutation likes to plant: the described marker, zero-width, variable, compound and array codes. */
    private static final int[] CODES = {0x00, 0x40, 0x41, 0x45, 0x56, 0x73, 0x98, 0xA0, 0xA1, 0xA3, 0xB1, 0xB3, 0xC0,
        0xC1, 0xD0, 0xD1, 0xE0, 0xF0, 0x01, 0x3F, 0xFF};

    /** A valid encoding and where its size and count fields and its constructors are. */
    static final class Sample {
        final byte[] bytes;
        final int[] fieldAt;
        final int[] fieldWidth;
        final int[] codeAt;

        Sample(byte[] bytes, List<int[]> fields, List<Integer> codes) {
            this.bytes = bytes;
            this.fieldAt = fields.stream().mapToInt(f -> f[0]).toArray();
            this.fieldWidth = fields.stream().mapToInt(f -> f[1]).toArray();
            this.codeAt = codes.stream().mapToInt(Integer::intValue).toArray();
        }
    }

    /** What a decode came to, compared across backends and modes. */
    static final class Outcome {
        final boolean completed;
        final DecodeException error;
        final long digest;
        final int callbacks;
        final int position;

        Outcome(boolean completed, DecodeException error, long digest, int callbacks, int position) {
            this.completed = completed;
            this.error = error;
            this.digest = digest;
            this.callbacks = callbacks;
            this.position = position;
        }

        boolean sameAs(Outcome o) {
            if (digest != o.digest || callbacks != o.callbacks || completed != o.completed) {
                return false;
            }
            if (error == null || o.error == null) {
                return error == o.error && position == o.position;
            }
            return error.error() == o.error.error() && error.offset() == o.error.offset()
                && error.formatCode() == o.error.formatCode() && error.missingBytes() == o.error.missingBytes();
        }

        @Override
        public String toString() {
            return (error != null ? error.getMessage() : completed ? "completed" : "stopped at " + position)
                + ", " + callbacks + " callbacks, digest " + Long.toHexString(digest);
        }
    }

    private final long seed = Long.getLong("amqp.fuzz.seed", System.nanoTime() ^ System.identityHashCode(this));
    private final int iterations = Integer.getInteger("amqp.fuzz.iterations", DEFAULT_ITERATIONS);

    private final ByteArrayDecoder[][] decoders = {
        {new ByteArrayDecoder(MODES[0][0]), new ByteArrayDecoder(MODES[0][1])},
        {new ByteArrayDecoder(MODES[1][0]), new ByteArrayDecoder(MODES[1][1])},
    };
    private final Map<DecodeError, int[]> errors = new EnumMap<>(DecodeError.class);
    private int completed;

    @Test
    void shouldOnlyEverThrowDecodeException() throws InterruptedException {
        String replay = "-Damqp.fuzz.seed=" + seed + " -Damqp.fuzz.iterations=" + iterations;
        System.out.println("MutationFuzzTest: " + replay);
        // a shallow stack makes the many getter exceptions (WRONG_TYPE...) cheap to fill in
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread worker = new Thread(() -> {
            try {
                run(replay);
            } catch (Throwable t) {
                failure.set(t);
            }
        }, "fuzz");
        worker.start();
        worker.join();
        if (failure.get() != null) {
            if (failure.get() instanceof AssertionError) {
                throw (AssertionError) failure.get();
            }
            throw new AssertionError(failure.get());
        }
        System.out.println("MutationFuzzTest: " + iterations + " inputs, " + completed + " decoded fully (lenient); "
            + "errors " + summary());
        // the mutations must reach every error the scan can report, or the fuzzer is not doing its job
        for (DecodeError e : new DecodeError[] {DecodeError.TRUNCATED, DecodeError.INVALID_FORMAT_CODE,
            DecodeError.SIZE_MISMATCH, DecodeError.COUNT_EXCEEDS_SIZE, DecodeError.ODD_MAP_COUNT,
            DecodeError.INVALID_UTF8, DecodeError.INVALID_SYMBOL, DecodeError.INVALID_VALUE,
            DecodeError.INVALID_DESCRIPTOR}) {
            assertTrue(iterations < 50_000 || errors.containsKey(e), () -> "never reached " + e + ": " + summary());
        }
        assertTrue(iterations < 50_000 || completed > iterations / 100, "too few inputs survive the mutations");
    }

    private String summary() {
        StringBuilder sb = new StringBuilder();
        errors.forEach((k, v) -> sb.append(k).append('=').append(v[0]).append(' '));
        return sb.toString().trim();
    }

    private void run(String replay) {
        Random corpusRandom = new Random(seed);
        List<Sample> corpus = corpus(corpusRandom);
        for (int i = 0; i < iterations; i++) {
            long caseSeed = mix(seed, i);
            Random r = new Random(caseSeed);
            byte[] input = mutate(r, corpus);
            boolean oneByOne = r.nextInt(4) == 0;
            int mode = r.nextInt(8) == 0 ? 1 : 0;
            InputBackend other = i % 8 == 7 ? OTHERS[(i / 8) % OTHERS.length] : null;
            try {
                check(input, caseSeed, oneByOne, mode, other);
            } catch (Throwable t) {
                byte[] small = minimise(input, caseSeed, oneByOne, mode, other, t);
                AssertionError e = new AssertionError("fuzz case " + i + " (" + replay + ") on "
                    + (other == null ? "BYTE_ARRAY" : "BYTE_ARRAY and " + other) + (oneByOne ? ", decodeValue" : "")
                    + ", " + Arrays.toString(MODES[mode]) + ": " + t + "\n  input:     " + Hex.text(input)
                    + "\n  minimised: " + Hex.text(small), t);
                throw e;
            }
        }
    }

    /** Decodes one input everywhere it should be decoded and checks what came out; throws what went wrong. */
    private void check(byte[] input, long caseSeed, boolean oneByOne, int mode, InputBackend other) {
        byte[] before = input.clone();
        Outcome l = decode(decoders[mode][0].wrap(input), input, caseSeed, oneByOne);
        Outcome s = decode(decoders[mode][1].wrap(input), input, caseSeed, oneByOne);
        if (!Arrays.equals(before, input)) {
            throw new AssertionError("decoding modified its input");
        }
        checkLenient(l, input.length);
        checkStrict(s, input.length);
        if (s.error == null && (l.error != null || l.completed != s.completed || l.position != s.position
            || l.callbacks != s.callbacks)) {
            throw new AssertionError("strict mode accepted what lenient mode did not: lenient " + l + "; strict " + s);
        }
        if (input.length % 16 == 0 && Hostile.allocationMeasurable()) {
            allocationBound(decoders[mode][0].wrap(input), input);
        }
        if (other != null) {
            for (DecodeOptions options : MODES[mode]) {
                try (InputBackend.Source src = Hostile.openUnrecorded(other, input, options)) {
                    Outcome o = decode(src.decoder(), input, caseSeed, oneByOne);
                    Outcome expected = options == MODES[mode][0] ? l : s;
                    if (!o.sameAs(expected)) {
                        throw new AssertionError(other + " decoded otherwise than byte[] (" + options + "): " + o
                            + " instead of " + expected);
                    }
                }
            }
        }
        if (l.error != null) {
            errors.computeIfAbsent(l.error.error(), k -> new int[1])[0]++;
        } else if (l.completed) {
            completed++;
        }
        if (s.error != null && (l.error == null || s.error.error() != l.error.error())) {
            errors.computeIfAbsent(s.error.error(), k -> new int[1])[0]++;
        }
    }

    private static final DataHandler NOTHING = new DataHandler() { };

    /**
     * A handler that reads nothing makes the decoder allocate next to nothing, whatever the input declares: its
     * scratch and nesting arrays grow with what the input really holds, and an error costs one exception.
     */
    private static void allocationBound(ScanningDecoder d, byte[] input) {
        long before = Hostile.allocatedBytes();
        try {
            d.decode(NOTHING);
        } catch (DecodeException expected) {
            // the outcome was checked already
        }
        long allocated = Hostile.allocatedBytes() - before;
        if (allocated > 32 * 1024 + 2L * input.length) {
            throw new AssertionError("decoding " + input.length + " bytes without reading them allocated " + allocated
                + " bytes");
        }
    }

    /**
     * Decodes with an Exerciser; after a stop or a bail (the handler's own exception, which must come out as it
     * is), scans on from where the decoder stands, a few times, as a caller reading what is left would.
     */
    private Outcome decode(ScanningDecoder d, byte[] input, long caseSeed, boolean oneByOne) {
        Exerciser h = new Exerciser(input, new Random(caseSeed), SWEEP_ONE_IN);
        boolean done = false;
        try {
            for (int resumes = 0; !done && resumes < 8 && (resumes == 0 || d.remaining() > 0); resumes++) {
                int start = d.position();
                h.restart(start);
                try {
                    done = oneByOne ? oneByOne(d, h) : d.decode(h);
                } catch (Exerciser.Bail expected) {
                    // scanning stopped inside the handler; the decoder must be usable again
                }
            }
        } catch (DecodeException e) {
            return new Outcome(false, e, h.digest(), h.callbacks(), -1);
        }
        return new Outcome(done, null, h.digest(), h.callbacks(), d.position());
    }

    private static boolean oneByOne(ScanningDecoder d, Exerciser h) {
        while (d.remaining() > 0) {
            int p = d.position();
            if (!d.decodeValue(h)) {
                return false;
            }
            if (d.position() <= p) {
                throw new AssertionError("decodeValue() made no progress at " + p);
            }
        }
        return true;
    }

    private static void checkLenient(Outcome o, int length) {
        if (o.error == null) {
            return;
        }
        checkError(o.error, length);
        switch (o.error.error()) {
            case ODD_MAP_COUNT:
            case INVALID_UTF8:
            case INVALID_SYMBOL:
            case INVALID_VALUE:
                throw new AssertionError("lenient mode reported a strict-only error: " + o.error.getMessage(), o.error);
            case INVALID_DESCRIPTOR:
                if (o.error.formatCode() != FormatCode.DESCRIBED) {
                    throw new AssertionError("lenient mode rejected a plain descriptor: " + o.error.getMessage(),
                        o.error);
                }
                break;
            default:
                break;
        }
    }

    private static void checkStrict(Outcome o, int length) {
        if (o.error != null) {
            checkError(o.error, length);
        }
    }

    private static void checkError(DecodeException e, int length) {
        DecodeError kind = e.error();
        boolean fine = kind != DecodeError.WRONG_TYPE && kind != DecodeError.OUT_OF_RANGE
            && e.offset() >= 0 && e.offset() <= length && e.formatCode() >= -1 && e.formatCode() <= 0xFF
            && (kind == DecodeError.TRUNCATED ? e.missingBytes() > 0 : e.missingBytes() == 0)
            && e.getMessage() != null && (e.formatCode() < 0 || FormatCode.isDefined(e.formatCode())
                || kind == DecodeError.INVALID_FORMAT_CODE);
        if (!fine) {
            throw new AssertionError("implausible decode exception: " + e.getMessage() + " (offset " + e.offset()
                + ", code " + e.formatCode() + ", missing " + e.missingBytes() + ")", e);
        }
    }

    // ------------------------------------------------------------------ minimising

    /** The smallest input (by removing chunks, then bytes) that still fails the same way. */
    private byte[] minimise(byte[] input, long caseSeed, boolean oneByOne, int mode, InputBackend other,
                            Throwable first) {
        String signature = signature(first);
        byte[] best = input;
        for (int chunk = Math.max(1, best.length / 2); chunk >= 1; chunk /= 2) {
            boolean progress = true;
            while (progress) {
                progress = false;
                for (int at = 0; at + chunk <= best.length; at += chunk) {
                    byte[] candidate = new byte[best.length - chunk];
                    System.arraycopy(best, 0, candidate, 0, at);
                    System.arraycopy(best, at + chunk, candidate, at, best.length - at - chunk);
                    if (fails(candidate, caseSeed, oneByOne, mode, other, signature)) {
                        best = candidate;
                        progress = true;
                        break;
                    }
                }
            }
        }
        return best;
    }

    private boolean fails(byte[] candidate, long caseSeed, boolean oneByOne, int mode, InputBackend other,
                          String signature) {
        try {
            check(candidate, caseSeed, oneByOne, mode, other);
            return false;
        } catch (Throwable t) {
            return signature(t).equals(signature);
        }
    }

    /** The class of what went wrong, and for assertions their text without numbers, offsets and hex. */
    private static String signature(Throwable t) {
        Throwable root = t instanceof AssertionError && t.getCause() != null ? t.getCause() : t;
        String message = String.valueOf(t.getMessage());
        int cut = message.indexOf(" (at offset");
        if (cut >= 0) {
            message = message.substring(0, cut);
        }
        message = message.replaceAll("[0-9A-Fa-f]{2,}|[0-9]", "#");
        return root.getClass().getName() + ":" + (t instanceof AssertionError ? message : "");
    }

    // ------------------------------------------------------------------ mutations

    private static byte[] mutate(Random r, List<Sample> corpus) {
        Sample sample = corpus.get(r.nextInt(corpus.size()));
        byte[] b = sample.bytes.clone();
        int mutations = 1 + (r.nextInt(4) == 0 ? r.nextInt(4) : 0);
        for (int m = 0; m < mutations; m++) {
            b = mutateOnce(r, b, sample, corpus);
        }
        return b;
    }

    private static byte[] mutateOnce(Random r, byte[] b, Sample sample, List<Sample> corpus) {
        int n = b.length;
        switch (r.nextInt(11)) {
            case 0: // flip a bit
                if (n > 0) {
                    b[r.nextInt(n)] ^= (byte) (1 << r.nextInt(8));
                }
                return b;
            case 1: // a random byte
                if (n > 0) {
                    b[r.nextInt(n)] = (byte) r.nextInt(256);
                }
                return b;
            case 2: // a planted constructor, at a constructor's place or anywhere
            {
                if (n == 0) {
                    return b;
                }
                int at = sample.codeAt.length > 0 && r.nextBoolean() ? sample.codeAt[r.nextInt(sample.codeAt.length)]
                    : r.nextInt(n);
                if (at < n) {
                    b[at] = (byte) CODES[r.nextInt(CODES.length)];
                }
                return b;
            }
            case 3: // a size or count field set to an extreme
            case 4:
            case 5:
                return field(r, b, sample);
            case 6: // insert bytes: random, or copied from elsewhere in the input
            {
                int k = 1 + r.nextInt(8);
                int at = r.nextInt(n + 1);
                byte[] out = new byte[n + k];
                System.arraycopy(b, 0, out, 0, at);
                System.arraycopy(b, at, out, at + k, n - at);
                for (int i = 0; i < k; i++) {
                    out[at + i] = n > 0 && r.nextBoolean() ? b[r.nextInt(n)] : (byte) r.nextInt(256);
                }
                return out;
            }
            case 7: // delete bytes
            {
                if (n == 0) {
                    return b;
                }
                int k = 1 + r.nextInt(Math.min(8, n));
                int at = r.nextInt(n - k + 1);
                byte[] out = new byte[n - k];
                System.arraycopy(b, 0, out, 0, at);
                System.arraycopy(b, at + k, out, at, n - at - k);
                return out;
            }
            case 8: // truncate
                return Arrays.copyOf(b, n == 0 ? 0 : r.nextInt(n));
            case 9: // splice: this one's head, another one's tail
            {
                byte[] o = corpus.get(r.nextInt(corpus.size())).bytes;
                int head = r.nextInt(n + 1);
                int tail = r.nextInt(o.length + 1);
                byte[] out = Arrays.copyOf(b, head + o.length - tail);
                System.arraycopy(o, tail, out, head, o.length - tail);
                return out;
            }
            default: // repeat a chunk
            {
                if (n == 0) {
                    return b;
                }
                int from = r.nextInt(n);
                int k = 1 + r.nextInt(Math.min(16, n - from));
                byte[] out = Arrays.copyOf(b, n + k);
                System.arraycopy(b, from, out, from + k, n - from);
                return out;
            }
        }
    }

    private static byte[] field(Random r, byte[] b, Sample sample) {
        if (sample.fieldAt.length == 0) {
            return b;
        }
        int f = r.nextInt(sample.fieldAt.length);
        int at = sample.fieldAt[f];
        int width = sample.fieldWidth[f];
        if (at + width > b.length) {
            return b;
        }
        long old = 0;
        for (int i = 0; i < width; i++) {
            old = old << 8 | (b[at + i] & 0xFF);
        }
        long max = width == 1 ? 0xFF : 0xFFFF_FFFFL;
        long v;
        switch (r.nextInt(8)) {
            case 0: v = 0; break;
            case 1: v = max; break;
            case 2: v = max >>> 1; break;
            case 3: v = (max >>> 1) + 1; break;
            case 4: v = old + 1; break;
            case 5: v = old - 1; break;
            case 6: v = old + 1 + r.nextInt(16); break;
            default: v = r.nextInt(300); break;
        }
        v &= max;
        for (int i = width - 1; i >= 0; i--) {
            b[at + i] = (byte) v;
            v >>>= 8;
        }
        return b;
    }

    // ------------------------------------------------------------------ the corpus

    private static List<Sample> corpus(Random r) {
        List<byte[]> encodings = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            ValGen gen = new ValGen(r.nextLong());
            gen.maxDepth = 3;
            gen.maxItems = 6;
            Val v = gen.value();
            for (EncoderFlavour flavour : EncoderFlavour.values()) {
                ByteArrayEncoder e = new ByteArrayEncoder(flavour);
                v.encode(e);
                int n = e.finish();
                if (n <= 1024) {
                    encodings.add(Arrays.copyOf(e.array(), n));
                }
            }
        }
        for (String hex : HAND_PICKED) {
            encodings.add(Hex.bytes(hex));
        }
        // beyond 8 KiB: backends without an array validate and copy text in chunks of that size
        ByteArrayEncoder big = new ByteArrayEncoder(EncoderFlavour.FAST);
        big.putList().putString("\u00E9\u20AC\uD83D\uDE00x".repeat(1000)).putSymbol("s".repeat(9000)).end();
        encodings.add(Arrays.copyOf(big.array(), big.finish()));
        List<Sample> corpus = new ArrayList<>();
        for (byte[] bytes : encodings) {
            corpus.add(sample(bytes));
        }
        return corpus;
    }

    /** Byte-exact samples from the reference, plus shapes the generator rarely makes. */
    static final String[] HAND_PICKED = {
        "C0 03 02 43 44",
        "D0 00000006 00000002 43 44",
        "D1 00000009 00000002 A3 01 61 52 01",
        "C1 01 00",
        "E0 07 02 A3 01 61 02 62 63",
        "E0 04 02 56 01 00",
        "E0 02 03 40",
        "E0 02 00 A3",
        "F0 00000008 00000000 00 53 24 D0",
        "E0 0D 02 00 53 23 C0 03 02 43 44 03 02 43 44",
        "E0 05 02 00 53 24 45",
        "F0 00000017 00000002 D0 00000004 00000000 00000006 00000001 52 01",
        "F0 00000023 00000002 F0 0000000D 00000002 71 00000001 00000002 00000009 00000001 71 00000003",
        "00 A3 11 6578616D706C653A626F6F6B3A6C697374 C0 40 03 A1 15 414D515020666F72202620627920"
            + "44756D6D696573 E0 25 02 A1 0E 526F62204A2E20476F6466726579 13 52616661656C20482E20536368"
            + "6C6F6D696E67 40",
        // a transfer performative and a message, as a broker sees them
        "00 53 14 C0 0A 05 43 43 A0 03 01 02 03 43 42 "
            + "00 53 70 45 00 53 73 C0 0A 03 A1 02 69 64 40 A1 02 74 6F "
            + "00 53 74 C1 0D 02 A1 03 6B 65 79 A1 05 76 61 6C 75 65 00 53 77 A1 05 68 65 6C 6C 6F",
        "00 80 0000468C00000004 D0 00000005 00000001 40 00 53 01 00 53 02 A1 01 78",
        "73 0010FFFF 73 00000041 94 0000000000000000 0000000000000000 98 00112233445566778899AABBCCDDEEFF",
        "B1 00000004 F0 9F 98 80 A1 02 C3 A9 B3 00000001 7A B0 00000002 FF 00",
        "F0 0000000C 00000002 A1 05 68 65 6C 6C 6F 00",
        "E0 0E 03 73 00000061 00000062 00000063 56 02",
    };

    /** Finds the size, count and constructor positions of a valid encoding by decoding it. */
    static Sample sample(byte[] bytes) {
        List<int[]> fields = new ArrayList<>();
        List<Integer> codes = new ArrayList<>();
        DataHandler h = new DataHandler() {
            private void value(Decoder d) {
                int code = d.formatCode();
                int off = d.offset();
                boolean element = d.isArrayElement();
                if (!element) {
                    codes.add(off);
                }
                int header = element ? off : off + 1;
                int high = code >>> 4;
                if (high >= 0xA) {
                    int w = FormatCode.width(code);
                    fields.add(new int[] {header, w});
                    if (high >= 0xC) {
                        fields.add(new int[] {header + w, w});
                    }
                    if (high >= 0xE && !d.isDescriptor()) {
                        codes.add(header + 2 * w);
                    }
                }
            }

            @Override
            public void onPrimitive(Decoder d) {
                value(d);
            }

            @Override
            public void onDescriptor(Decoder d) {
                codes.add(d.offset() - 1);
                value(d);
            }

            @Override
            public void onListBegin(Decoder d) {
                value(d);
            }

            @Override
            public void onMapBegin(Decoder d) {
                value(d);
            }

            @Override
            public void onArrayBegin(Decoder d) {
                value(d);
            }
        };
        new ByteArrayDecoder().wrap(bytes).decode(h);
        return new Sample(bytes, fields, codes);
    }

    private static long mix(long seed, long i) {
        long z = seed + (i + 1) * 0x9E37_79B9_7F4A_7C15L;
        z = (z ^ z >>> 30) * 0xBF58_476D_1CE4_E5B9L;
        z = (z ^ z >>> 27) * 0x94D0_49BB_1331_11EBL;
        return z ^ z >>> 31;
    }
}
