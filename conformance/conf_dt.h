/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Values shared by the conformance overlays (.dtso) and the suites that
 * check them. Plain numbers: the device tree compiler reads them too.
 */

#ifndef __OPP_CONF_DT_H__
#define __OPP_CONF_DT_H__

/* conf,v2: a plain v2 table; the fourth OPP is status = "disabled". */
#define V2_F1		100000000
#define V2_F2		200000000
#define V2_F3		300000000
#define V2_F4		400000000
#define V2_U1		900000
#define V2_U2		950000
#define V2_U2_MIN	900000
#define V2_U2_MAX	1000000
#define V2_U3		1000000
#define V2_U4		1050000
#define V2_A2		70000
#define V2_W2		300000
#define V2_LAT1		50000
#define V2_LAT2		80000

/* conf,suspend2: two OPPs marked opp-suspend, the faster one listed first. */
#define SUSP_F1		100000000
#define SUSP_F2		200000000

/* conf,hw1: opp-supported-hw of one word; conf,hw2: of two words. */
#define HW_F1		100000000
#define HW_F2		200000000
#define HW_F3		300000000
#define HW_F4		400000000

/* conf,named: opp-microvolt-slow on the first OPP only. */
#define NAMED_F1	100000000
#define NAMED_F2	200000000
#define NAMED_U1	900000
#define NAMED_U1_SLOW	950000
#define NAMED_U2	1000000
#define NAMED_A1	1000
#define NAMED_A1_SLOW	2000

/* conf,level: levels only, no rates. */
#define LVL_1		10
#define LVL_2		20
#define LVL_3		30

/* conf,bw: two interconnect paths. */
#define BW_F1		100000000
#define BW_F2		200000000
#define BW_P1		1000
#define BW_P1B		3000
#define BW_A1		500
#define BW_A1B		1500
#define BW_P2		2000
#define BW_P2B		4000

/* conf,v1: operating-points in kHz and uV, 10 % tolerance. */
#define V1_K1		100000
#define V1_U1		900000
#define V1_K2		200000
#define V1_U2		1000000
#define V1_TOL		10
#define V1_LAT		30000

/* Shared, exclusive and indexed tables. */
#define SH_F1		100000000
#define SH_F2		200000000
#define IDX0_F		100000000
#define IDX1_F		500000000

/* Duplicates and errors. */
#define DUP_F1		100000000
#define DUP_F2		200000000
#define DUP_U1		900000
#define DUP_U1_OTHER	950000
#define DUP_U2		1000000

/* conf_dvfs.dtso: two clocks per OPP, and two supplies per OPP. */
#define MC_LO_CORE	100000000
#define MC_LO_BUS	50000000
#define MC_HI_CORE	300000000
#define MC_HI_BUS	200000000
#define DUAL_F1		100000000
#define DUAL_F2		200000000
#define DUAL_V1		900000
#define DUAL_W1		800000
#define DUAL_V2		1000000
#define DUAL_W2		850000

/* conf_genpd.dtso: a domain with levels, consumers, a plain required table. */
#define DOM_L1		2
#define DOM_L2		5
#define DOM_L3		7	/* a disabled node's */
#define CONS_F1		100000000
#define CONS_F2		200000000
#define REQ_F1		100000000
#define REQ_F2		200000000
#define REQ_F3		300000000
#define RU_F1		400000000
#define RU_F2		800000000
#define RU_F3		900000000
#define CHILD_L1	1
#define CHILD_L2	2

/* conf_cpu.dtso: CPU tables and energy model tables. */
#define CPU_F1		500000000
#define CPU_F2		1000000000
#define CPU_U1		900000
#define CPU_U2		1000000
#define EM_F1		100000000
#define EM_F2		200000000
#define EM_U1		900000
#define EM_U2		1000000
#define EM_CAP		100
#define EM_UW1		5000
#define EM_UW2		12000

/* conf_board.dtso: shapes of real boards' tables. */
#define IMX_LAT		61036
#define RK_LAT		40000
#define RK_SUSPEND	816000000
#define RK_VMAX		1250000
#define SUN_F1		480000000
#define SUN_F2		720000000
#define SUN_S0_U1	880000
#define SUN_S1_U1	820000
#define SUN_S2_U1	800000
#define SUN_S0_U2	880000
#define SUN_S1_U2	840000
#define SUN_S2_U2	820000
#define TEG_F		204000000
#define TEG_U_A		850000
#define TEG_U_B		800000
#define DDR_BW1		200000
#define DDR_BW2		762000
#define DDR_BW3		1720000

/*
 * conf,late-bad: four nodes, the third with two opp-hz values for one
 * clock: the load fails there, after one or two good nodes (whichever
 * order the overlay attached them in).
 */
#define LATE_F1		100000000
#define LATE_F2		200000000
#define LATE_F3		300000000
#define LATE_F_DYN	50000000
#define LATE_U		900000

#endif /* __OPP_CONF_DT_H__ */
