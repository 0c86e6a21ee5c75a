package org.amqpcodec.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.Random;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@link Decimal32}, {@link Decimal64} and {@link Decimal128}: IEEE 754-2008 BID bits against fixed vectors (the
 * reference's §2 check values and the formats' extreme values), both combination-field forms, special values,
 * rounding, clamping, underflow and overflow, and seeded random round trips.
 */
class DecimalTest {

    /** The three widths behind one face, through the public API only. */
    enum Width {
        D32(32, 8, 101, 7) {
            @Override
            BigInteger bitsOf(BigDecimal v) {
                return unsigned(Decimal32.valueOf(v).bits());
            }

            @Override
            Object decimal(BigInteger bits) {
                return new Decimal32(bits.intValue());
            }

            @Override
            BigDecimal value(BigInteger bits) {
                return new Decimal32(bits.intValue()).toBigDecimal();
            }

            @Override
            boolean isNaN(BigInteger bits) {
                return new Decimal32(bits.intValue()).isNaN();
            }

            @Override
            boolean isInfinite(BigInteger bits) {
                return new Decimal32(bits.intValue()).isInfinite();
            }
        },
        D64(64, 10, 398, 16) {
            @Override
            BigInteger bitsOf(BigDecimal v) {
                return unsigned(Decimal64.valueOf(v).bits());
            }

            @Override
            Object decimal(BigInteger bits) {
                return new Decimal64(bits.longValue());
            }

            @Override
            BigDecimal value(BigInteger bits) {
                return new Decimal64(bits.longValue()).toBigDecimal();
            }

            @Override
            boolean isNaN(BigInteger bits) {
                return new Decimal64(bits.longValue()).isNaN();
            }

            @Override
            boolean isInfinite(BigInteger bits) {
                return new Decimal64(bits.longValue()).isInfinite();
            }
        },
        D128(128, 14, 6176, 34) {
            @Override
            BigInteger bitsOf(BigDecimal v) {
                Decimal128 d = Decimal128.valueOf(v);
                return unsigned(d.high()).shiftLeft(64).or(unsigned(d.low()));
            }

            @Override
            Object decimal(BigInteger bits) {
                return new Decimal128(bits.shiftRight(64).longValue(), bits.longValue());
            }

            @Override
            BigDecimal value(BigInteger bits) {
                return ((Decimal128) decimal(bits)).toBigDecimal();
            }

            @Override
            boolean isNaN(BigInteger bits) {
                return ((Decimal128) decimal(bits)).isNaN();
            }

            @Override
            boolean isInfinite(BigInteger bits) {
                return ((Decimal128) decimal(bits)).isInfinite();
            }
        };

        final int width;
        final int exponentBits;
        final int bias;
        final int digits;
        /** Smallest and largest exponent (of the integer coefficient): IEEE 754-2008 qmin and qmax. */
        final int qmin;
        final int qmax;
        final BigInteger maxCoefficient;

        Width(int width, int exponentBits, int bias, int digits) {
            this.width = width;
            this.exponentBits = exponentBits;
            this.bias = bias;
            this.digits = digits;
            this.qmin = -bias;
            // the largest biased exponent is 0b10111...1: the two top bits are never 11 (that would be the other form)
            this.qmax = 3 * (1 << (exponentBits - 2)) - 1 - bias;
            this.maxCoefficient = BigInteger.TEN.pow(digits).subtract(BigInteger.ONE);
        }

        abstract BigInteger bitsOf(BigDecimal v);

        abstract Object decimal(BigInteger bits);

        abstract BigDecimal value(BigInteger bits);

        abstract boolean isNaN(BigInteger bits);

        abstract boolean isInfinite(BigInteger bits);

        BigInteger hex(String hex) {
            return new BigInteger(hex.replace("_", ""), 16);
        }

        MathContext context() {
            return new MathContext(digits, RoundingMode.HALF_EVEN);
        }

