/**
 * Test code that must run without Netty on the class path: nothing in this package imports {@code io.netty}
 * or {@code org.amqpcodec.impl.netty}. {@code NettyOptionalTest} runs it in a child JVM without the Netty jars.
 */
package org.amqpcodec.impl.nonetty;
