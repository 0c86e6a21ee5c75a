package org.amqpcodec.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.stream.Collectors;

import org.amqpcodec.api.Encoder;
import org.amqpcodec.impl.SerialEncoder;
import org.junit.jupiter.api.Test;

/**
 * The jars carry their JPMS module names. Runs in the integration-test phase (failsafe), after the jars are
 * built; it reads the jars the reactor resolved (or, from an IDE, the jar beside a class directory).
 */
class ModuleNameIT {

    @Test
    void shouldNameTheApiModule() throws URISyntaxException {
        assertEquals("org.amqpcodec.api", moduleName(Encoder.class, "codec-api"));
    }

    @Test
    void shouldNameTheImplModule() throws URISyntaxException {
        assertEquals("org.amqpcodec.impl", moduleName(SerialEncoder.class, "codec-impl"));
    }

    private static String moduleName(Class<?> type, String artifact) throws URISyntaxException {
        Path location = Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
        Path jar = Files.isDirectory(location) ? findJar(location.getParent(), artifact) : location;
        Set<String> names = ModuleFinder.of(jar).findAll().stream()
            .map(r -> r.descriptor()).map(ModuleDescriptor::name).collect(Collectors.toSet());
        assertEquals(1, names.size(), names.toString());
        return names.iterator().next();
    }

    private static Path findJar(Path target, String artifact) {
        try (var files = Files.list(target)) {
            Path jar = files.filter(p -> p.getFileName().toString().matches(artifact + "-.*(?<!sources|javadoc)\\.jar"))
                .findFirst().orElse(null);
            assertTrue(jar != null, "no " + artifact + " jar in " + target + ": run ./mvnw verify (or package) first");
            return jar;
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