        /**
         * The BID encoding of {@code (-1)^sign * coefficient * 10^q}, written from IEEE 754-2008 §3.5.2 as an
         * oracle: if the coefficient fits the trailing bits, exponent then coefficient; otherwise {@code 11},
         * exponent, and the coefficient's bits after its implicit {@code 100} prefix.
         */
        BigInteger reference(boolean negative, int q, BigInteger coefficient) {
            int trailing = width - 1 - exponentBits;
            BigInteger biased = BigInteger.valueOf(q + bias);
            BigInteger bits;
            if (coefficient.bitLength() <= trailing) {
                bits = biased.shiftLeft(trailing).or(coefficient);
            } else {
                BigInteger low = coefficient.and(BigInteger.ONE.shiftLeft(trailing - 2).subtract(BigInteger.ONE));
                bits = BigInteger.valueOf(3).shiftLeft(width - 3).or(biased.shiftLeft(trailing - 2)).or(low);
            }
            return negative ? bits.setBit(width - 1) : bits;
        }

        /** A pattern with the top bits after the sign set as given (e.g. "11110" for infinity). */
        BigInteger special(boolean negative, String topBits, BigInteger payload) {
            BigInteger bits = new BigInteger(topBits, 2).shiftLeft(width - 1 - topBits.length()).or(payload);
            return negative ? bits.setBit(width - 1) : bits;
        }
    }

    static BigInteger unsigned(int bits) {
        return BigInteger.valueOf(Integer.toUnsignedLong(bits));
    }

    static BigInteger unsigned(long bits) {
        return new BigInteger(Long.toUnsignedString(bits));
    }

    static BigDecimal dec(String s) {
        return new BigDecimal(s);
    }

    /** Asserts {@code value} encodes to exactly {@code bits}, and those bits decode to exactly {@code value}. */
    static void assertBoth(Width w, BigInteger bits, BigDecimal value) {
        assertEquals(bits.toString(16), w.bitsOf(value).toString(16), "encode " + value);
        assertEquals(value, w.value(bits), "decode " + bits.toString(16));
    }

    @Nested
    class ReferenceVectors {

        @Test
        void shouldEncodeOneAsTheReferenceSays() {
            assertEquals(new Decimal32(0x32800001), Decimal32.valueOf(BigDecimal.ONE));
            assertEquals(new Decimal64(0x31C0000000000001L), Decimal64.valueOf(BigDecimal.ONE));
            // 0x3040 followed by 13 zero bytes and 0x01
            assertEquals(new Decimal128(0x3040000000000000L, 0x0000000000000001L), Decimal128.valueOf(BigDecimal.ONE));
        }

        @Test
        void shouldDecodeOneAsTheReferenceSays() {
            assertEquals(BigDecimal.ONE, new Decimal32(0x32800001).toBigDecimal());
            assertEquals(BigDecimal.ONE, new Decimal64(0x31C0000000000001L).toBigDecimal());
            assertEquals(BigDecimal.ONE, new Decimal128(0x3040000000000000L, 1L).toBigDecimal());
            assertEquals("1", new Decimal32(0x32800001).toString());
        }

        @Test
        void shouldKeepTheCohort() {
            // 1.0 and 1.00 are the same number in different cohorts (exponents): BID keeps them apart
            assertBoth(Width.D32, Width.D32.hex("3200000A"), dec("1.0"));
            assertBoth(Width.D32, Width.D32.hex("31800064"), dec("1.00"));
            assertBoth(Width.D64, Width.D64.hex("31A000000000000A"), dec("1.0"));
            assertBoth(Width.D128, Width.D128.hex("303E0000_00000000_00000000_0000000A"), dec("1.0"));
        }
    }

    @Nested
    class CombinationField11 {

        @Test
        void shouldEncodeLargeCoefficientsInThe11Form() {
            // 9999999 needs 24 bits, one more than decimal32's 23 trailing bits
            assertBoth(Width.D32, Width.D32.hex("6CB8967F"), dec("9999999"));
            // 2^23 is the smallest coefficient of the 11 form
            assertBoth(Width.D32, Width.D32.hex("6CA00000"), dec("8388608"));
            assertBoth(Width.D32, Width.D32.hex("32FFFFFF"), dec("8388607"));
            assertBoth(Width.D64, Width.D64.hex("6C7386F26FC0FFFF"), dec("9999999999999999"));
            assertBoth(Width.D64, Width.D64.hex("6C70000000000000"), dec("9007199254740992"));
            assertBoth(Width.D64, Width.D64.hex("EC38000000000001"), dec("-900719925.4740993"));
        }

