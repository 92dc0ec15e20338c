/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Values shared by opp_ti_supply_kunit.dtso and ti_supply_kunit.c. Plain
 * numbers only: dtc's preprocessor reads this file too. The rates and
 * voltages are DRA7's CPU OPPs (NOM, OD, HIGH) and its efuse layout, plus
 * one OPP (PLUS) whose voltage the efuse settings do not list.
 */

#ifndef __TI_SUPPLY_KUNIT_H__
#define __TI_SUPPLY_KUNIT_H__

#define TI_F_NOM	1000000000
#define TI_F_OD		1176000000
#define TI_F_HIGH	1500000000
#define TI_F_PLUS	1600000000

#define TI_V_NOM	1060000
#define TI_V_NOM_MIN	850000
#define TI_V_NOM_MAX	1150000
#define TI_V_OD		1160000
#define TI_V_OD_MIN	885000
#define TI_V_OD_MAX	1160000
#define TI_V_HIGH	1210000
#define TI_V_HIGH_MIN	950000
#define TI_V_HIGH_MAX	1250000
#define TI_V_PLUS	1250000
#define TI_V_PLUS_MIN	950000
#define TI_V_PLUS_MAX	1300000

#define TI_ABS_MAX	1500000
#define TI_OMAP3_MAX	1375000

/* Three efuse words, one per listed voltage. */
#define TI_OFF_NOM	0x0
#define TI_OFF_OD	0x4
#define TI_OFF_HIGH	0x8
#define TI_EFUSE_SIZE	12

#endif /* __TI_SUPPLY_KUNIT_H__ */
