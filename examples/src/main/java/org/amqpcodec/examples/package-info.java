/**
 * Runnable examples: {@link org.amqpcodec.examples.Demo} (the demo program) and the README's code
 * ({@link org.amqpcodec.examples.Messages}, {@link org.amqpcodec.examples.RegionFinder}), which the module's tests
 * run and check against the README.
 */
package org.amqpcodec.examples;