        @Test
        void shouldEncodeTheLargestFiniteValues() {
            assertBoth(Width.D32, Width.D32.hex("77F8967F"), dec("9999999E90"));
            assertBoth(Width.D64, Width.D64.hex("77FB86F26FC0FFFF"), dec("9999999999999999E369"));
            assertBoth(Width.D128, Width.D128.hex("5FFFED09BEAD87C0_378D8E63FFFFFFFF"),
                new BigDecimal(Width.D128.maxCoefficient, -6111));
            assertBoth(Width.D32, Width.D32.hex("F7F8967F"), dec("-9999999E90"));
        }

        @ParameterizedTest
        @EnumSource(Width.class)
        void shouldTreatNonCanonicalCoefficientsAsZero(Width w) {
            // 11 form with every trailing bit set: 0b100 followed by ones exceeds 10^digits - 1 for every width
            int trailing = w.width - 1 - w.exponentBits;
            BigInteger bits = w.reference(false, 0, BigInteger.ONE.shiftLeft(trailing + 1).subtract(BigInteger.ONE));
            BigDecimal v = w.value(bits);
            assertEquals(0, v.signum());
            assertEquals(0, v.scale()); // the exponent is still read
            assertFalse(w.isNaN(bits));
            assertFalse(w.isInfinite(bits));
        }

        @Test
        void shouldTreatEvery11FormDecimal128AsNonCanonical() {
            // 2^113 > 10^34 - 1: decimal128 never needs the 11 form
            assertTrue(BigInteger.ONE.shiftLeft(113).compareTo(Width.D128.maxCoefficient) > 0);
            assertEquals(0, new Decimal128(0x6000000000000000L, 0L).toBigDecimal().signum());
            assertEquals(0, new Decimal128(0x6FFFFFFFFFFFFFFFL, -1L).toBigDecimal().signum());
        }

        @Test
        void shouldTreatTooLargeNormalFormDecimal128CoefficientsAsZero() {
            // 113 trailing bits can hold 2^113 - 1 > 10^34 - 1
            assertEquals(0, new Decimal128(0x3041FFFFFFFFFFFFL, -1L).toBigDecimal().signum());
            assertEquals(new BigDecimal(Width.D128.maxCoefficient),
                new Decimal128(0x3041ED09BEAD87C0L, 0x378D8E63FFFFFFFFL).toBigDecimal());
        }
    }

    @Nested
    class Signs {

        @Test
        void shouldSetTheSignBitForNegativeValues() {
            assertBoth(Width.D32, Width.D32.hex("B2800001"), dec("-1"));
            assertBoth(Width.D64, Width.D64.hex("B1C0000000000001"), dec("-1"));
            assertBoth(Width.D128, Width.D128.hex("B0400000_00000000_00000000_00000001"), dec("-1"));
            assertBoth(Width.D32, Width.D32.hex("B18002EE"), dec("-7.50"));
        }

        @ParameterizedTest
        @EnumSource(Width.class)
        void shouldNegateEveryRandomValue(Width w) {
            Random r = new Random(42);
            for (int i = 0; i < 300; i++) {
                BigDecimal v = randomExact(w, r);
                if (v.signum() == 0) {
                    continue;
                }
                assertEquals(w.bitsOf(v).flipBit(w.width - 1), w.bitsOf(v.negate()), v.toString());
            }
        }
    }

    @Nested
    class Zero {

        @Test
        void shouldEncodeZeroWithExponentZero() {
            assertBoth(Width.D32, Width.D32.hex("32800000"), BigDecimal.ZERO);
            assertBoth(Width.D64, Width.D64.hex("31C0000000000000"), BigDecimal.ZERO);
            assertBoth(Width.D128, Width.D128.hex("30400000_00000000_00000000_00000000"), BigDecimal.ZERO);
        }

