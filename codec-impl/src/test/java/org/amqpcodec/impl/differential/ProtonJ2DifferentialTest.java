package org.amqpcodec.impl.differential;

/** The generated corpus against ProtonJ2 1.1.0 (see {@link AbstractDifferentialTest}). */
class ProtonJ2DifferentialTest extends AbstractDifferentialTest {

    private final ProtonJ2Peer peer = new ProtonJ2Peer();

    @Override
    Peer peer() {
        return peer;
    }
}
