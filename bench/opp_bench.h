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

/*
 * The two devices of opp_bench_soc.dtso, each with a fake clock and a
 * two-OPP table at these rates: one whose OPPs require a level of a power
 * domain, one whose OPPs vote on an interconnect path.
 */
#define BENCH_SOC_LO_HZ		400000000
#define BENCH_SOC_HI_HZ		800000000

/* The power domain's provider and the device in that one domain. */
#define BENCH_PD_COMPATIBLE	"opp-bench,pd"
#define BENCH_PD_DEV_COMPATIBLE	"opp-bench,pd-dev"
#define BENCH_PD_LO_LEVEL	64
#define BENCH_PD_HI_LEVEL	128

/* The interconnect provider (two nodes) and the device on its one path. */
#define BENCH_ICC_COMPATIBLE	"opp-bench,icc"
#define BENCH_ICC_DEV_COMPATIBLE "opp-bench,icc-dev"
#define BENCH_ICC_LO_AVG_KBPS	500000
#define BENCH_ICC_LO_PEAK_KBPS	1000000
#define BENCH_ICC_HI_AVG_KBPS	2000000
#define BENCH_ICC_HI_PEAK_KBPS	4000000

#endif /* __OPP_BENCH_H__ */
