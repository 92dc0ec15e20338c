/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Values shared by opp_debugfs_kunit.dtso and debugfs_kunit.c. Plain numbers
 * only: dtc's preprocessor reads this file too.
 */

#ifndef __OPP_DEBUGFS_KUNIT_H__
#define __OPP_DEBUGFS_KUNIT_H__

/* A power domain's levels, its nodes out of level order. */
#define DBG_L_LOW	16
#define DBG_L_MID	32
#define DBG_L_HIGH	48
#define DBG_L_OFF	64

/* A consumer whose only OPP requires the domain's highest level. */
#define DBG_REQ_F	250000000

/* Bandwidth only, two interconnect paths, the slowest OPP's node between. */
#define DBG_BW_SLOW0	1000
#define DBG_BW_SLOW1	2000
#define DBG_BW_MID0	3000
#define DBG_BW_MID1	5000
#define DBG_BW_FAST0	4000
#define DBG_BW_FAST1	8000
#define DBG_AVG_SLOW0	500
#define DBG_AVG_SLOW1	700

#endif /* __OPP_DEBUGFS_KUNIT_H__ */