        @Test
        void shouldKeepTheExponentOfZero() {
            assertBoth(Width.D32, Width.D32.hex("00000000"), dec("0E-101"));
            assertBoth(Width.D32, Width.D32.hex("5F800000"), dec("0E+90"));
            assertBoth(Width.D32, Width.D32.hex("31000000"), dec("0.000"));
        }

        @Test
        void shouldClampTheExponentOfZeroToTheRange() {
            assertEquals(Width.D32.hex("00000000"), Width.D32.bitsOf(dec("0E-200")));
            assertEquals(Width.D32.hex("5F800000"), Width.D32.bitsOf(dec("0E+200")));
            assertEquals(Width.D64.hex("5FE0000000000000"), Width.D64.bitsOf(dec("0E+1000")));
            assertEquals(Width.D128.hex("5FFE0000_00000000_00000000_00000000"), Width.D128.bitsOf(dec("0E+9999")));
        }

        @Test
        void shouldDecodeNegativeZeroAsZero() {
            BigDecimal v = new Decimal32(0x80000000).toBigDecimal();
            assertEquals(0, v.signum());
            assertEquals(101, v.scale());
            assertEquals(0, new Decimal64(0xB1C0000000000000L).toBigDecimal().signum());
            assertFalse(new Decimal32(0x80000000).isNaN());
        }
    }

    @Nested
    class ExponentRange {

        @Test
        void shouldEncodeTheSmallestExponent() {
            assertBoth(Width.D32, Width.D32.hex("00000001"), dec("1E-101"));
            assertBoth(Width.D64, Width.D64.hex("0000000000000001"), dec("1E-398"));
            assertBoth(Width.D128, Width.D128.hex("00000000_00000000_00000000_00000001"), dec("1E-6176"));
            assertBoth(Width.D32, Width.D32.hex("0012D688"), dec("1234568E-101"));
        }

        @Test
        void shouldEncodeTheLargestExponent() {
            assertBoth(Width.D32, Width.D32.hex("5F800001"), dec("1E90"));
            assertBoth(Width.D64, Width.D64.hex("5FE0000000000001"), dec("1E369"));
            assertBoth(Width.D128, Width.D128.hex("5FFE0000_00000000_00000000_00000001"), dec("1E6111"));
        }

        @Test
        void shouldMoveAnExponentAboveTheRangeIntoTheCoefficient() {
            // 1E96 has exponent 96 > qmax 90: it is 1000000E90 (IEEE clamping)
            assertEquals(Width.D32.hex("5F8F4240"), Width.D32.bitsOf(dec("1E96")));
            assertEquals(0, dec("1E96").compareTo(Width.D32.value(Width.D32.hex("5F8F4240"))));
        }

        @ParameterizedTest
        @EnumSource(Width.class)
        void shouldClampEveryPowerOfTenUpToTheLargest(Width w) {
            int emax = w.qmax + w.digits - 1; // the largest power of ten that is finite
            for (int e = w.qmax - 2; e <= emax; e++) {
                BigDecimal v = BigDecimal.ONE.scaleByPowerOfTen(e);
                BigInteger bits = w.bitsOf(v);
                int q = Math.min(e, w.qmax);
                assertEquals(w.reference(false, q, BigInteger.TEN.pow(e - q)), bits, "1E" + e);
                assertEquals(0, v.compareTo(w.value(bits)), "1E" + e);
            }
        }
    }

    @Nested
    class Specials {

        @ParameterizedTest
        @EnumSource(Width.class)
        void shouldDetectInfinities(Width w) {
            for (boolean negative : new boolean[] {false, true}) {
                for (BigInteger payload : new BigInteger[] {BigInteger.ZERO, BigInteger.valueOf(0x1234)}) {
                    BigInteger bits = w.special(negative, "11110", payload);
                    assertTrue(w.isInfinite(bits), bits.toString(16));
                    assertFalse(w.isNaN(bits), bits.toString(16));
                    assertThrows(ArithmeticException.class, () -> w.value(bits));
                    assertEquals(negative ? "-Infinity" : "Infinity", w.decimal(bits).toString());
                }
            }
        }

