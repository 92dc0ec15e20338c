/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Names and values shared by the benchmark's C file and its device tree
 * overlay, so that the two cannot drift apart.
 */

#ifndef __OPP_BENCH_H__
#define __OPP_BENCH_H__

/* The device whose node points at the 64-OPP table. */
#define BENCH_DT_COMPATIBLE	"opp-bench,dt"
#define BENCH_DT_NR_OPPS	64
/* OPP i of the table runs at BENCH_DT_BASE_HZ + i * BENCH_DT_STEP_HZ. */
#define BENCH_DT_BASE_HZ	100000000
#define BENCH_DT_STEP_HZ	10000000
/* and at BENCH_DT_BASE_UV + i * BENCH_DT_STEP_UV. */
#define BENCH_DT_BASE_UV	800000
#define BENCH_DT_STEP_UV	5000

#endif /* __OPP_BENCH_H__ */
