/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Values shared by the device tree fixtures (*.dtso) and of_kunit.c, so that
 * the expectations of the tests cannot drift from the tables they load.
 * Plain numbers only: this file is read by dtc's preprocessor too.
 */

#ifndef __OPP_OF_KUNIT_H__
#define __OPP_OF_KUNIT_H__

/* The binding tutorial's table: two CPUs sharing three OPPs. */
#define SEED_F1		1000000000
#define SEED_F2		1100000000
#define SEED_F3		1200000000
#define SEED_F_OFF	1300000000
#define SEED_V1		990000
#define SEED_V1_MIN	1000000
#define SEED_V1_MAX	1050000
#define SEED_V2		1000000
#define SEED_V2_MIN	990000
#define SEED_V2_MAX	1060000
#define SEED_V3		1100000
#define SEED_A1		70000
#define SEED_A2		80000
#define SEED_LAT1	300000
#define SEED_LAT2	310000
#define SEED_LAT3	290000

/* prop-name: "fast" parts pick other voltages. */
#define NAMED_F1	500000000
#define NAMED_V_PLAIN	900000
#define NAMED_V_FAST	950000
#define NAMED_A_FAST	12000

/* opp-supported-hw: two version words. */
#define HW_F1		400000000
#define HW_F2		600000000
#define HW_F3		800000000

/* required-opps: a power domain with levels and a consumer. */
#define DOM_L1		16
#define DOM_L2		48
#define REQ_F1		200000000
#define REQ_F2		400000000

/* Two OPPs at REQ_F1 told apart by the domain levels they require. */
#define SAME_V1		900000
#define SAME_V2		950000

/* Required OPPs that are disabled: a chain P <- D <- C at two rates. */
#define AV_F1		100000000
#define AV_F2		200000000

/* opp-supported-hw: two OPPs at HW_F1, one per hardware version. */
#define HWDUP_VA	800000
#define HWDUP_VB	850000

/* Regulators configured: voltages of the tables with and without them. */
#define RUV_F1		100000000
#define RUV_F2		200000000
#define RUV_V1		900000

/* Bandwidth only, two interconnect paths. */
#define BW_P1		1000
#define BW_P1B		2000
#define BW_P2		4000
#define BW_P2B		8000
#define BW_A1		500
#define BW_A1B		700

/* The legacy binding: <kHz uV> pairs, tolerance in percent. */
#define V1_K1		300000
#define V1_U1		950000
#define V1_K2		600000
#define V1_U2		1050000
#define V1_TOL		2
#define V1_LAT		150000

/* Lint: unordered nodes, a falling voltage, a repeated node, two suspends. */
#define LINT_F1		100000000
#define LINT_F2		200000000
#define LINT_F3		300000000
#define LINT_V1		800000
#define LINT_V2		900000
#define LINT_V3_LOW	85000

/* OPP i of the huge table (opp_of_big_kunit.dtso, filled at run time). */
#define BIG_RATE(i)	(((i) + 1) * 1000000)
#define BIG_UV(i)	(700000 + (i) * 500)

/*
 * Energy model: one table with voltages for a power coefficient, one with
 * "opp-microwatt". EM_P1 and EM_P2 are EM_COEF * mV^2 * MHz / 10^6 worked
 * out by hand: 100 * 800^2 * 500 / 10^6 and 100 * 1000^2 * 1000 / 10^6.
 */
#define EM_F1		500000000
#define EM_F2		1000000000
#define EM_V1		800000
#define EM_V2		1000000
#define EM_COEF		100
#define EM_P1		32000
#define EM_P2		100000
#define EM_UW1		250000
#define EM_UW2		700000

#endif /* __OPP_OF_KUNIT_H__ */
