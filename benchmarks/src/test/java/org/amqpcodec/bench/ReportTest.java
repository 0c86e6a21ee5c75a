package org.amqpcodec.bench;

import java.util.List;
import java.util.Map;

import org.amqpcodec.bench.Report.Measurement;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The report's table and goals from made-up measurements: rows, ratios and verdicts. */
class ReportTest {

    private static Measurement m(String benchmark, Map<String, String> params, double nanos, double bytes) {
        return new Measurement(benchmark, params, nanos, nanos / 10, bytes);
    }

    @Test
    void rowsRatiosAndGoals() {
        List<Measurement> ms = List.of(
            m("SeedEncode.ours", Map.of("base", "1000", "flavour", "FAST", "buffer", "ARRAY"), 20, 0.001),
            m("SeedEncode.ours", Map.of("base", "1000", "flavour", "COMPACT", "buffer", "ARRAY"), 25, 0),
            m("SeedEncode.protonJ", Map.of("base", "1000"), 400, 16),
            m("SeedEncode.protonJ2", Map.of("base", "1000"), 200, 24),
            m("SeedDecode.floor", Map.of("base", "1000"), 4, 0),
            m("SeedDecode.ours", Map.of("base", "1000", "keys", "cached", "buffer", "ARRAY"), 50, 0),
            m("SeedDecode.protonJ2", Map.of("base", "1000"), 300, 1496));
        String md = new Report.Table(ms).markdown();

        assertTrue(md.contains("| seed, ints 1000+j | encode | FAST, byte[] | 20.0 ± 2.0 | 0 | 400 (16) | 200 (24) "
            + "| 20.00 | 10.00 | 5.00 |"), md);
        assertTrue(md.contains("| seed, ints 1000+j | encode | COMPACT, byte[] | 25.0 ± 2.5 | 0 | 400 (16) "
            + "| 200 (24) | 16.00 | 8.00 | 6.25 |"), md);
        assertTrue(md.contains("| seed, ints 1000+j | decode, keys cached | byte[] | 50.0 ± 5.0 | 0 | – "
            + "| 300 (1496) | – | 6.00 | 12.50 |"), md);
        assertTrue(md.contains("| seed, ints 1000+j | floor: copy the 153 encoded bytes | `System.arraycopy` "
            + "| 4.0 ± 0.4 | 0 |"), md);
        // FAST rows come before COMPACT rows
        assertTrue(md.indexOf("FAST, byte[]") < md.indexOf("COMPACT, byte[]"), md);

        // the worst variant decides: 8× is not 10×, but one variant reaches it
        assertTrue(md.contains("| seed encode ≥ 10× ProtonJ2 | 8.00× … 10.00× | **partly** |"), md);
        assertTrue(md.contains("| seed encode ≥ 15× Proton-J | 16.00× … 20.00× | yes |"), md);
        assertTrue(md.contains("| seed encode 0 B/op | at most 0 B/op | yes |"), md);
        assertTrue(md.contains("| seed decode, keys cached ≥ 5× ProtonJ2 | 6.00× … 6.00× | yes |"), md);
        assertTrue(md.contains("| compact within 15% of fast (compact ÷ fast ≤ 1.15, every workload and buffer) "
            + "| 1.25 … 1.25 | **no** |"), md);
        // no rows for workloads that were not run
        assertTrue(!md.contains("transfer"), md);
    }

    @Test
    void aRunNoGoalCoversHasNoGoalsTable() {
        String md = new Report.Table(List.of(m("StringDecode.floor", Map.of("text", "ASCII"), 6, 0))).markdown();
        assertTrue(md.contains("| string, ASCII (35 chars) | floor: copy the 37 encoded bytes |"), md);
        assertEquals(-1, md.indexOf("| goal |"), md);
    }
}