        @ParameterizedTest
        @EnumSource(Width.class)
        void shouldDetectQuietAndSignallingNaNs(Width w) {
            for (boolean negative : new boolean[] {false, true}) {
                for (String top : new String[] {"11111", "111110", "111111"}) {
                    BigInteger bits = w.special(negative, top, BigInteger.valueOf(7));
                    assertTrue(w.isNaN(bits), bits.toString(16));
                    assertFalse(w.isInfinite(bits), bits.toString(16));
                    assertThrows(ArithmeticException.class, () -> w.value(bits));
                    assertEquals("NaN", w.decimal(bits).toString());
                }
            }
        }

        @Test
        void shouldDetectSpecialsAtTheReferenceBitPositions() {
            assertTrue(new Decimal32(0x78000000).isInfinite());
            assertTrue(new Decimal32(0xF8000000).isInfinite());
            assertTrue(new Decimal32(0x7C000000).isNaN());
            assertTrue(new Decimal32(0x7E000000).isNaN());
            assertTrue(new Decimal64(0x7800000000000000L).isInfinite());
            assertTrue(new Decimal64(0x7C00000000000000L).isNaN());
            assertTrue(new Decimal128(0x7800000000000000L, 0L).isInfinite());
            assertTrue(new Decimal128(0xFC00000000000000L, 1L).isNaN());
        }

        @ParameterizedTest
        @EnumSource(Width.class)
        void shouldNotTakeFiniteValuesForSpecials(Width w) {
            // the 11 form's prefixes 1100x..1110x are finite; so are the largest values
            for (String top : new String[] {"1100", "1101", "1110", "10111", "0111"}) {
                BigInteger bits = w.special(false, top, BigInteger.ONE);
                assertFalse(w.isNaN(bits), top);
                assertFalse(w.isInfinite(bits), top);
                w.value(bits); // finite: no exception
            }
        }
    }

    @Nested
    class Rounding {

        @Test
        void shouldRoundHalfEvenToSevenDigits() {
            assertEquals(dec("1.234568E+7"), Width.D32.value(Width.D32.bitsOf(dec("12345675"))));
            assertEquals(dec("1.234566E+7"), Width.D32.value(Width.D32.bitsOf(dec("12345665"))));
            assertEquals(dec("1.234567E+7"), Width.D32.value(Width.D32.bitsOf(dec("12345674.999"))));
            assertEquals(dec("1.000000"), Width.D32.value(Width.D32.bitsOf(dec("0.99999995"))));
            assertEquals(dec("-1.234568E+7"), Width.D32.value(Width.D32.bitsOf(dec("-12345675"))));
        }

        @Test
        void shouldRoundHalfEvenToSixteenDigits() {
            assertEquals(dec("1234567890123456E1"), Width.D64.value(Width.D64.bitsOf(dec("12345678901234565"))));
            assertEquals(dec("1234567890123458E1"), Width.D64.value(Width.D64.bitsOf(dec("12345678901234575"))));
            assertEquals(dec("1.000000000000000"), Width.D64.value(Width.D64.bitsOf(dec("0.99999999999999995"))));
        }

        @Test
        void shouldRoundHalfEvenToThirtyFourDigits() {
            String d34 = "1234567890123456789012345678901234";
            assertEquals(dec(d34 + "E1"), Width.D128.value(Width.D128.bitsOf(dec(d34 + "5"))));
            assertEquals(dec("1234567890123456789012345678901236E1"),
                Width.D128.value(Width.D128.bitsOf(dec("12345678901234567890123456789012355"))));
        }

        @ParameterizedTest
        @EnumSource(Width.class)
        void shouldRoundRandomLongValuesOnce(Width w) {
            Random r = new Random(7 + w.ordinal());
            for (int i = 0; i < 500; i++) {
                BigInteger unscaled = new BigInteger(w.digits * 4 + 40, r);
                int scale = r.nextInt(60) - 30;
                BigDecimal v = new BigDecimal(r.nextBoolean() ? unscaled : unscaled.negate(), scale);
                BigDecimal expected = v.round(w.context());
                assertEquals(expected, w.value(w.bitsOf(v)), v.toString());
            }
        }
    }

