package org.amqpcodec.impl;

import org.amqpcodec.api.DecodeError;
import org.amqpcodec.api.DecodeException;
import org.amqpcodec.impl.testing.Hex;
import org.amqpcodec.impl.testing.InputBackend;
import org.amqpcodec.impl.testing.ValBuilder;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A value that overruns its enclosing compound is named with that compound's format code, also when the
 * compound is an array element and so has no constructor byte of its own (the first case is what Proton-J
 * 0.35.0 writes for {@code new Object[][] {new Object[][] {new Boolean[0]}}}: the innermost size is wrong).
 */
class SizeMismatchMessageTest {

    private static DecodeException decode(InputBackend backend, String hex) {
        try (InputBackend.Source src = backend.open(Hex.bytes(hex))) {
            return assertThrows(DecodeException.class, () -> src.decoder().decode(new ValBuilder()));
        }
    }

    @ParameterizedTest
    @EnumSource(InputBackend.class)
    void shouldNameTheEnclosingArrayThatIsAnArrayElement(InputBackend backend) {
        DecodeException e = decode(backend, "E0 14 01 F0 | 0000000E 00000001 F0 | 0000000E 00000000 56");

        assertEquals(DecodeError.SIZE_MISMATCH, e.error());
        assertEquals(13, e.offset());
        assertEquals(0xF0, e.formatCode());
        assertTrue(e.getMessage().contains("the enclosing array32 (0xF0) at offset 4 ends after 9"), e.getMessage());
    }

    @ParameterizedTest
    @EnumSource(InputBackend.class)
    void shouldNameTheEnclosingListThatIsAnArrayElement(InputBackend backend) {
        DecodeException e = decode(backend, "E0 0B 01 D0 | 00000005 00000001 71");

        assertEquals(DecodeError.SIZE_MISMATCH, e.error());
        assertEquals(12, e.offset());
        assertTrue(e.getMessage().contains("the enclosing list32 (0xD0) at offset 4 ends after 1"), e.getMessage());
    }

    @ParameterizedTest
    @EnumSource(InputBackend.class)
    void shouldNameTheArrayElementWhoseElementDescriptorOverrunsIt(InputBackend backend) {
        DecodeException e = decode(backend, "E0 06 01 E0 | 03 01 00 80");

        assertEquals(DecodeError.SIZE_MISMATCH, e.error());
        assertEquals(7, e.offset());
        assertTrue(e.getMessage().contains("the enclosing array8 (0xE0) at offset 4 ends after 1"), e.getMessage());
    }

    @ParameterizedTest
    @EnumSource(InputBackend.class)
    void shouldNameTheEnclosingListWithItsConstructor(InputBackend backend) {
        DecodeException e = decode(backend, "D0 00000005 00000001 71 00");

        assertEquals(DecodeError.SIZE_MISMATCH, e.error());
        assertEquals(9, e.offset());
        assertTrue(e.getMessage().contains("the enclosing list32 (0xD0) at offset 0 ends after 1"), e.getMessage());
    }
}
