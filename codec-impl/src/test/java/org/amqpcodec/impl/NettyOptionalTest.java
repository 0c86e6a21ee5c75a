package org.amqpcodec.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.amqpcodec.impl.nonetty.NettyFreeMain;
import org.junit.jupiter.api.Test;

/**
 * Netty is an optional dependency of codec-impl: code that does not touch {@code org.amqpcodec.impl.netty} must
 * run without it. A child JVM (the same java binary) runs {@link NettyFreeMain} with a class path of the codec's
 * own classes and the test classes only (no Netty, no other library): it encodes with the byte[] and ByteBuffer
 * encoders in both flavours and decodes with the byte[] and ByteBuffer decoders. As a control, the same child
 * fails to load the Netty decoder, so the class path really lacks Netty.
 */
class NettyOptionalTest {

    record Child(int exitCode, List<String> lines) {
    }

    /** The test class path, keeping only directories of classes and the codec's own jars. */
    static String classPathWithoutNetty() {
        String[] entries = System.getProperty("java.class.path").split(File.pathSeparator);
        assertTrue(Arrays.stream(entries).anyMatch(e -> fileName(e).startsWith("netty-buffer")),
            "the test class path has Netty, so leaving it out means something: " + Arrays.toString(entries));
        List<String> kept = new ArrayList<>();
        for (String e : entries) {
            if (e.isEmpty()) {
                continue;
            }
            File f = new File(e);
            if (f.isDirectory() || fileName(e).startsWith("codec-api") || fileName(e).startsWith("codec-impl")) {
                kept.add(e);
            }
        }
        assertFalse(kept.stream().anyMatch(e -> e.contains("netty")), kept.toString());
        assertTrue(kept.stream().anyMatch(e -> e.contains("codec-api")), "codec-api classes: " + kept);
        assertTrue(kept.stream().anyMatch(e -> e.contains("codec-impl")), "codec-impl classes: " + kept);
        return String.join(File.pathSeparator, kept);
    }

    static String fileName(String path) {
        Path p = Paths.get(path).getFileName();
        return p == null ? "" : p.toString();
    }

    static Child run(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-ea");
        command.add("-XX:TieredStopAtLevel=1"); // a short run: start fast
        command.add("-cp");
        command.add(classPathWithoutNetty());
        command.add(NettyFreeMain.class.getName());
        command.addAll(Arrays.asList(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        byte[] out = p.getInputStream().readAllBytes(); // until the child exits and closes its output
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("the child JVM did not exit: " + new String(out, StandardCharsets.UTF_8));
        }
        String text = new String(out, StandardCharsets.UTF_8);
        return new Child(p.exitValue(), text.isEmpty() ? List.of() : Arrays.asList(text.split("\\R")));
    }

    @Test
    void shouldEncodeAndDecodeWithoutNettyOnTheClassPath() throws Exception {
        Child child = run();
        assertEquals(0, child.exitCode(), String.join("\n", child.lines()));
        // the same run in this JVM (Netty present) gives the same lines, and they are the expected message
        List<String> expected = new ArrayList<>(NettyFreeMain.run());
        expected.add("done");
        assertEquals(expected, child.lines());
        assertEquals(2 * 4 * 3 + 1, child.lines().size(), "2 flavours x 4 outputs x 3 inputs, then done");
        String rendering = "descriptor(77) [int(-5) string(\"h\\u00E9llo \\uD834\\uDD1E\") symbol(:sym)"
            + " binary(0x102ff) {symbol(:k) ulong(18446744073709551615) string(300 bytes) null(null)}"
            + " array<uint>[uint(1) uint(300)] array<list>[descriptor(23) [boolean(true)]] double(1.5)"
            + " timestamp(-1) uuid(01234567-89ab-cdef-ffff-ffffffffffff)]";
        for (String line : child.lines().subList(0, 24)) {
            assertTrue(line.endsWith(": " + rendering), line);
        }
    }

    @Test
    void shouldFailToLoadTheNettyBackendWithoutNetty() throws Exception {
        Child child = run("control");
        assertEquals(0, child.exitCode(), String.join("\n", child.lines()));
        assertEquals(List.of("NoClassDefFoundError: io/netty/buffer/ByteBuf"), child.lines());
    }
}
