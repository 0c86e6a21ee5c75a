/**
 * The standard workloads, each written once per codec: this codec through its {@code Encoder} and a
 * {@code DataHandler} that reads every value, and each peer through its own typed classes and natural API.
 */
package org.amqpcodec.bench.workload;
