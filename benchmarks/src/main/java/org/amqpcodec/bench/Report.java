package org.amqpcodec.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

import org.amqpcodec.bench.workload.Seed;
import org.amqpcodec.bench.workload.Strings;
import org.amqpcodec.bench.workload.Transfer;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * Runs every benchmark of this module in one JMH run with the GC profiler and prints the results as Markdown:
 * one table with each of this codec's variants beside both peers and the floor, then the goals, each met or
 * missed. Usage: {@code Report [short|full] [regex]}; {@code benchmarks/run} builds the jar and calls this.
 *
 * <ul>
 *   <li>{@code short} (the default): 1 fork, 2 × 1 s warm-up, 3 × 1 s measurement; for quick checks.</li>
 *   <li>{@code full}: 2 forks, 5 × 1 s warm-up, 5 × 1 s measurement; for figures that get published.</li>
 * </ul>
 * The regex narrows the run to matching benchmarks (JMH's include syntax). The Markdown also goes to
 * {@code benchmarks/target/report-<jdk>-<mode>.md}, and JMH's own results to a JSON file beside it.
 */
public final class Report {

    private Report() {
    }

    /**
     * Runs the suite and prints the report.
     *
     * @param args {@code [short|full] [regex]}
     * @throws RunnerException if JMH fails
     * @throws IOException if the report cannot be written
     */
    public static void main(String[] args) throws RunnerException, IOException {
        String mode = args.length > 0 ? args[0] : "short";
        String include = args.length > 1 ? args[1] : "org\\.amqpcodec\\.bench\\..*";
        if (!mode.equals("short") && !mode.equals("full") || args.length > 2) {
            System.err.println("usage: Report [short|full] [regex]");
            System.exit(2);
        }
        String jdk = "JDK " + Runtime.version().feature();
        Path dir = Paths.get("benchmarks", "target");
        Files.createDirectories(dir);
        String name = "report-jdk" + Runtime.version().feature() + "-" + mode;
        ChainedOptionsBuilder options = new OptionsBuilder()
            .include(include)
            .addProfiler(GCProfiler.class)
            .timeUnit(TimeUnit.NANOSECONDS)
            .resultFormat(ResultFormatType.JSON)
            .result(dir.resolve(name + ".json").toString());
        if (mode.equals("short")) {
            options.forks(1).warmupIterations(2).warmupTime(TimeValue.seconds(1))
                .measurementIterations(3).measurementTime(TimeValue.seconds(1));
        } else {
            options.forks(2).warmupIterations(5).warmupTime(TimeValue.seconds(1))
                .measurementIterations(5).measurementTime(TimeValue.seconds(1));
        }
        Collection<RunResult> results = new Runner(options.build()).run();
        List<Measurement> measurements = new ArrayList<>();
        for (RunResult run : results) {
            measurements.add(Measurement.of(run));
        }
        String header = String.format(Locale.ROOT, "%s (%s %s), %s, %d CPUs, %s mode: %s%n",
            jdk, System.getProperty("java.vm.name"), System.getProperty("java.vm.version"),
            System.getProperty("os.arch"), Runtime.getRuntime().availableProcessors(), mode,
            mode.equals("short") ? "1 fork, 2 × 1 s warm-up, 3 × 1 s measurement"
                : "2 forks, 5 × 1 s warm-up, 5 × 1 s measurement");
        String markdown = header + "\n" + new Table(measurements).markdown();
        Files.writeString(dir.resolve(name + ".md"), markdown);
        System.out.println();
        System.out.println(markdown);
    }

    /**
     * One benchmark's result: which benchmark with which parameters, its time and its allocation.
     *
     * @param benchmark the class's simple name and the method, {@code SeedEncode.ours}
     * @param params the JMH parameters
     * @param nanos average time per operation
     * @param error the 99.9% confidence half-width of {@code nanos} ({@code NaN} when JMH gives none)
     * @param bytes bytes allocated per operation ({@code NaN} without the GC profiler)
     */
    public record Measurement(String benchmark, Map<String, String> params, double nanos, double error,
                              double bytes) {

        @SuppressWarnings("rawtypes") // JMH's secondary results are a Map<String, Result> of the raw type
        static Measurement of(RunResult run) {
            String full = run.getParams().getBenchmark();
            String[] parts = full.split("\\.");
            String benchmark = parts[parts.length - 2] + "." + parts[parts.length - 1];
            Map<String, String> params = new TreeMap<>();
            for (String key : run.getParams().getParamsKeys()) {
                params.put(key, run.getParams().getParam(key));
            }
            Result<?> primary = run.getPrimaryResult();
            double bytes = Double.NaN;
            for (Map.Entry<String, Result> e : run.getSecondaryResults().entrySet()) {
                if (e.getKey().endsWith("gc.alloc.rate.norm")) {
                    bytes = e.getValue().getScore();
                }
            }
            return new Measurement(benchmark, params, primary.getScore(), primary.getScoreError(), bytes);
        }

        String method() {
            return benchmark.substring(benchmark.indexOf('.') + 1);
        }

        String benchmarkClass() {
            return benchmark.substring(0, benchmark.indexOf('.'));
        }
    }

    /** Turns measurements into the Markdown table and the goals. */
    static final class Table {
        private final List<Measurement> measurements;

        Table(List<Measurement> measurements) {
            this.measurements = measurements;
        }

        /** A workload's rows: which benchmark classes, and which parameter tells its instances apart. */
        private static final String[][] WORKLOADS = {
            {"seed, ints 1000+j", "SeedEncode", "SeedDecode", "base", "1000"},
            {"seed, ints 0+j", "SeedEncode", "SeedDecode", "base", "0"},
            {"transfer", "TransferEncode", "TransferDecode", null, null},
            {"string, ASCII (35 chars)", "StringEncode", "StringDecode", "text", "ASCII"},
            {"string, mixed (64 chars, 100 bytes)", "StringEncode", "StringDecode", "text", "MIXED"},
        };

        String markdown() {
            StringBuilder sb = new StringBuilder();
            sb.append("| workload | operation | this codec | ns/op | B/op | Proton-J ns/op (B/op) "
                + "| ProtonJ2 ns/op (B/op) | Proton-J ÷ ours | ProtonJ2 ÷ ours | ours ÷ floor |\n");
            sb.append("|---|---|---|---:|---:|---:|---:|---:|---:|---:|\n");
            for (String[] w : WORKLOADS) {
                Measurement floor = find(w[2], "floor", w[3], w[4]);
                for (String op : new String[] {"encode", "decode"}) {
                    String cls = op.equals("encode") ? w[1] : w[2];
                    Measurement protonJ = find(cls, "protonJ", w[3], w[4]);
                    Measurement protonJ2 = find(cls, "protonJ2", w[3], w[4]);
                    for (Measurement ours : ours(cls, w[3], w[4])) {
                        sb.append("| ").append(w[0]).append(" | ").append(operation(op, ours)).append(" | ")
                            .append(variant(ours)).append(" | ").append(nanos(ours)).append(" | ")
                            .append(bytes(ours)).append(" | ").append(peer(protonJ)).append(" | ")
                            .append(peer(protonJ2)).append(" | ").append(ratio(protonJ, ours)).append(" | ")
                            .append(ratio(protonJ2, ours)).append(" | ").append(ratio(ours, floor))
                            .append(" |\n");
                    }
                }
                if (floor != null) {
                    sb.append("| ").append(w[0]).append(" | floor: copy the ").append(floorLength(w))
                        .append(" encoded bytes | `System.arraycopy` | ").append(nanos(floor))
                        .append(" | ").append(bytes(floor)).append(" | | | | | 1.00 |\n");
                }
            }
            sb.append('\n').append(goals());
            return sb.toString();
        }

        /** How many bytes a workload's floor copies: its compact encoding. */
        private static int floorLength(String[] w) {
            switch (w[1]) {
                case "SeedEncode":
                    return BenchmarkDefaults.compactBytes(new Seed(Integer.parseInt(w[4]))::write).length;
                case "TransferEncode":
                    return BenchmarkDefaults.compactBytes(Transfer::write).length;
                default:
                    return BenchmarkDefaults.compactBytes(Strings.valueOf(w[4])::write).length;
            }
        }

        private List<Measurement> ours(String cls, String key, String value) {
            List<Measurement> list = new ArrayList<>();
            for (Measurement m : measurements) {
                if (m.benchmarkClass().equals(cls) && m.method().equals("ours")
                    && (key == null || value.equals(m.params().get(key)))) {
                    list.add(m);
                }
            }
            list.sort((a, b) -> order(a).compareTo(order(b)));
            return list;
        }

        private static String order(Measurement m) {
            Map<String, String> p = m.params();
            return p.getOrDefault("keys", "") + p.getOrDefault("text", "") + p.getOrDefault("as", "") + "/"
                + (p.getOrDefault("flavour", "").equals("FAST") ? "0" : "1")
                + Buffer.valueOf(p.get("buffer")).ordinal();
        }

        private Measurement find(String cls, String method, String key, String value) {
            for (Measurement m : measurements) {
                if (m.benchmarkClass().equals(cls) && m.method().equals(method)
                    && (key == null || value.equals(m.params().get(key)))) {
                    return m;
                }
            }
            return null;
        }

        private static String operation(String op, Measurement ours) {
            String keys = ours.params().get("keys");
            if (keys != null) {
                return op + (keys.equals("cached") ? ", keys cached" : ", keys as String");
            }
            String as = ours.params().get("as");
            if (as != null) {
                return op + (as.equals("cached") ? ", cached String" : ", new String");
            }
            String text = ours.params().get("text");
            if (text != null && ours.benchmarkClass().startsWith("Transfer")) {
                return op + (text.equals("copied") ? ", text as UTF-8 copied" : ", text as String");
            }
            return op;
        }

        private static String variant(Measurement m) {
            String flavour = m.params().get("flavour");
            String buffer = Buffer.valueOf(m.params().get("buffer")).label();
            return flavour == null ? buffer : flavour + ", " + buffer;
        }

        static String nanos(Measurement m) {
            if (m == null) {
                return "–";
            }
            String s = number(m.nanos());
            return Double.isNaN(m.error()) ? s : s + " ± " + number(m.error());
        }

        private static String number(double v) {
            return v >= 100 ? String.format(Locale.ROOT, "%.0f", v) : String.format(Locale.ROOT, "%.1f", v);
        }

        static String bytes(Measurement m) {
            if (m == null || Double.isNaN(m.bytes())) {
                return "–";
            }
            // JMH reports 10^-3 B/op and less for code that allocates nothing: samples of JVM background
            return m.bytes() < 0.5 ? "0" : String.format(Locale.ROOT, "%.0f", m.bytes());
        }

        private static String peer(Measurement m) {
            return m == null ? "–" : number(m.nanos()) + " (" + bytes(m) + ")";
        }

        private static String ratio(Measurement numerator, Measurement denominator) {
            if (numerator == null || denominator == null) {
                return "–";
            }
            return String.format(Locale.ROOT, "%.2f", numerator.nanos() / denominator.nanos());
        }

        /** The goals, each with the worst ratio over every variant of this codec it covers. */
        String goals() {
            StringBuilder sb = new StringBuilder();
            goal(sb, "seed encode ≥ 10× ProtonJ2", ratios("SeedEncode", "protonJ2", "base", null), 10);
            goal(sb, "seed encode ≥ 15× Proton-J", ratios("SeedEncode", "protonJ", "base", null), 15);
            zeroBytes(sb, "seed encode 0 B/op", select("SeedEncode", null));
            goal(sb, "seed decode, keys cached ≥ 5× ProtonJ2",
                ratios("SeedDecode", "protonJ2", "base", Map.of("keys", "cached")), 5);
            goal(sb, "seed decode, keys as String ≥ 5× ProtonJ2",
                ratios("SeedDecode", "protonJ2", "base", Map.of("keys", "string")), 5);
            zeroBytes(sb, "seed decode, keys cached 0 B/op", select("SeedDecode", Map.of("keys", "cached")));
            goal(sb, "transfer encode ≥ 5× ProtonJ2", ratios("TransferEncode", "protonJ2", null, null), 5);
            zeroBytes(sb, "transfer encode 0 B/op", select("TransferEncode", null));
            goal(sb, "transfer decode, text as String ≥ 8× ProtonJ2",
                ratios("TransferDecode", "protonJ2", null, Map.of("text", "string")), 8);
            goal(sb, "transfer decode, text as UTF-8 copied ≥ 8× ProtonJ2",
                ratios("TransferDecode", "protonJ2", null, Map.of("text", "copied")), 8);
            goal(sb, "ASCII string encode ≥ 3× ProtonJ2",
                ratios("StringEncode", "protonJ2", "text", Map.of("text", "ASCII")), 3);
            zeroBytes(sb, "ASCII string encode 0 B/op", select("StringEncode", Map.of("text", "ASCII")));
            goal(sb, "ASCII string decode, new String ≥ 3× ProtonJ2",
                ratios("StringDecode", "protonJ2", "text", Map.of("text", "ASCII", "as", "string")), 3);
            goal(sb, "ASCII string decode, cached String ≥ 3× ProtonJ2",
                ratios("StringDecode", "protonJ2", "text", Map.of("text", "ASCII", "as", "cached")), 3);
            List<Double> bestPeer = new ArrayList<>();
            for (Measurement ours : select("StringEncode", Map.of("text", "MIXED"))) {
                Measurement a = find("StringEncode", "protonJ", "text", "MIXED");
                Measurement b = find("StringEncode", "protonJ2", "text", "MIXED");
                if (a != null && b != null) {
                    bestPeer.add(Math.min(a.nanos(), b.nanos()) / ours.nanos());
                }
            }
            goal(sb, "non-ASCII string encode ≥ 4× the best peer", bestPeer, 4);
            List<Double> compact = new ArrayList<>();
            for (Measurement c : measurements) {
                if (c.method().equals("ours") && "COMPACT".equals(c.params().get("flavour"))) {
                    Map<String, String> fast = new LinkedHashMap<>(c.params());
                    fast.put("flavour", "FAST");
                    for (Measurement f : measurements) {
                        if (f.benchmark().equals(c.benchmark()) && f.params().equals(fast)) {
                            compact.add(c.nanos() / f.nanos());
                        }
                    }
                }
            }
            if (!compact.isEmpty()) {
                double worst = compact.stream().mapToDouble(Double::doubleValue).max().getAsDouble();
                double best = compact.stream().mapToDouble(Double::doubleValue).min().getAsDouble();
                sb.append(String.format(Locale.ROOT, "| compact within 15%% of fast (compact ÷ fast ≤ 1.15, every "
                    + "workload and buffer) | %.2f … %.2f | %s |%n", worst, best, worst <= 1.15 ? "yes" : "**no**"));
            }
            // a run narrowed to benchmarks that no goal covers gets no goals table
            return sb.length() == 0 ? ""
                : "| goal | measured (worst … best of this codec's variants) | met |\n|---|---|---|\n" + sb;
        }

        private List<Measurement> select(String cls, Map<String, String> params) {
            List<Measurement> list = new ArrayList<>();
            for (Measurement m : measurements) {
                if (m.benchmarkClass().equals(cls) && m.method().equals("ours")
                    && (params == null || m.params().entrySet().containsAll(params.entrySet()))) {
                    list.add(m);
                }
            }
            return list;
        }

        /** Peer time over ours for every variant of ours; the peer instance is the one with the same key param. */
        private List<Double> ratios(String cls, String peer, String key, Map<String, String> params) {
            List<Double> list = new ArrayList<>();
            for (Measurement ours : select(cls, params)) {
                Measurement p = find(cls, peer, key, key == null ? null : ours.params().get(key));
                if (p != null) {
                    list.add(p.nanos() / ours.nanos());
                }
            }
            return list;
        }

        private static void goal(StringBuilder sb, String goal, List<Double> ratios, double target) {
            if (ratios.isEmpty()) {
                return;
            }
            double worst = ratios.stream().mapToDouble(Double::doubleValue).min().getAsDouble();
            double best = ratios.stream().mapToDouble(Double::doubleValue).max().getAsDouble();
            sb.append(String.format(Locale.ROOT, "| %s | %.2f× … %.2f× | %s |%n", goal, worst, best,
                worst >= target ? "yes" : best >= target ? "**partly**" : "**no**"));
        }

        private static void zeroBytes(StringBuilder sb, String goal, List<Measurement> list) {
            if (list.isEmpty()) {
                return;
            }
            double worst = list.stream().mapToDouble(Measurement::bytes).max().getAsDouble();
            sb.append(String.format(Locale.ROOT, "| %s | at most %s B/op | %s |%n", goal,
                worst < 0.5 ? "0" : String.format(Locale.ROOT, "%.0f", worst), worst < 0.5 ? "yes" : "**no**"));
        }
    }
}
