/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Values shared by opp_dvfs_kunit.dtso and dvfs_kunit.c. Plain numbers only:
 * dtc's preprocessor reads this file too. Voltages are multiples of the
 * recording regulator's 5 mV step above 0.5 V.
 */

#ifndef __OPP_DVFS_KUNIT_H__
#define __OPP_DVFS_KUNIT_H__

#define DVFS_F1		100000000
#define DVFS_F2		200000000
#define DVFS_F3		300000000
#define DVFS_V1		800000
#define DVFS_V2		900000
#define DVFS_V3		1000000
#define DVFS_W1		600000
#define DVFS_W3		700000
#define DVFS_L1		1
#define DVFS_L3		3
#define DVFS_B1		1000
#define DVFS_B3		3000

#endif /* __OPP_DVFS_KUNIT_H__ */
