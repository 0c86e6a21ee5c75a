/**
 * The Netty backends: {@link org.amqpcodec.impl.netty.NettyDecoder} and
 * {@link org.amqpcodec.impl.netty.NettyEncoder} over {@code io.netty.buffer.ByteBuf}. The only package that
 * imports Netty; {@code netty-buffer} is an optional dependency, needed on the class path only by code that
 * uses these two classes.
 */
package org.amqpcodec.impl.netty;
