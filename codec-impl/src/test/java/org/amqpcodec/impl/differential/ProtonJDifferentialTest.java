package org.amqpcodec.impl.differential;

/** The generated corpus against Proton-J 0.35.0 (see {@link AbstractDifferentialTest}). */
class ProtonJDifferentialTest extends AbstractDifferentialTest {

    private final ProtonJPeer peer = new ProtonJPeer();

    @Override
    Peer peer() {
        return peer;
    }
}