    @Nested
    class Underflow {

        @Test
        void shouldRoundBelowTheSmallestExponentToIt() {
            assertEquals(Width.D32.hex("00000000"), Width.D32.bitsOf(dec("1E-102")));
            assertEquals(Width.D32.hex("00000000"), Width.D32.bitsOf(dec("5E-102")));
            assertEquals(Width.D32.hex("00000002"), Width.D32.bitsOf(dec("1.5E-101")));
            assertEquals(Width.D32.hex("00000002"), Width.D32.bitsOf(dec("2.5E-101")));
            assertEquals(Width.D32.hex("00000004"), Width.D32.bitsOf(dec("3.5E-101")));
            assertEquals(Width.D32.hex("80000002"), Width.D32.bitsOf(dec("-1.5E-101")));
            assertEquals(Width.D64.hex("0000000000000001"), Width.D64.bitsOf(dec("0.6E-398")));
            assertEquals(Width.D128.hex("00000000_00000000_00000000_00000000"), Width.D128.bitsOf(dec("4E-6177")));
        }

        @Test
        void shouldRoundOnceWhenDigitsAreLostBelowTheSmallestExponent() {
            // 2.50000004E-101 is nearer 3E-101 than 2E-101; rounding to 7 digits first (2.500000E-101) and then to
            // the exponent -101 would wrongly give 2E-101 (double rounding)
            assertEquals(Width.D32.hex("00000003"), Width.D32.bitsOf(dec("2.50000004E-101")));
            assertEquals(Width.D32.hex("00000002"), Width.D32.bitsOf(dec("2.49999996E-101")));
            assertEquals(Width.D64.hex("0000000000000003"), Width.D64.bitsOf(dec("2.500000000000000004E-398")));
            assertEquals(Width.D32.hex("000004D3"), Width.D32.bitsOf(dec("1.234500000001E-98")));
        }

        @ParameterizedTest
        @EnumSource(Width.class)
        void shouldRoundRandomTinyValuesToTheNearestMultipleOfTheSmallestQuantum(Width w) {
            Random r = new Random(99 + w.ordinal());
            for (int i = 0; i < 500; i++) {
                BigInteger unscaled = new BigInteger(w.digits * 4 + 20, r);
                BigDecimal v = new BigDecimal(unscaled, w.bias + r.nextInt(w.digits + 10));
                BigDecimal expected = v.setScale(w.bias, RoundingMode.HALF_EVEN);
                if (expected.precision() <= w.digits) {
                    assertEquals(0, expected.compareTo(w.value(w.bitsOf(v))), v.toString());
                }
            }
        }
    }

    @Nested
    class Overflow {

        @Test
        void shouldRejectValuesAboveTheLargestFinite() {
            assertThrows(ArithmeticException.class, () -> Decimal32.valueOf(dec("1E97")));
            assertThrows(ArithmeticException.class, () -> Decimal32.valueOf(dec("-1E97")));
            assertThrows(ArithmeticException.class, () -> Decimal32.valueOf(dec("9.9999995E96"))); // rounds to 1E97
            assertThrows(ArithmeticException.class, () -> Decimal32.valueOf(dec("1E100")));
            assertThrows(ArithmeticException.class, () -> Decimal32.valueOf(dec("1E1000")));
            assertThrows(ArithmeticException.class, () -> Decimal64.valueOf(dec("1E385")));
            assertThrows(ArithmeticException.class, () -> Decimal64.valueOf(dec("1E500")));
            assertThrows(ArithmeticException.class, () -> Decimal128.valueOf(dec("1E6145")));
            assertThrows(ArithmeticException.class, () -> Decimal128.valueOf(dec("-1E7000")));
        }

        @Test
        void shouldAcceptTheLargestFiniteAndItsRoundingNeighbour() {
            assertEquals(new Decimal32(0x77F8967F), Decimal32.valueOf(dec("9.999999E96")));
            assertEquals(new Decimal32(0x77F8967F), Decimal32.valueOf(dec("9.99999949E96")));
            assertEquals(new Decimal64(0x77FB86F26FC0FFFFL), Decimal64.valueOf(dec("9.999999999999999E384")));
            assertEquals(new Decimal128(0x5FFFED09BEAD87C0L, 0x378D8E63FFFFFFFFL),
                Decimal128.valueOf(new BigDecimal(Width.D128.maxCoefficient, -6111)));
        }

