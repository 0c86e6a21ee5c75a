package org.amqpcodec.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.amqpcodec.impl.ByteArrayEncoder;
import org.amqpcodec.impl.EncoderFlavour;
import org.junit.jupiter.api.Test;

/** The README's Java examples are real code: each block stands in the examples' sources, and runs here. */
class ReadmeTest {

    private static final Path MODULE = Path.of(System.getProperty("user.dir"));

    @Test
    void shouldHaveEveryReadmeJavaBlockInTheExampleSources() throws IOException {
        String readme = Files.readString(MODULE.resolve("../README.md"));
        Matcher m = Pattern.compile("```java\\n(.*?)```", Pattern.DOTALL).matcher(readme);
        List<List<String>> sources = new ArrayList<>();
        try (Stream<Path> files = Files.walk(MODULE.resolve("src"))) {
            for (Path p : files.filter(f -> f.toString().endsWith(".java")).collect(Collectors.toList())) {
                sources.add(trimmedLines(Files.readString(p)));
            }
        }
        int blocks = 0;
        while (m.find()) {
            blocks++;
            List<String> block = trimmedLines(m.group(1));
            boolean found = sources.stream().anyMatch(src -> Collections.indexOfSubList(src, block) >= 0);
            if (!found) {
                fail("README block not found verbatim in examples/src:\n" + m.group(1));
            }
        }
        assertTrue(blocks >= 2, "the README shows a decode and an encode example");
    }

    private static List<String> trimmedLines(String text) {
        return text.lines().map(String::trim).filter(l -> !l.isEmpty()).collect(Collectors.toList());
    }

    @Test
    void shouldFindTheRegionOfTheEncodedMessage() {
        byte[] message = Messages.encodeMessage();
        assertEquals("eu-west", Messages.region(message));
    }

    @Test
    void shouldReportNoRegionWhenTheMessageHasNone() {
        ByteArrayEncoder encoder = new ByteArrayEncoder(EncoderFlavour.FAST);
        encoder.putDescriptor(0x74).putMap().putString("zone").putString("eu-west").end()
               .putDescriptor(0x77).putString("region");
        encoder.finish();
        assertNull(Messages.region(encoder.toByteArray()));
    }

    @Test
    void shouldRunTheDemo() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        Demo.run(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        String out = bytes.toString(StandardCharsets.UTF_8);
        assertTrue(out.contains("== FAST encoder: 270 bytes"), out);
        assertTrue(out.contains("== COMPACT encoder: 207 bytes"), out);
        assertTrue(out.contains("descriptor 0x74"), out);
        assertTrue(out.contains("key string \"region\" (6 bytes)"), out);
        assertTrue(out.contains("string \"Grüße, 世界 👋\" (20 bytes)"), out);
        assertTrue(out.contains("array of 2 symbol {"), out);
        assertFalse(out.contains("Exception"), out);
    }
}
