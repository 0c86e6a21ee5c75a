/**
 * JMH benchmarks of this codec side by side with Proton-J and ProtonJ2, and {@link org.amqpcodec.bench.Report},
 * which runs them and prints one Markdown table. The workloads (the values, and how each codec writes and reads
 * them) live in {@code workload}; the benchmarks in {@code encode}, {@code decode} and {@code utf8}; the
 * buffers this codec runs over in {@link org.amqpcodec.bench.Buffers}.
 */
package org.amqpcodec.bench;
