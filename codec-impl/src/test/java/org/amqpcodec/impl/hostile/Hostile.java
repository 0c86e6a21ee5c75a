package org.amqpcodec.impl.hostile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.lang.management.ManagementFactory;

import io.netty.util.ResourceLeakDetector;
import org.amqpcodec.api.DataHandler;
import org.amqpcodec.api.DecodeError;
import org.amqpcodec.api.DecodeException;
import org.amqpcodec.api.DecodeOptions;
import org.amqpcodec.api.FormatCode;
import org.amqpcodec.impl.testing.Hex;
import org.amqpcodec.impl.testing.InputBackend;

/** Shared helpers of the hostile-input tests. */
final class Hostile {

    /** No value: the error has no format code, or no offset. */
    static final int NONE = -1;

    private static final com.sun.management.ThreadMXBean THREADS = threads();

    private Hostile() {
    }

    /**
     * Decodes {@code bytes} on {@code backend} with a handler that reads every value, and returns the exception the
     * decode must end in.
     */
    static DecodeException decodeError(InputBackend backend, byte[] bytes, DecodeOptions options) {
        try (InputBackend.Source src = backend.open(bytes, options)) {
            Exerciser handler = new Exerciser(bytes, null, null);
            return assertThrows(DecodeException.class, () -> src.decoder().decode(handler),
                () -> backend + ": " + Hex.text(bytes));
        }
    }

    static DecodeException decodeError(InputBackend backend, String hex, DecodeOptions options) {
        return decodeError(backend, Hex.bytes(hex), options);
    }

    /** Checks every field of a decode exception; {@code missing} only counts for TRUNCATED. */
    static void assertError(DecodeException e, DecodeError error, long offset, int formatCode, long missing,
                            String context) {
        String where = context + " -> " + e.getMessage();
        assertEquals(error, e.error(), where);
        assertEquals(offset, e.offset(), () -> "offset; " + where);
        assertEquals(formatCode, e.formatCode(), () -> "format code; " + where);
        assertEquals(error == DecodeError.TRUNCATED ? missing : 0, e.missingBytes(), () -> "missing bytes; " + where);
        if (formatCode >= 0) {
            // the message names the code, so that a log line alone says what was wrong
            String described = FormatCode.describe(formatCode);
            org.junit.jupiter.api.Assertions.assertTrue(e.getMessage().contains(described),
                () -> "message should name " + described + "; " + where);
        }
    }

    /** Decodes and returns normally, failing the test on any exception. */
    static Exerciser decodeOk(InputBackend backend, byte[] bytes, DecodeOptions options, DataHandler extra) {
        try (InputBackend.Source src = backend.open(bytes, options)) {
            Exerciser handler = new Exerciser(bytes, extra, null);
            src.decoder().decode(handler);
            return handler;
        }
    }

    /**
     * Opens {@code bytes} on {@code backend} with Netty's leak detector at the simple level while the buffers are
     * allocated. The build runs tests with paranoid leak detection, which records a stack trace on every access of
     * a pooled buffer: right for ordinary tests, but it turns an input read a million times (100 000 levels of
     * nesting, a fuzz run) into minutes. Buffers are still released by {@link InputBackend.Source#close()}.
     */
    static InputBackend.Source openUnrecorded(InputBackend backend, byte[] bytes, DecodeOptions options) {
        ResourceLeakDetector.Level level = ResourceLeakDetector.getLevel();
        ResourceLeakDetector.setLevel(ResourceLeakDetector.Level.SIMPLE);
        try {
            return backend.open(bytes, options);
        } finally {
            ResourceLeakDetector.setLevel(level);
        }
    }

    // ------------------------------------------------------------------ allocation

    private static com.sun.management.ThreadMXBean threads() {
        java.lang.management.ThreadMXBean bean = ManagementFactory.getThreadMXBean();
        if (bean instanceof com.sun.management.ThreadMXBean) {
            com.sun.management.ThreadMXBean sun = (com.sun.management.ThreadMXBean) bean;
            if (sun.isThreadAllocatedMemorySupported()) {
                sun.setThreadAllocatedMemoryEnabled(true);
                return sun;
            }
        }
        return null;
    }

    static boolean allocationMeasurable() {
        return THREADS != null && THREADS.isThreadAllocatedMemoryEnabled();
    }

    /** Bytes allocated so far by the current thread. */
    static long allocatedBytes() {
        return THREADS.getThreadAllocatedBytes(Thread.currentThread().getId());
    }
}