        @ParameterizedTest
        @EnumSource(Width.class)
        void shouldRejectEveryPowerOfTenAboveTheRange(Width w) {
            int emax = w.qmax + w.digits - 1;
            for (int e = emax + 1; e <= emax + 40; e++) {
                BigDecimal v = BigDecimal.ONE.scaleByPowerOfTen(e);
                assertThrows(ArithmeticException.class, () -> w.bitsOf(v), "1E" + e);
            }
        }
    }

    @Nested
    class RandomRoundTrips {

        @ParameterizedTest
        @EnumSource(Width.class)
        void shouldRoundTripRepresentableValuesExactly(Width w) {
            Random r = new Random(20240601L + w.ordinal());
            for (int i = 0; i < 3000; i++) {
                BigDecimal v = randomExact(w, r);
                BigInteger bits = w.bitsOf(v);
                // the exact value comes back, cohort (scale) included
                assertEquals(v, w.value(bits), v.toString());
                assertEquals(w.reference(v.signum() < 0, -v.scale(), v.unscaledValue().abs()), bits, v.toString());
            }
        }

        @ParameterizedTest
        @EnumSource(Width.class)
        void shouldRoundTripCanonicalBits(Width w) {
            Random r = new Random(777 + w.ordinal());
            int biasedLimit = 3 * (1 << (w.exponentBits - 2));
            for (int i = 0; i < 3000; i++) {
                BigInteger coefficient = randomCoefficient(w, r);
                int q = r.nextInt(biasedLimit) - w.bias;
                boolean negative = r.nextBoolean() && coefficient.signum() != 0; // -0 decodes to +0
                BigInteger bits = w.reference(negative, q, coefficient);
                BigDecimal v = w.value(bits);
                assertEquals(new BigDecimal(negative ? coefficient.negate() : coefficient, -q), v, bits.toString(16));
                assertEquals(bits, w.bitsOf(v), bits.toString(16));
                assertFalse(w.isNaN(bits));
                assertFalse(w.isInfinite(bits));
            }
        }

        @ParameterizedTest
        @EnumSource(Width.class)
        void shouldRoundTripDoublesThroughTheirDecimalText(Width w) {
            Random r = new Random(5 + w.ordinal());
            for (int i = 0; i < 1000; i++) {
                double d = Double.longBitsToDouble(r.nextLong());
                if (Double.isNaN(d) || Double.isInfinite(d)) {
                    continue;
                }
                BigDecimal v = new BigDecimal(Double.toString(d));
                if (v.precision() > w.digits || -v.scale() > w.qmax || -v.scale() < w.qmin) {
                    continue;
                }
                assertEquals(v, w.value(w.bitsOf(v)), v.toString());
            }
        }
    }

    /** A random value with at most the width's digits and an exponent in its range (so exactly representable). */
    static BigDecimal randomExact(Width w, Random r) {
        BigInteger coefficient = randomCoefficient(w, r);
        int q = w.qmin + r.nextInt(w.qmax - w.qmin + 1);
        if (r.nextInt(4) == 0) {
            q = r.nextInt(41) - 20; // everyday exponents too
        }
        return new BigDecimal(r.nextBoolean() ? coefficient.negate() : coefficient, -q);
    }

    /** A random coefficient, 0..10^digits-1, with a random number of digits (biased to the edges). */
    static BigInteger randomCoefficient(Width w, Random r) {
        switch (r.nextInt(8)) {
            case 0:
                return BigInteger.ZERO;
            case 1:
                return w.maxCoefficient;
            case 2:
                return w.maxCoefficient.subtract(BigInteger.valueOf(r.nextInt(1000)));
            default:
                int n = 1 + r.nextInt(w.digits);
                BigInteger c = new BigInteger(n * 4, r).mod(BigInteger.TEN.pow(n));
                return c;
        }
    }
}
